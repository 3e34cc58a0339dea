/**
 * The process's notification hub (decision 051), made on first use when a broker is configured:
 * `OPERATOR_BROKER_URL`, which the launcher sets to the embedded reference operator's broker.
 * Without one, notifications are off: no stream, and the pages are as they were.
 */
import { config } from "~/server/config.server";
import { state } from "~/server/state/index.server";
import { SESSION_END_CHANNEL, sessionDigest, type PortalSession } from "~/server/session.server";
import type { SpeedTestTask } from "~/features/notify/messages";
import { stompBroker, type Broker } from "./broker.server";
import { createHub, noticesKey, sessionTopic, userTopic, type Hub, type TopicRequest } from "./hub.server";

let made: { hub: Hub; broker: Broker } | null | undefined;

/** The streams of each session this process serves, closed when any process ends the session. */
const streamsBySession = new Map<string, Set<() => void>>();
let hearing: Promise<() => void> | undefined;

/** Closes `close` when the session ends (a logout on any process); the returned function forgets it. */
export function onSessionEnd(session: string, close: () => void): () => void {
  hearSessionEnds();
  let set = streamsBySession.get(session);
  if (!set) streamsBySession.set(session, (set = new Set()));
  set.add(close);
  return () => {
    set.delete(close);
    if (!set.size) streamsBySession.delete(session);
  };
}

/** Every process hears the floor's session ends: their streams close, their session topics go. */
function hearSessionEnds() {
  hearing ??= state().subscribe(SESSION_END_CHANNEL, (ended) => {
    for (const end of streamsBySession.get(ended) ?? []) end();
    // The ended session's topic goes too: its token is no longer the operator's.
    made?.hub.endSession(ended);
  });
  hearing.catch(() => (hearing = undefined));
}

export function notifyHub(): Hub | null {
  if (made === undefined) {
    const c = config();
    if (!c.OPERATOR_BROKER_URL) {
      made = null;
    } else {
      const broker = stompBroker({
        url: c.OPERATOR_BROKER_URL,
        login: c.OPERATOR_BROKER_LOGIN,
        passcode: c.OPERATOR_BROKER_PASSCODE,
        vhost: c.OPERATOR_BROKER_VHOST,
      });
      made = { broker, hub: createHub(broker) };
      hearSessionEnds();
    }
  }
  return made?.hub ?? null;
}

/** The broker connection as the health check reports it ("off" without a broker). */
export function brokerState(): "off" | "idle" | "connecting" | "connected" {
  notifyHub();
  return made ? made.broker.status() : "off";
}

/** Once the broker confirmed this process's subscription to a destination (tests wait on it). */
export function brokerSubscribed(destination: string): Promise<void> {
  notifyHub();
  return made ? made.broker.subscribed(destination) : Promise.reject(new Error("no broker"));
}

export async function closeNotify() {
  const held = made;
  made = undefined;
  const stop = hearing;
  hearing = undefined;
  streamsBySession.clear();
  await stop?.then((unsubscribe) => unsubscribe()).catch(() => undefined);
  if (held) {
    await held.hub.close();
    await held.broker.close();
  }
}

export interface PlayerTopics {
  topics: TopicRequest[];
  /** The player's notices record. */
  notices: string;
  /** The portal session's digest (shown-once claims). */
  session: string;
  /** When the login began: older kept messages are not shown to it. */
  since: number;
}

/**
 * A logged-in player's topics: the user topic by customerId, and the session topic by the
 * token's digest; null for a guest or a session without a customerId. `onUnclaimedTask`: how a
 * speed-test task no page ran is reported.
 */
export function playerTopics(session: PortalSession, onUnclaimedTask?: (task: SpeedTestTask) => void): PlayerTopics | null {
  const token = session.get("token");
  const customerId = session.get("customerId");
  if (!token || !customerId || !session.id) return null;
  const merchantCode = session.get("merchantCode") || config().MERCHANT_CODE;
  const notices = noticesKey(merchantCode, customerId);
  const digest = sessionDigest(session.id);
  return {
    notices,
    session: digest,
    // A session from before logins were timed shows nothing kept, rather than a day of it.
    since: session.get("loggedInAt") ?? Number.MAX_SAFE_INTEGER,
    topics: [
      { destination: userTopic(merchantCode, customerId), notices },
      { destination: sessionTopic(merchantCode, token), onUnclaimedTask },
    ],
  };
}
