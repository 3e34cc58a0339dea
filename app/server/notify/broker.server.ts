/**
 * The operator's broker as this process sees it (decision 051): one STOMP-over-WebSocket
 * connection (@stomp/stompjs on `ws`) carrying every destination this process listens to, with
 * heart-beats both ways and reconnection with a doubling back-off. A broker that is down never
 * reaches a page view: subscribing only notes the wish, and the subscriptions are made (again)
 * whenever the connection is up.
 */
import { Client, ReconnectionTimeMode, type StompSubscription } from "@stomp/stompjs";
import WebSocket from "ws";

export interface BrokerOptions {
  url: string;
  login?: string;
  passcode?: string;
  vhost?: string;
  /** Heart-beats each way (0: none). */
  heartbeatMs?: number;
  /** The first reconnection delay; it doubles up to `maxReconnectMs`. */
  reconnectMs?: number;
  maxReconnectMs?: number;
}

export interface Broker {
  /** Listens to a destination while the returned function has not been called. */
  subscribe(destination: string, onBody: (body: string) => void): () => void;
  /** Whether the connection is up now. */
  connected(): boolean;
  /** The health check's: "idle" before anything was subscribed. */
  status(): "idle" | "connecting" | "connected";
  /** Destinations listened to (the bench's and the tests'). */
  destinations(): number;
  /**
   * Resolves once the broker has confirmed a subscription to the destination (its RECEIPT): a
   * broker such as RabbitMQ drops what is published to a topic nobody listens to yet.
   */
  subscribed(destination: string): Promise<void>;
  close(): Promise<void>;
}

interface Wanted {
  listeners: Set<(body: string) => void>;
  subscription?: StompSubscription;
}

export function stompBroker(options: BrokerOptions): Broker {
  const wanted = new Map<string, Wanted>();
  const confirmed = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  let receipts = 0;
  const heartbeat = options.heartbeatMs ?? 10_000;
  const client = new Client({
    webSocketFactory: () => new WebSocket(options.url) as unknown as globalThis.WebSocket,
    connectHeaders: {
      ...(options.login !== undefined ? { login: options.login } : {}),
      ...(options.passcode !== undefined ? { passcode: options.passcode } : {}),
      ...(options.vhost !== undefined ? { host: options.vhost } : {}),
    },
    heartbeatIncoming: heartbeat,
    heartbeatOutgoing: heartbeat,
    reconnectDelay: options.reconnectMs ?? 1_000,
    reconnectTimeMode: ReconnectionTimeMode.EXPONENTIAL,
    maxReconnectDelay: options.maxReconnectMs ?? 30_000,
    connectionTimeout: 10_000,
    // A half-open connection (heart-beats missed) is dropped and made again rather than waited on.
    discardWebsocketOnCommFailure: true,
    debug: () => undefined,
  });
  let reported = false;
  client.onConnect = () => {
    if (reported) console.log("broker: connected again");
    reported = false;
    for (const [destination, entry] of wanted) listen(destination, entry);
  };
  client.onWebSocketClose = () => {
    confirmed.clear();
    for (const entry of wanted.values()) entry.subscription = undefined;
    if (!reported && client.active) console.warn("broker: connection lost; reconnecting with back-off");
    reported = true;
  };
  client.onStompError = (frame) => console.warn(`broker: error frame (${frame.headers.message ?? "no message"})`);

  function listen(destination: string, entry: Wanted) {
    if (!client.connected) return;
    const receipt = `subscribed-${++receipts}`;
    client.watchForReceipt(receipt, () => {
      if (wanted.get(destination) !== entry) return;
      confirmed.add(destination);
      for (const resolve of waiting.get(destination) ?? []) resolve();
      waiting.delete(destination);
    });
    entry.subscription = client.subscribe(
      destination,
      (message) => {
        for (const listener of entry.listeners) listener(message.body);
      },
      { receipt },
    );
  }

  return {
    subscribe(destination, onBody) {
      let entry = wanted.get(destination);
      if (!entry) {
        entry = { listeners: new Set() };
        wanted.set(destination, entry);
        listen(destination, entry);
      }
      entry.listeners.add(onBody);
      if (!client.active) client.activate();
      const held = entry;
      return () => {
        if (!held.listeners.delete(onBody) || held.listeners.size) return;
        wanted.delete(destination);
        confirmed.delete(destination);
        if (held.subscription && client.connected) held.subscription.unsubscribe();
        held.subscription = undefined;
      };
    },
    connected: () => client.connected,
    status: () => (client.connected ? "connected" : client.active ? "connecting" : "idle"),
    destinations: () => wanted.size,
    subscribed(destination) {
      if (confirmed.has(destination)) return Promise.resolve();
      return new Promise((resolve) => waiting.set(destination, [...(waiting.get(destination) ?? []), resolve]));
    },
    async close() {
      wanted.clear();
      confirmed.clear();
      waiting.clear();
      await client.deactivate();
    },
  };
}
