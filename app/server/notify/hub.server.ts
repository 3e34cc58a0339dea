/**
 * Who listens to the operator's topics, and how a message reaches a player's pages (decision
 * 051). A topic is wanted by this process while one of its streams is open, or for LINGER_MS
 * after a page view or the last stream of a session (a page without scripts has no stream, and
 * what arrives while the player is between pages is kept for the next page). A logout ends its
 * session's want at once: a topic no other session wants is given up then, not minutes later. Across processes one of them holds the
 * topic's lease on the state floor and subscribes at the broker; it keeps each user message in
 * the player's notices (once) and announces it on the floor, where every process wanting the
 * topic hands it to its own streams. Each message is shown once per session: a claim on the
 * floor decides whether a stream or the next page shows it.
 */
import { createHash, randomUUID } from "node:crypto";
import { state as processFloor } from "~/server/state/index.server";
import type { StateFloor } from "~/server/state/port";
import { readPlayerMessage, readSpeedTestTask, type PlayerMessage, type SpeedTestTask } from "~/features/notify/messages";

/** What a topic carries: a user message, or a session topic's speed-test task. */
export type Delivered = PlayerMessage | SpeedTestTask;

/** A body as the browser may see it, or null (never thrown): the only way in from the broker. */
export function readDelivered(value: unknown): Delivered | null {
  return readPlayerMessage(value) ?? readSpeedTestTask(value);
}
import type { Broker } from "./broker.server";

export const LEASE_MS = 15_000;
export const RENEW_MS = 5_000;
export const LINGER_MS = 5 * 60_000;
/** Messages kept for a player's next page, and for how long. */
export const KEPT_NOTICES = 20;
export const NOTICES_MS = 24 * 60 * 60_000;
const SHOWN_MS = NOTICES_MS;
/** Said on a topic's channel when its holder lets it go. */
const RELEASED = "released";

const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

/** The player's topics, as decision 051 names them; the token never leaves this module's caller. */
export function userTopic(merchantCode: string, customerId: string) {
  return `/topic/user.${merchantCode}.${customerId}`;
}
export function sessionTopic(merchantCode: string, token: string) {
  return `/topic/session.${merchantCode}.${digest(token)}`;
}

export interface Listener {
  /** The portal session's digest: a message is shown once per session. */
  session: string;
  deliver(message: Delivered): void;
}

interface Topic {
  destination: string;
  key: string;
  /** The player's notices record (user topics only). */
  notices: string | null;
  listeners: Set<Listener>;
  /** The sessions that want the topic between pages, and until when (ms). */
  lingering: Map<string, number>;
  held: boolean;
  stopBroker?: () => void;
  stopChannel?: Promise<() => void>;
  /** Speed-test tasks nobody ran are reported by the holder (session topics). */
  onUnclaimedTask?: (task: SpeedTestTask) => void;
  /** The holder's writes of the notices, one after another (a read-modify-write each). */
  writing: Promise<void>;
}

export interface Hub {
  /** A page view of a session (its digest): the player's topics are wanted for LINGER_MS from now. */
  touch(topics: TopicRequest[], session: string): void;
  /** An open stream: the topics are wanted until the returned function is called. */
  open(topics: TopicRequest[], listener: Listener): () => void;
  /**
   * The user messages kept for this session that no stream or page has shown it, from `since`
   * (the login's start, ms) on; now shown. `after`: the last message a page's stream had before it
   * broke (a phone asleep): the kept ones after it are given again even if marked shown, as they
   * may have been written into the dead connection.
   */
  takeNotices(customerKey: string, session: string, since?: number, after?: string): Promise<PlayerMessage[]>;
  /**
   * A session ended (a logout, on any process): it no longer wants any topic here. A topic that
   * no other session wants is dropped now, or with its last stream if one is still closing.
   */
  endSession(session: string): void;
  /** How many topics this process wants, holds, and how many streams it serves (bench, tests). */
  counts(): { topics: number; held: number; listeners: number };
  close(): Promise<void>;
}

export interface TopicRequest {
  destination: string;
  /** For a user topic: the key of the player's notices (noticesKey). */
  notices?: string;
  onUnclaimedTask?: (task: SpeedTestTask) => void;
}

