/**
 * The notification hub against a real broker (RabbitMQ's Web-STOMP on this machine and CI's,
 * ws://127.0.0.1:15674/ws, guest/guest; .ci/run enables it) and real state floors: the local one
 * for one process, two Redis floors for two processes (decision 051). The operator's side is a
 * STOMP client publishing on the broker, as the operator's back end does.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

/** Until the hub's holder has subscribed at the broker (RabbitMQ drops what nobody listens to). */
async function subscribed(hubs: Hub[], topics: number) {
  const deadline = Date.now() + 10_000;
  while (hubs.reduce((n, h) => n + h.counts().held, 0) < topics) {
    if (Date.now() > deadline) throw new Error("no holder subscribed");
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  // The SUBSCRIBE frame is on its way with the flag set: a receipt-less broker needs a moment,
  // which a probe message through the same topic measures instead of a timer.
}

async function probeUntilHeard(destination: string, heard: () => number) {
  const before = heard();
  for (let attempt = 0; attempt < 200 && heard() === before; attempt++) {
    publish(destination, message("ONLINE_MSG", { message: "probe" }));
    await new Promise<void>((resolve) => setTimeout(resolve, 25));
  }
  if (heard() === before) throw new Error("the topic never delivered");
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
    const h = hub({ floor: local });
    const a = collector("session-a");
    const stop = h.open([{ destination: topic.destination, notices: topic.notices }], a.listener);
    await subscribed([h], 1);
    await probeUntilHeard(topic.destination, () => a.got.length);
    const sent = message("DEPOSIT", { status: "REJECTED", amount: "100.00", remarks: "wrong account" });
    publish(topic.destination, sent);
    await a.count(a.got.filter((m) => m.type === "ONLINE_MSG").length + 1);
    const deposits = a.got.filter((m) => m.id === sent.id);
    expect(deposits).toEqual([{ ...sent }]);
    // Kept for the next page: not for the session that saw it, once for another.
    expect(await h.takeNotices(topic.notices, "session-a")).toEqual([]);
    const other = await h.takeNotices(topic.notices, "session-b");
    expect(other.map((m) => m.id)).toContain(sent.id);
    expect((await h.takeNotices(topic.notices, "session-b")).map((m) => m.id)).not.toContain(sent.id);
    stop();
  });

  it("drops what is not a player message: no delivery, nothing kept", async () => {
    const topic = player();
    const h = hub({ floor: local });
    const a = collector("session-x");
    h.open([{ destination: topic.destination, notices: topic.notices }], a.listener);
    await subscribed([h], 1);
    await probeUntilHeard(topic.destination, () => a.got.length);
    const seen = a.got.length;
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
    await a.count(seen + 1);
    expect(a.got.slice(seen).map((m) => m.id)).toEqual([last.id]);
    const kept = await h.takeNotices(topic.notices, "another-session");
    expect(kept.every((m) => typeof m.id === "string" && m.type !== ("UNKNOWN" as never))).toBe(true);
  });

  it("reports a speed-test task no stream took, once; a task a stream took is not reported", async () => {
    const h = hub({ floor: local, taskWaitMs: 50 });
    const destination = hubModule.sessionTopic(MERCHANT, randomBytes(16).toString("hex"));
    let report: (id: string) => void = () => undefined;
    const reported = new Promise<string>((resolve) => (report = resolve));
    const unclaimed: string[] = [];
    h.touch([{ destination, onUnclaimedTask: (task) => (unclaimed.push(task.id), report(task.id)) }]);
    await subscribed([h], 1);
    // No stream: the task's report comes from the holder.
    const task = message("SPEED_TEST", { taskId: "t-1", domain: "http://127.0.0.1:9", timeoutThreshold: 3000 });
    for (let i = 0; i < 200 && !unclaimed.length; i++) {
      publish(destination, { ...task, id: `${task.id}-${i}` });
      const first = await Promise.race([reported, new Promise<null>((resolve) => setTimeout(() => resolve(null), 100))]);
      if (first) break;
    }
    expect(unclaimed.length).toBeGreaterThanOrEqual(1);
    expect(new Set(unclaimed).size).toBe(unclaimed.length);
  });

  it("never waits on a broker that is not there", async () => {
    const down = brokerModule.stompBroker({ url: "ws://127.0.0.1:9/ws", reconnectMs: 50, maxReconnectMs: 100 });
    closing.push(() => down.close());
    const h = hub({ floor: local, broker: down });
    const started = performance.now();
    const stop = h.open([{ destination: player().destination }], collector("s").listener);
    h.touch([{ destination: player().destination }]);
    expect(performance.now() - started).toBeLessThan(50);
    expect(down.connected()).toBe(false);
    stop();
  });
});

describe("two processes (two Redis floors, one broker)", () => {
  it("one of them subscribes; both hand each message to their own streams, each session once", async () => {
    const [floorA, floorB] = [await redisFloor(), await redisFloor()];
    const a = hub({ floor: floorA, self: "process-a" });
    const b = hub({ floor: floorB, self: "process-b" });
    const topic = player();
    const onA = collector("session-1");
    const onB = collector("session-2");
    // The same session's second tab on the other process: it gets what the first did not show.
    const onB1 = collector("session-1");
    a.open([{ destination: topic.destination, notices: topic.notices }], onA.listener);
    b.open([{ destination: topic.destination, notices: topic.notices }], onB.listener);
    b.open([{ destination: topic.destination, notices: topic.notices }], onB1.listener);
    await subscribed([a, b], 1);
    expect(a.counts().held + b.counts().held).toBe(1);
    await probeUntilHeard(topic.destination, () => onB.got.length);
    const sent = Array.from({ length: 5 }, (_, i) => message("ONLINE_MSG", { message: `m${i}` }));
    for (const m of sent) publish(topic.destination, m);
    const ids = sent.map((m) => m.id);
    const heardBy = (c: ReturnType<typeof collector>) => c.got.filter((m) => ids.includes(m.id)).map((m) => m.id);
    const deadline = Date.now() + 10_000;
    while ((heardBy(onB).length < 5 || heardBy(onA).length + heardBy(onB1).length < 5) && Date.now() < deadline) {
      await new Promise<void>((resolve) => setTimeout(resolve, 20));
    }
    expect(heardBy(onB).sort()).toEqual([...ids].sort());
    // Session 1 has a stream on each process: each message went to one of them, never both.
    expect([...heardBy(onA), ...heardBy(onB1)].sort()).toEqual([...ids].sort());
  });
});
