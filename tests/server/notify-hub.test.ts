/**
 * The notification hub against a real broker (RabbitMQ's Web-STOMP on this machine and CI's,
 * ws://127.0.0.1:15674/ws, guest/guest; .ci/run enables it) and real state floors: the local one
 * for one process, two Redis floors for two processes (decision 051). The operator's side is a
 * STOMP client publishing on the broker, as the operator's back end does.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Client } from "@stomp/stompjs";
import { StompTestClient } from "../reference-operator/stomp-support";
import Redis from "ioredis";
import type { StateFloor } from "~/server/state/port";
import type { Delivered, Hub, Listener } from "~/server/notify/hub.server";
import type { Broker } from "~/server/notify/broker.server";

const BROKER_URL = "ws://127.0.0.1:15674/ws";
const REDIS_URL = "redis://127.0.0.1:6379";
const PREFIX = `test-notify-${process.pid}-${randomBytes(3).toString("hex")}:`;
const MERCHANT = "demo";

let hubModule: typeof import("~/server/notify/hub.server");
let brokerModule: typeof import("~/server/notify/broker.server");
let local: StateFloor;
let operator: Client;
const closing: (() => Promise<void>)[] = [];

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "portal-notify-"));
  process.env.SESSION_SECRET = "test-secret-for-vitest-only";
  hubModule = await import("~/server/notify/hub.server");
  brokerModule = await import("~/server/notify/broker.server");
  const { localFloor } = await import("~/server/state/local.server");
  local = localFloor();
  // The operator's back end, publishing on RabbitMQ.
  operator = (await StompTestClient.connect(BROKER_URL, { login: "guest", passcode: "guest" })).client;
});

afterAll(async () => {
  for (const close of closing.reverse()) await close();
  await operator.deactivate();
  await local.close();
  const cleaner = new Redis(REDIS_URL);
  const keys = await cleaner.keys(`${PREFIX}*`);
  if (keys.length) await cleaner.del(...keys);
  cleaner.disconnect();
});

function broker(): Broker {
  const made = brokerModule.stompBroker({ url: BROKER_URL, login: "guest", passcode: "guest", heartbeatMs: 2_000 });
  closing.push(() => made.close());
  return made;
}

function hub(options: Parameters<typeof hubModule.createHub>[1] & { broker?: Broker }): Hub {
  const made = hubModule.createHub(options.broker ?? broker(), options);
  closing.push(() => made.close());
  return made;
}

async function redisFloor(): Promise<StateFloor> {
  const { redisFloor } = await import("~/server/state/redis.server");
  const floor = redisFloor({ url: REDIS_URL, prefix: PREFIX });
  closing.push(() => floor.close());
  return floor;
}

const player = () => {
  const customerId = String(100_000 + Math.floor(Math.random() * 900_000));
  const destination = hubModule.userTopic(MERCHANT, customerId);
  return { destination, notices: hubModule.noticesKey(MERCHANT, customerId) };
};

function publish(destination: string, body: unknown) {
  operator.publish({
    destination,
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
}

const message = (type: string, extra: Record<string, unknown> = {}) => ({
  id: randomBytes(8).toString("hex"),
  type,
  time: Date.now(),
  ...extra,
});

/** A listener that keeps what it is given and lets a test wait for the n-th message. */
function collector(session: string) {
  const got: Delivered[] = [];
  const waiting: { n: number; resolve: () => void }[] = [];
  const listener: Listener = {
    session,
    deliver(delivered) {
      got.push(delivered);
      for (const w of waiting.filter((w) => got.length >= w.n)) w.resolve();
    },
  };
  const count = (n: number) => (got.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ n, resolve })));
  return { listener, got, count };
}

describe("the topics", () => {
  it("are named as the reference operator publishes them (decision 051)", async () => {
    const reference = await import("../../server/operator/notify/topics");
    const token = randomBytes(32).toString("hex");
    expect(hubModule.userTopic(MERCHANT, "10001")).toBe(reference.userTopic(MERCHANT, "10001"));
    expect(hubModule.sessionTopic(MERCHANT, token)).toBe(reference.sessionTopic(MERCHANT, token));
    expect(hubModule.sessionTopic(MERCHANT, token)).not.toContain(token);
  });
});