/** The notices record of a player, by merchant and customerId. */
export const noticesKey = (merchantCode: string, customerId: string) => digest(`${merchantCode}:${customerId}`);

/** How long the holder waits for a stream to take a speed-test task before reporting it not run. */
export const TASK_WAIT_MS = 5_000;

export interface HubOptions {
  /** This process's name on the leases. */
  self?: string;
  /** The state floor (the process's own unless a test gives one per "process"). */
  floor?: StateFloor;
  taskWaitMs?: number;
}

export function createHub(broker: Broker, options: HubOptions = {}): Hub {
  const self = options.self ?? randomUUID();
  const now = Date.now;
  const state = () => options.floor ?? processFloor();
  const taskWaitMs = options.taskWaitMs ?? TASK_WAIT_MS;
  const topics = new Map<string, Topic>();
  /** Sessions that ended lately: a stream of one that closes afterwards does not want its topics on. */
  const ended = new Map<string, number>();
  let warned = false;
  const quietly = (what: string) => (error: unknown) => {
    if (warned) return;
    warned = true;
    console.warn(`notify: ${what} failed (${error instanceof Error ? error.message : "unknown"}); trying again`);
  };

  async function keep(topic: Topic, message: Delivered) {
    if (!topic.notices || message.type === "SPEED_TEST") return;
    const store = state().records("notices");
    const kept = JSON.parse((await store.get(topic.notices)) ?? "[]") as Delivered[];
    if (kept.some((m) => m.id === message.id)) return;
    kept.push(message);
    await store.set(topic.notices, JSON.stringify(kept.slice(-KEPT_NOTICES)), now() + NOTICES_MS);
  }

  /** The holder's: a body from the broker, checked, kept, and announced to every process. */
  function fromBroker(topic: Topic, body: string) {
    let message: Delivered | null = null;
    try {
      message = readDelivered(JSON.parse(body));
    } catch {
      message = null;
    }
    if (!message) return;
    const announced = message;
    topic.writing = topic.writing
      .then(() => keep(topic, announced))
      .then(() => state().publish(`notify:${topic.key}`, JSON.stringify(announced)))
      .catch(quietly("keeping a message"));
    if (announced.type === "SPEED_TEST" && topic.onUnclaimedTask) {
      const report = topic.onUnclaimedTask;
      const task = announced;
      setTimeout(() => {
        void state()
          .claim(`notify-task:${task.id}`, SHOWN_MS)
          .then((unclaimed) => unclaimed && report(task))
          .catch(quietly("reporting a task"));
      }, taskWaitMs).unref();
    }
  }

  /** Every process's: a message announced for a topic goes to this process's streams of it. */
  function fromChannel(topic: Topic, text: string) {
    // The holder gave the topic up (its sessions left): one that still wants it takes it now, not at its next renewal.
    if (text === RELEASED) {
      if (!topic.held) void take(topic);
      return;
    }
    let message: Delivered | null = null;
    try {
      message = readDelivered(JSON.parse(text));
    } catch {
      message = null;
    }
    if (!message) return;
    const bySession = new Map<string, Listener[]>();
    for (const listener of topic.listeners) bySession.set(listener.session, [...(bySession.get(listener.session) ?? []), listener]);
    for (const [session, listeners] of bySession) {
      const shown = message.type === "SPEED_TEST" ? `notify-task:${message.id}` : `notify-shown:${session}:${message.id}`;
      const delivered = message;
      void state()
        .claim(shown, SHOWN_MS)
        .then((first) => {
          if (first) for (const listener of listeners) listener.deliver(delivered);
        })
        .catch(quietly("showing a message"));
    }
  }

  function want(request: TopicRequest): Topic {
    const key = digest(request.destination);
    let topic = topics.get(key);
    if (!topic) {
      topic = {
        destination: request.destination,
        key,
        notices: request.notices ?? null,
        listeners: new Set(),
        lingering: new Map(),
        held: false,
        onUnclaimedTask: request.onUnclaimedTask,
        writing: Promise.resolve(),
      };
      topics.set(key, topic);
      listen(topic);
      void take(topic);
    }
    return topic;
  }

  /** Listens on the floor's channel of the topic; a failed subscription is tried again by the next take. */
  function listen(topic: Topic) {
    const channel = state().subscribe(`notify:${topic.key}`, (text) => fromChannel(topic, text));
    topic.stopChannel = channel;
    channel.catch((error) => {
      if (topic.stopChannel === channel) topic.stopChannel = undefined;
      quietly("listening on the floor")(error);
    });
  }

  async function take(topic: Topic) {
    try {
      if (!topic.stopChannel) listen(topic);
      // The holder listens on the floor before it subscribes at the broker, so that what it
      // announces reaches its own streams too.
      await topic.stopChannel;
      const mine = await state().lease(`notify:${topic.key}`, self, LEASE_MS);
      if (topics.get(topic.key) !== topic) return;
      if (mine && !topic.held) {
        topic.held = true;
        topic.stopBroker = broker.subscribe(topic.destination, (body) => fromBroker(topic, body));
      } else if (!mine && topic.held) {
        letGo(topic);
      }
    } catch (error) {
      quietly("a lease")(error);
    }
  }

  function letGo(topic: Topic) {
    topic.held = false;
    topic.stopBroker?.();
    topic.stopBroker = undefined;
  }

  async function drop(topic: Topic) {
    // Dropped twice (its session ended as its last stream closed): the second is a no-op.
    if (topics.get(topic.key) !== topic) return;
    topics.delete(topic.key);
    const held = topic.held;
    letGo(topic);
    void topic.stopChannel?.then((stop) => stop()).catch(() => undefined);
    if (held)
      await state()
        .unlease(`notify:${topic.key}`, self)
        .then(() => state().publish(`notify:${topic.key}`, RELEASED))
        .catch(() => undefined);
  }

  /** Whether a topic is still wanted: by a stream, or by a session between pages. Forgets expired wants. */
  function wanted(topic: Topic): boolean {
    const at = now();
    for (const [session, until] of topic.lingering) if (until <= at) topic.lingering.delete(session);
    return topic.listeners.size > 0 || topic.lingering.size > 0;
  }

  const linger = (topic: Topic, session: string) =>
    topic.lingering.set(session, Math.max(topic.lingering.get(session) ?? 0, now() + LINGER_MS));

  const timer = setInterval(() => {
    for (const [session, at] of ended) if (at + LINGER_MS <= now()) ended.delete(session);
    for (const topic of topics.values()) {
      if (wanted(topic)) void take(topic);
      else void drop(topic);
    }
  }, RENEW_MS);
  timer.unref();

  return {
    touch(requests, session) {
      // A session that ended and is seen again (its cookie came back with a new login) wants anew.
      ended.delete(session);
      for (const request of requests) linger(want(request), session);
    },
    open(requests, listener) {
      const topicsOfStream = requests.map((request) => want(request));
      for (const topic of topicsOfStream) topic.listeners.add(listener);
      return () => {
        for (const topic of topicsOfStream) {
          topic.listeners.delete(listener);
          // What arrives after the session's last page closed is still kept for its next one, for a while.
          if (!ended.has(listener.session)) linger(topic, listener.session);
          if (!wanted(topic)) void drop(topic);
        }
      };
    },
    endSession(session) {
      ended.set(session, now());
      for (const topic of [...topics.values()]) {
        topic.lingering.delete(session);
        if (!wanted(topic)) void drop(topic);
      }
    },
    async takeNotices(customerKey, session, since = 0, after) {
      const kept = JSON.parse((await state().records("notices").get(customerKey)) ?? "[]") as unknown[];
      const shown: PlayerMessage[] = [];
      let replay = false;
      for (const value of kept) {
        const message = readPlayerMessage(value);
        if (!message || message.time < since) continue;
        if (message.id === after) {
          replay = true;
          continue;
        }
        const first = await state().claim(`notify-shown:${session}:${message.id}`, SHOWN_MS);
        if (first || replay) shown.push(message);
      }
      return shown;
    },
    counts() {
      let held = 0;
      let listeners = 0;
      for (const topic of topics.values()) {
        if (topic.held) held++;
        listeners += topic.listeners.size;
      }
      return { topics: topics.size, held, listeners };
    },
    async close() {
      clearInterval(timer);
      await Promise.all([...topics.values()].map((topic) => drop(topic)));
    },
  };
}
