/**
 * STOMP clients for the broker tests: a real stompjs client over `ws` (what the portal will run)
 * and a raw WebSocket that writes frames by hand (for what stompjs never sends). Everything waits
 * for an event with a deadline; nothing sleeps.
 */
import { Client, type IMessage, type StompHeaders } from "@stomp/stompjs";
import WebSocket from "ws";

/** Messages of one subscription, in order; next() waits for the next one. */
export class Mailbox {
  private readonly queue: IMessage[] = [];
  private waiting: ((m: IMessage) => void) | null = null;

  push(message: IMessage): void {
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve(message);
    } else this.queue.push(message);
  }

  next(what = "a message", ms = 5000): Promise<IMessage> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(new Error(`no ${what} within ${ms} ms`));
      }, ms);
      this.waiting = (m) => {
        clearTimeout(timer);
        resolve(m);
      };
    });
  }

  get pending(): number {
    return this.queue.length;
  }
}

export const bodyOf = (m: IMessage) => JSON.parse(m.body) as Record<string, unknown> & { id: string; type: string; time: number };

let receipts = 0;

export class StompTestClient {
  readonly client: Client;
  readonly errors: { headers: StompHeaders; body: string }[] = [];

  private constructor(client: Client) {
    this.client = client;
  }

  /** Connects (rejects on ERROR or a closed socket before CONNECTED). */
  static connect(url: string, headers: StompHeaders = {}, heartbeatMs = 0): Promise<StompTestClient> {
    const client = new Client({
      webSocketFactory: () => new WebSocket(url, ["v12.stomp", "v11.stomp", "v10.stomp"]),
      connectHeaders: headers,
      heartbeatIncoming: heartbeatMs,
      heartbeatOutgoing: heartbeatMs,
      reconnectDelay: 0,
    });
    const wrapper = new StompTestClient(client);
    return new Promise((resolve, reject) => {
      client.onConnect = () => resolve(wrapper);
      client.onStompError = (frame) => {
        wrapper.errors.push({ headers: frame.headers, body: frame.body });
        reject(new Error(`ERROR ${frame.headers.message}`));
      };
      client.onWebSocketClose = (event) => reject(new Error(`closed ${event.code} before CONNECTED`));
      client.activate();
    });
  }

  /** Subscribes and resolves once the broker has the subscription (its RECEIPT came back). */
  async subscribe(destination: string): Promise<{ mailbox: Mailbox; unsubscribe: () => Promise<void> }> {
    const mailbox = new Mailbox();
    const receipt = `sub-${++receipts}`;
    const ready = this.receipt(receipt);
    const subscription = this.client.subscribe(destination, (m) => mailbox.push(m), { receipt });
    await ready;
    return {
      mailbox,
      unsubscribe: async () => {
        const done = `unsub-${++receipts}`;
        const gone = this.receipt(done);
        subscription.unsubscribe({ receipt: done });
        await gone;
      },
    };
  }

  close(): Promise<void> {
    return this.client.deactivate();
  }

  private receipt(id: string): Promise<void> {
    return new Promise((resolve) => this.client.watchForReceipt(id, () => resolve()));
  }
}

/** A WebSocket that speaks frames as text, written by the test. */
export class RawStomp {
  readonly ws: WebSocket;
  readonly frames = new Mailbox();
  readonly closed: Promise<{ code: number; at: number }>;
  readonly opened: Promise<void>;

  constructor(url: string) {
    this.ws = new WebSocket(url, ["v12.stomp"]);
    this.closed = new Promise((resolve) => this.ws.once("close", (code) => resolve({ code, at: Date.now() })));
    this.opened = new Promise((resolve, reject) => {
      this.ws.once("open", () => resolve());
      this.ws.once("error", reject);
    });
    this.ws.on("message", (data) => this.frames.push({ body: String(data) } as IMessage));
  }

  static async open(url: string): Promise<RawStomp> {
    const raw = new RawStomp(url);
    await raw.opened;
    return raw;
  }

  send(text: string | Buffer): void {
    this.ws.send(text);
  }

  /** The next WebSocket message as text (a frame, or "\n" for a heart-beat). */
  async next(what = "a frame", ms = 5000): Promise<string> {
    return (await this.frames.next(what, ms)).body;
  }

  /** The next message that is a frame, skipping heart-beats. */
  async nextFrame(what = "a frame", ms = 5000): Promise<string> {
    for (;;) {
      const text = await this.next(what, ms);
      if (text.trim() !== "") return text;
    }
  }

  /** CONNECT and its CONNECTED. */
  async connect(headers: Record<string, string> = {}): Promise<string> {
    this.send(frame("CONNECT", { "accept-version": "1.2", host: "/", ...headers }));
    const connected = await this.nextFrame("CONNECTED");
    if (!connected.startsWith("CONNECTED\n")) throw new Error(`expected CONNECTED, got ${connected}`);
    return connected;
  }
}

/** A frame as text; the body follows the blank line, then NUL. */
export function frame(command: string, headers: Record<string, string> = {}, body = ""): string {
  return `${command}\n${Object.entries(headers)
    .map(([k, v]) => `${k}:${v}\n`)
    .join("")}\n${body}\0`;
}

/** The value of a header in a frame's text (first occurrence). */
export function headerOf(frameText: string, name: string): string | undefined {
  const head = frameText.split("\n\n")[0];
  return head
    .split("\n")
    .slice(1)
    .find((line) => line.startsWith(`${name}:`))
    ?.slice(name.length + 1);
}