describe("one process (the local floor)", () => {
  it("hands a message published at the broker to the player's open stream once, keeps it, and shows it to a session once", async () => {
    const topic = player();
    const b = broker();
    const h = hub({ floor: local, broker: b });
    const a = collector("session-a");
    const stop = h.open([{ destination: topic.destination, notices: topic.notices }], a.listener);
    await b.subscribed(topic.destination);
    const sent = message("DEPOSIT", { status: "REJECTED", amount: "100.00", remarks: "wrong account" });
    publish(topic.destination, sent);
    await a.count(1);
    expect(a.got).toEqual([{ ...sent }]);
    // Kept for the next page: not for the session that saw it, once for another.
    expect(await h.takeNotices(topic.notices, "session-a")).toEqual([]);
    const other = await h.takeNotices(topic.notices, "session-b");
    expect(other.map((m) => m.id)).toContain(sent.id);
    expect((await h.takeNotices(topic.notices, "session-b")).map((m) => m.id)).not.toContain(sent.id);
    stop();
  });

  it("gives a stream that broke again what came after the last message its page had, and nothing older", async () => {
    const topic = player();
    const b = broker();
    const h = hub({ floor: local, broker: b });
    const tab = collector("session-asleep");
    h.open([{ destination: topic.destination, notices: topic.notices }], tab.listener);
    await b.subscribed(topic.destination);
    const sent = ["before", "lost 1", "lost 2"].map((text) => message("ONLINE_MSG", { message: text }));
    for (const m of sent) publish(topic.destination, m);
    // All three were written to the stream (and marked shown); the page had only the first.
    await tab.count(3);
    await vi.waitFor(async () => expect((await h.takeNotices(topic.notices, "someone-else")).length).toBe(3));
    expect(await h.takeNotices(topic.notices, "session-asleep")).toEqual([]);
    const again = await h.takeNotices(topic.notices, "session-asleep", 0, sent[0].id);
    expect(again.map((m) => m.id)).toEqual([sent[1].id, sent[2].id]);
    // An id the player's notices do not hold (unknown, or gone from the last 20) gives nothing again.
    expect(await h.takeNotices(topic.notices, "session-asleep", 0, "00000000-0000-0000-0000-000000000000")).toEqual([]);
  });

  it("drops what is not a player message: no delivery, nothing kept", async () => {
    const topic = player();
    const b = broker();
    const h = hub({ floor: local, broker: b });
    const a = collector("session-x");
    h.open([{ destination: topic.destination, notices: topic.notices }], a.listener);
    await b.subscribed(topic.destination);
    for (const body of [
      "not json",
      "[]",
      "null",
      JSON.stringify({ type: "DEPOSIT" }),
      JSON.stringify(message("UNKNOWN")),
      "{".repeat(5000),
    ]) {
      publish(topic.destination, body);
    }
    const last = message("ONLINE_MSG", { message: "after the bad ones" });
    publish(topic.destination, last);
    await a.count(1);
    // The broker keeps a topic's order: had any bad body passed, it would have come first.
    expect(a.got.map((m) => m.id)).toEqual([last.id]);
    const kept = await h.takeNotices(topic.notices, "another-session");
    expect(kept.every((m) => typeof m.id === "string" && m.type !== ("UNKNOWN" as never))).toBe(true);
  });

  it("reports a speed-test task no stream took, once; a task a stream took is not reported", async () => {
    const b = broker();
    const h = hub({ floor: local, broker: b, taskWaitMs: 50 });
    const destination = hubModule.sessionTopic(MERCHANT, randomBytes(16).toString("hex"));
    let report: (id: string) => void = () => undefined;
    const reported = new Promise<string>((resolve) => (report = resolve));
    const unclaimed: string[] = [];
    h.touch([{ destination, onUnclaimedTask: (task) => (unclaimed.push(task.id), report(task.id)) }], "s-task");
    await b.subscribed(destination);
    // No stream: the task's report comes from the holder, once.
    const task = message("SPEED_TEST", { taskId: "t-1", domain: "http://127.0.0.1:9", timeoutThreshold: 3000 });
    publish(destination, task);
    expect(await reported).toBe(task.id);
    // A stream that takes the next task leaves nothing to report.
    const taken = collector("session-t");
    h.open([{ destination }], taken.listener);
    const next = message("SPEED_TEST", { taskId: "t-2", domain: "http://127.0.0.1:9", timeoutThreshold: 3000 });
    publish(destination, next);
    await taken.count(1);
    expect(taken.got.map((m) => m.id)).toEqual([next.id]);
    expect(unclaimed).toEqual([task.id]);
  });

  it("gives up a topic when the last session that wants it ends: at once without a stream, with its last stream otherwise", async () => {
    const b = broker();
    const h = hub({ floor: local, broker: b });
    const user = player();
    const idle = hubModule.sessionTopic(MERCHANT, randomBytes(16).toString("hex"));
    const streamed = hubModule.sessionTopic(MERCHANT, randomBytes(16).toString("hex"));
    // The player is logged in twice: a page without scripts (s-idle) and a page with a stream (s-streamed).
    h.touch([user, { destination: idle }], "s-idle");
    const stream = collector("s-streamed");
    const close = h.open([user, { destination: streamed }], stream.listener);
    await Promise.all([b.subscribed(user.destination), b.subscribed(idle), b.subscribed(streamed)]);
    expect(h.counts()).toMatchObject({ topics: 3, listeners: 2 });

    h.endSession("s-idle");
    // The user topic is still the other session's.
    expect(h.counts().topics).toBe(2);
    h.endSession("s-streamed");
    // Its stream is still closing: both its topics stay until it has.
    expect(h.counts().topics).toBe(2);
    close();
    expect(h.counts()).toMatchObject({ topics: 0, listeners: 0 });
    // No longer this process's at the broker: wanting one again subscribes anew.
    h.touch([{ destination: idle }], "s-idle-2");
    await b.subscribed(idle);
    expect(h.counts().topics).toBe(1);
  });

  it("keeps a topic between pages for the session that still wants it after another logs out", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "Date"] });
    try {
      const b = broker();
      const h = hub({ floor: local, broker: b });
      const user = player();
      h.touch([user], "s-phone");
      h.touch([user], "s-desk");
      h.endSession("s-desk");
      await vi.advanceTimersByTimeAsync(hubModule.LINGER_MS - hubModule.RENEW_MS);
      expect(h.counts().topics).toBe(1);
      // The phone's want runs out LINGER_MS after its page view: the next renewal gives the topic up.
      await vi.advanceTimersByTimeAsync(2 * hubModule.RENEW_MS);
      expect(h.counts().topics).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("listens on the floor again when its channel could not be subscribed (Redis away for a moment)", async () => {
    vi.useFakeTimers({ toFake: ["setInterval"] });
    try {
      let failures = 1;
      const flaky: StateFloor = Object.create(local);
      flaky.subscribe = (channel, listener) =>
        failures-- > 0 ? Promise.reject(new Error("floor away")) : local.subscribe(channel, listener);
      const b = broker();
      const h = hub({ floor: flaky, broker: b });
      const user = player();
      const stream = collector("s-flaky");
      h.open([user], stream.listener);
      // The first take found no channel and did not subscribe at the broker; the renewal tries again.
      await vi.advanceTimersByTimeAsync(hubModule.RENEW_MS);
      await b.subscribed(user.destination);
      const sent = message("ONLINE_MSG", { message: "back" });
      publish(user.destination, sent);
      await stream.count(1);
      expect(stream.got.map((m) => m.id)).toEqual([sent.id]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("never waits on a broker that is not there", async () => {
    const down = brokerModule.stompBroker({ url: "ws://127.0.0.1:9/ws", reconnectMs: 50, maxReconnectMs: 100 });
    closing.push(() => down.close());
    const h = hub({ floor: local, broker: down });
    const started = performance.now();
    const stop = h.open([{ destination: player().destination }], collector("s").listener);
    h.touch([{ destination: player().destination }], "s");
    expect(performance.now() - started).toBeLessThan(50);
    expect(down.connected()).toBe(false);
    stop();
  });
});

describe("two processes (two Redis floors, one broker)", () => {
  it("one of them subscribes; both hand each message to their own streams, each session once", async () => {
    const [floorA, floorB] = [await redisFloor(), await redisFloor()];
    const [brokerA, brokerB] = [broker(), broker()];
    const a = hub({ floor: floorA, self: "process-a", broker: brokerA });
    const b = hub({ floor: floorB, self: "process-b", broker: brokerB });
    const topic = player();
    const wanted = [{ destination: topic.destination, notices: topic.notices }];
    // Session 1 has a tab on each process (one listener, to count what the session saw); session 2 one tab on B.
    const session1 = collector("session-1");
    const session2 = collector("session-2");
    a.open(wanted, session1.listener);
    b.open(wanted, session1.listener);
    b.open(wanted, session2.listener);
    await Promise.race([brokerA.subscribed(topic.destination), brokerB.subscribed(topic.destination)]);
    expect(a.counts().held + b.counts().held).toBe(1);
    // Each process listens on the floor's channel before it could deliver (subscribe resolves once listening).
    const sent = Array.from({ length: 5 }, (_, i) => message("ONLINE_MSG", { message: `m${i}` }));
    for (const m of sent) publish(topic.destination, m);
    const ids = sent.map((m) => m.id).sort();
    await Promise.all([session1.count(5), session2.count(5)]);
    expect(session2.got.map((m) => m.id).sort()).toEqual(ids);
    // Both of session 1's tabs saw the messages announced; each message went to one of them, never both.
    expect(session1.got.map((m) => m.id).sort()).toEqual(ids);
  });

  it("hands a topic over at once when its holder's last session there logs out", async () => {
    const [floorA, floorB] = [await redisFloor(), await redisFloor()];
    // B hears the topic's channel from when its subscription there is made.
    const subscribe = floorB.subscribe.bind(floorB);
    let listening!: Promise<unknown>;
    floorB.subscribe = (channel, listener) => (listening = subscribe(channel, listener));
    const a = hub({ floor: floorA, self: "process-a", broker: broker() });
    const b = hub({ floor: floorB, self: "process-b", broker: broker() });
    const topic = player();
    const wanted = [{ destination: topic.destination, notices: topic.notices }];
    a.touch(wanted, "on-a");
    await vi.waitFor(() => expect(a.counts().held).toBe(1));
    b.touch(wanted, "on-b");
    await listening;
    a.endSession("on-a");
    // Well before B's next renewal (RENEW_MS): the holder said it let go.
    await vi.waitFor(() => expect(b.counts().held).toBe(1), { timeout: hubModule.RENEW_MS / 2 });
    expect(a.counts().topics).toBe(0);
  });
});
