/**
 * Publishing to another broker (RabbitMQ's Web-STOMP in CI, decision 051) with @stomp/stompjs over
 * `ws`: the reference operator is then one more STOMP client of that broker, as a real operator's
 * back end is. While the connection is down, messages wait in a bounded queue, oldest dropped first.
 */
import { Client } from "@stomp/stompjs";
import WebSocket from "ws";

export interface ExternalBrokerOptions {
  /** ws:// or wss://, e.g. ws://127.0.0.1:15674/ws */
  url: string;
  login?: string;
  passcode?: string;
  /** The virtual host (CONNECT's host header); RabbitMQ's default is "/". */
  vhost?: string;
  /** Heart-beats both ways in ms; default 10000. */
  heartbeatMs?: number;
  /** Wait before reconnecting in ms; default 2000. */
  reconnectDelayMs?: number;
}

/** Messages kept while the broker is unreachable; a longer outage loses the oldest (counted in `dropped`). */
const MAX_QUEUED = 1000;

export class ExternalPublisher {
  private readonly client: Client;
  private readonly queue: { destination: string; body: string }[] = [];
  private dropped = 0;
  private lastProblem = "";

  constructor(readonly options: ExternalBrokerOptions) {
    if (!/^wss?:\/\//.test(options.url)) throw new Error(`the broker URL must be ws:// or wss://, not ${options.url}`);
    const connectHeaders: Record<string, string> = {};
    if (options.login !== undefined) connectHeaders.login = options.login;
    if (options.passcode !== undefined) connectHeaders.passcode = options.passcode;
    if (options.vhost !== undefined) connectHeaders.host = options.vhost;
    this.client = new Client({
      webSocketFactory: () => new WebSocket(options.url, ["v12.stomp", "v11.stomp", "v10.stomp"]),
      connectHeaders,
      heartbeatIncoming: options.heartbeatMs ?? 10_000,
      heartbeatOutgoing: options.heartbeatMs ?? 10_000,
      reconnectDelay: options.reconnectDelayMs ?? 2000,
      onConnect: () => {
        if (this.lastProblem) console.log(`[reference-operator] broker ${options.url} reached again`);
        this.lastProblem = "";
        this.flush();
      },
      onStompError: (frame) => this.problem(`refused: ${frame.headers.message ?? frame.body}`),
      onWebSocketError: () => this.problem("unreachable"),
    });
    this.client.activate();
  }

  /** Messages lost to a full queue since the start. */
  get droppedCount(): number {
    return this.dropped;
  }

  get connected(): boolean {
    return this.client.connected;
  }

  publish(destination: string, body: string): void {
    this.queue.push({ destination, body });
    if (this.queue.length > MAX_QUEUED) {
      this.queue.shift();
      this.dropped++;
    }
    if (this.client.connected) this.flush();
  }

  close(): Promise<void> {
    return this.client.deactivate();
  }

  private flush(): void {
    while (this.queue.length > 0 && this.client.connected) {
      const { destination, body } = this.queue[0];
      try {
        this.client.publish({ destination, body, headers: { "content-type": "application/json" } });
      } catch {
        return; // the connection went in between: the message waits for the next one
      }
      this.queue.shift();
    }
  }

  /** Logged once per outage, not once per reconnection attempt. */
  private problem(what: string): void {
    if (this.lastProblem === what) return;
    this.lastProblem = what;
    console.warn(`[reference-operator] broker ${this.options.url} ${what}; messages wait (at most ${MAX_QUEUED})`);
  }
}
