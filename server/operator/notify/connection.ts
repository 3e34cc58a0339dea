/**
 * One client of the embedded broker: the STOMP 1.2 session on one WebSocket. CONNECT (or STOMP)
 * first, with the credentials when the broker has some; then SUBSCRIBE / UNSUBSCRIBE (ack auto
 * only), SEND, DISCONNECT, heart-beats both ways. Anything else, or anything malformed, is answered
 * with ERROR and the connection closes: a protocol error is the client's bug, and a broker that
 * guessed would hide it.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { RawData, WebSocket } from "ws";
import { FrameError, parseFrames, serializeFrame, type Frame } from "./frames";

export interface Subscription {
  id: string;
  destination: string;
  connection: StompConnection;
}

/** What a connection needs of its broker: the routing table and the settings. */
export interface BrokerCore {
  readonly settings: BrokerSettings;
  subscribe(subscription: Subscription): void;
  unsubscribe(subscription: Subscription): void;
  route(destination: string, body: Buffer, contentType: string | undefined): void;
  forget(connection: StompConnection): void;
}

export interface BrokerSettings {
  login?: string;
  passcode?: string;
  /** What the broker offers to send and asks to receive, in ms (0: no heart-beats). */
  heartbeatMs: number;
  maxSubscriptions: number;
  maxFrameBytes: number;
}

