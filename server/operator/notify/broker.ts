/**
 * The embedded STOMP 1.2 broker (decision 051): `ws` on the operator's own HTTP server, upgrades
 * of `/ws/stomp` only, exact `/topic/<routing key>` destinations. It holds no messages: a
 * publication reaches the subscriptions that exist at that moment, as RabbitMQ's amq.topic does.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { StompConnection, type BrokerCore, type BrokerSettings, type Subscription } from "./connection";

export const STOMP_PATH = "/ws/stomp";

export interface EmbeddedBrokerOptions {
  /** When set, CONNECT must carry this login and passcode. */
  login?: string;
  passcode?: string;
  /** The heart-beat the broker offers and asks for, in ms; default 10000, 0 for none. */
  heartbeatMs?: number;
  /** Default 5000; an upgrade beyond is answered 503. */
  maxConnections?: number;
  /** Default 50,000 per connection (a portal process holds all its players' topics on one). */
  maxSubscriptions?: number;
  /** Default 64 KiB per WebSocket message (frame). */
  maxFrameBytes?: number;
}

export class EmbeddedBroker implements BrokerCore {
  readonly settings: BrokerSettings;
  private readonly maxConnections: number;
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<StompConnection>();
  private readonly byDestination = new Map<string, Set<Subscription>>();
  private messageCount = 0;
  private closing: Promise<void> | null = null;
  /** Until when (ms) a restart keeps the broker away: upgrades are refused as a stopped broker's would be. */
  private downUntil = 0;

  constructor(options: EmbeddedBrokerOptions = {}) {
    if ((options.login === undefined) !== (options.passcode === undefined)) throw new Error("the broker's login and passcode go together");
    this.settings = {
      login: options.login,
      passcode: options.passcode,
      heartbeatMs: options.heartbeatMs ?? 10_000,
      // A portal process holds every topic its players want on its one connection (decision 051):
      // a limit fit for a browser's connection would cut it off at the fifty-first player.
      maxSubscriptions: options.maxSubscriptions ?? 50_000,
      maxFrameBytes: options.maxFrameBytes ?? 64 * 1024,
    };
    this.maxConnections = options.maxConnections ?? 5000;
    this.wss = new WebSocketServer({
      noServer: true,
      // Up to twice the frame limit is read and answered with ERROR; beyond that ws closes with 1009 unread.
      maxPayload: 2 * this.settings.maxFrameBytes,
      // stompjs and browsers offer v10.stomp, v11.stomp, v12.stomp: this broker speaks 1.2.
      handleProtocols: (protocols) => (protocols.has("v12.stomp") ? "v12.stomp" : (protocols.values().next().value ?? false)),
    });
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** The HTTP server's upgrade event: `/ws/stomp` becomes a connection, any other path is refused. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on("error", () => socket.destroy());
    const path = new URL(req.url ?? "/", "http://operator.invalid").pathname;
    if (path !== STOMP_PATH) return refuse(socket, 404, "Not Found");
    if (this.closing || Date.now() < this.downUntil) return refuse(socket, 503, "Service Unavailable");
    if (this.connections.size >= this.maxConnections) return refuse(socket, 503, "Service Unavailable");
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      // Upgrades in flight may pass the check together: the limit holds once they are open.
      if (this.closing || this.connections.size >= this.maxConnections) {
        ws.close(1013, "too many connections");
        return;
      }
      this.connections.add(new StompConnection(ws, this));
    });
  }

  /** How many subscriptions a destination has now (a test waits for the portal's before it publishes). */
  subscriberCount(destination: string): number {
    return this.byDestination.get(destination)?.size ?? 0;
  }

  /** Delivers a message to the current subscribers of a destination; answers how many got it. */
  deliver(destination: string, body: string | Buffer, contentType?: string): number {
    const subscriptions = this.byDestination.get(destination);
    if (!subscriptions) return 0;
    const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
    const messageId = `m-${++this.messageCount}`;
    // A copy: a delivery that drops a slow client changes the set.
    const receivers = [...subscriptions];
    for (const subscription of receivers) subscription.connection.deliver(subscription, messageId, bytes, contentType);
    return receivers.length;
  }

  route(destination: string, body: Buffer, contentType: string | undefined): void {
    this.deliver(destination, body, contentType);
  }

  subscribe(subscription: Subscription): void {
    let set = this.byDestination.get(subscription.destination);
    if (!set) this.byDestination.set(subscription.destination, (set = new Set()));
    set.add(subscription);
  }

  unsubscribe(subscription: Subscription): void {
    const set = this.byDestination.get(subscription.destination);
    if (!set) return;
    set.delete(subscription);
    if (set.size === 0) this.byDestination.delete(subscription.destination);
  }

  forget(connection: StompConnection): void {
    this.connections.delete(connection);
  }

  /**
   * A back office's restart: every connection is closed (1001) and their subscriptions are gone,
   * as a broker's are when it stops; new connections are refused for `downMs`, then taken again.
   */
  async restart(downMs: number): Promise<void> {
    this.downUntil = Date.now() + downMs;
    await Promise.all([...this.connections].map((c) => c.shutdown()));
  }

  /** Closes every connection (close 1001) and stops taking new ones. */
  close(): Promise<void> {
    this.closing ??= Promise.all([...this.connections].map((c) => c.shutdown())).then(
      () => new Promise<void>((resolve) => this.wss.close(() => resolve())),
    );
    return this.closing;
  }
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