/** A client that does not CONNECT within this time holds a socket for nothing. */
const CONNECT_TIMEOUT_MS = 10_000;
/** A client reading slower than the broker writes is dropped before its backlog grows past this. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Routing keys of RabbitMQ's amq.topic: no slash; no wildcard either, the broker matches exact destinations only. */
const DESTINATION = /^\/topic\/[^/\s*#]{1,255}$/;

const CLOSE = { normal: 1000, goingAway: 1001, protocol: 1002, policy: 1008, tooBig: 1009 } as const;

function sameSecret(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? "", "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

export class StompConnection {
  private state: "opening" | "connected" | "closed" = "opening";
  private readonly subscriptions = new Map<string, Subscription>();
  private lastReceived = Date.now();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly connectDeadline: NodeJS.Timeout;
  private readonly closed: Promise<void>;

  constructor(
    private readonly ws: WebSocket,
    private readonly broker: BrokerCore,
  ) {
    this.closed = new Promise((resolve) => ws.once("close", () => resolve()));
    ws.on("message", (data) => this.receive(data));
    ws.on("error", () => ws.terminate());
    ws.once("close", () => {
      this.cleanUp();
      // Only now: the operator's close waits for every socket that is still closing.
      this.broker.forget(this);
    });
    this.connectDeadline = setTimeout(() => this.fail("no CONNECT in time", "", { code: CLOSE.policy }), CONNECT_TIMEOUT_MS).unref();
  }

  private get ended(): boolean {
    return this.state === "closed";
  }

  /** Closes as the operator stops; a client that does not answer the close is cut after a moment. */
  shutdown(): Promise<void> {
    if (this.ws.readyState === this.ws.CLOSED) return Promise.resolve();
    this.ws.close(CLOSE.goingAway, "operator closing");
    setTimeout(() => this.ws.terminate(), 500).unref();
    return this.closed;
  }

  /** A MESSAGE to one of this connection's subscriptions. */
  deliver(subscription: Subscription, messageId: string, body: Buffer, contentType: string | undefined): void {
    const headers: Record<string, string> = {
      subscription: subscription.id,
      "message-id": messageId,
      destination: subscription.destination,
    };
    if (contentType !== undefined) headers["content-type"] = contentType;
    this.send(serializeFrame("MESSAGE", headers, body));
  }

  private every(ms: number, tick: () => void): void {
    const timer = setInterval(tick, ms);
    timer.unref();
    this.timers.push(timer);
  }

  private send(bytes: Buffer | string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.terminate();
      return;
    }
    this.ws.send(bytes);
  }

  private receive(data: RawData): void {
    if (this.state === "closed") return;
    this.lastReceived = Date.now();
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    if (bytes.length > this.broker.settings.maxFrameBytes) {
      this.fail("frame too large", `frames are at most ${this.broker.settings.maxFrameBytes} octets`, { code: CLOSE.tooBig });
      return;
    }
    let frames: Frame[];
    try {
      frames = parseFrames(bytes).frames;
    } catch (error) {
      if (!(error instanceof FrameError)) throw error;
      this.fail("malformed frame", error.message);
      return;
    }
    for (const frame of frames) {
      // A frame may end the connection (DISCONNECT, an ERROR): the rest of the message is not read.
      if (this.ended) return;
      this.handle(frame);
    }
  }

  private handle(frame: Frame): void {
    const receipt = frame.headers.receipt;
    if (this.state === "opening") {
      if (frame.command === "CONNECT" || frame.command === "STOMP") this.connect(frame);
      else this.fail("not connected", `${frame.command} before CONNECT`, { receipt });
      return;
    }
    const refusal = this.act(frame);
    if (refusal) return this.fail(refusal[0], refusal[1], { receipt });
    if (receipt !== undefined) this.send(serializeFrame("RECEIPT", { "receipt-id": receipt }));
    // The receipt first: a client waits for it to know everything it sent was read.
    if (frame.command === "DISCONNECT") this.end(CLOSE.normal);
  }

  /** Carries out a frame of a connected client; answers why not as [message, detail]. */
  private act(frame: Frame): [string, string] | null {
    const { id, destination } = frame.headers;
    switch (frame.command) {
      case "SUBSCRIBE":
        return this.subscribe(frame);
      case "UNSUBSCRIBE": {
        if (!id) return ["malformed frame", "UNSUBSCRIBE needs an id header"];
        const subscription = this.subscriptions.get(id);
        if (subscription) {
          this.subscriptions.delete(id);
          this.broker.unsubscribe(subscription);
        }
        return null;
      }
      case "SEND":
        if (!destination || !DESTINATION.test(destination)) return ["bad destination", "destinations are /topic/<routing key>"];
        if (frame.headers.transaction !== undefined) return ["not supported", "transactions are not supported"];
        this.broker.route(destination, frame.body, frame.headers["content-type"]);
        return null;
      case "DISCONNECT":
        return null;
      case "CONNECT":
      case "STOMP":
        return ["already connected", "CONNECT was sent twice"];
      default:
        // ACK / NACK have nothing to acknowledge with ack auto; BEGIN / COMMIT / ABORT: no transactions.
        return ["not supported", `${frame.command} is not supported (ack auto, no transactions)`];
    }
  }

  private connect(frame: Frame): void {
    const versions = (frame.headers["accept-version"] ?? "1.0").split(",").map((v) => v.trim());
    if (!versions.includes("1.2")) return this.fail("unsupported version", "this broker speaks STOMP 1.2", { headers: { version: "1.2" } });
    const { login, passcode } = this.broker.settings;
    if (login !== undefined && !(sameSecret(frame.headers.login, login) && sameSecret(frame.headers.passcode, passcode ?? "")))
      return this.fail("access refused", "login and passcode are required and must match", { code: CLOSE.policy });
    const parts = /^(\d{1,9}),(\d{1,9})$/.exec(frame.headers["heart-beat"] ?? "0,0");
    if (!parts) return this.fail("malformed frame", "heart-beat is <send ms>,<receive ms>");
    const [clientSends, clientWants] = [Number(parts[1]), Number(parts[2])];
    const own = this.broker.settings.heartbeatMs;
    // STOMP 1.2: each way, the larger of what one side can do and the other wants; 0 on either side is none.
    const outgoing = own === 0 || clientWants === 0 ? 0 : Math.max(own, clientWants);
    const incoming = own === 0 || clientSends === 0 ? 0 : Math.max(own, clientSends);
    this.state = "connected";
    clearTimeout(this.connectDeadline);
    this.send(
      serializeFrame("CONNECTED", {
        version: "1.2",
        "heart-beat": `${own},${own}`,
        session: randomBytes(9).toString("base64url"),
        server: "reference-operator",
      }),
    );
    if (outgoing > 0) this.every(outgoing, () => this.send("\n"));
    if (incoming > 0)
      this.every(incoming, () => {
        // A client silent for more than twice its interval is gone: nobody would read an ERROR.
        if (Date.now() - this.lastReceived > 2 * incoming) this.ws.terminate();
      });
  }

  private subscribe(frame: Frame): [string, string] | null {
    const { id, destination, ack } = frame.headers;
    const { maxSubscriptions } = this.broker.settings;
    if (!id) return ["malformed frame", "SUBSCRIBE needs an id header"];
    if (!destination || !DESTINATION.test(destination)) return ["bad destination", "destinations are /topic/<routing key>"];
    if (ack !== undefined && ack !== "auto") return ["not supported", "only ack:auto is supported"];
    if (this.subscriptions.has(id)) return ["duplicate subscription", `subscription ${id} exists`];
    if (this.subscriptions.size >= maxSubscriptions) return ["too many subscriptions", `at most ${maxSubscriptions} per connection`];
    const subscription: Subscription = { id, destination, connection: this };
    this.subscriptions.set(id, subscription);
    this.broker.subscribe(subscription);
    return null;
  }

  /** ERROR, then the connection closes. */
  private fail(message: string, detail: string, options: { receipt?: string; code?: number; headers?: Record<string, string> } = {}): void {
    const headers: Record<string, string> = { ...options.headers, message, "content-type": "text/plain" };
    if (options.receipt !== undefined) headers["receipt-id"] = options.receipt;
    this.send(serializeFrame("ERROR", headers, detail));
    this.end(options.code ?? CLOSE.protocol);
  }

  private end(code: number): void {
    this.cleanUp();
    this.ws.close(code);
  }

  private cleanUp(): void {
    this.state = "closed";
    clearTimeout(this.connectDeadline);
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    for (const subscription of this.subscriptions.values()) this.broker.unsubscribe(subscription);
    this.subscriptions.clear();
  }
}
