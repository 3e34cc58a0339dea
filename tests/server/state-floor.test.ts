/**
 * The state floor's two adapters keep the same promises (decision 050): the local one (SQLite and
 * memory) and Redis (127.0.0.1:6379, as on CI; a prefix of this run's own keeps it apart). The
 * same contract runs against both.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StateFloor } from "~/server/state/port";

const REDIS_URL = "redis://127.0.0.1:6379";
const PREFIX = `test-floor-${process.pid}-${randomBytes(3).toString("hex")}:`;

let local: StateFloor;
let redis: StateFloor;

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "portal-floor-"));
  process.env.SESSION_SECRET = "test-secret-for-vitest-only";
  const { localFloor } = await import("~/server/state/local.server");
  const { redisFloor } = await import("~/server/state/redis.server");
  local = localFloor();
  redis = redisFloor({ url: REDIS_URL, prefix: PREFIX });
});

afterAll(async () => {
  const cleaner = new Redis(REDIS_URL);
  const keys = await cleaner.keys(`${PREFIX}*`);
  if (keys.length) await cleaner.del(...keys);
  cleaner.disconnect();
  await redis.close();
  await local.close();
});

const floors = () =>
  [
    ["local", local],
    ["redis", redis],
  ] as const;

describe.each(["local", "redis"] as const)("the %s floor", (name) => {
  const floor = () => Object.fromEntries(floors())[name] as StateFloor;
  const id = () => randomBytes(8).toString("hex");

  it("keeps a record until it ends, and deletes it", async () => {
    const rows = floor().records("sessions");
    const a = id();
    await rows.set(a, "sealed-a", Date.now() + 60_000);
    expect(await rows.get(a)).toBe("sealed-a");
    await rows.set(a, "sealed-a2", Date.now() + 60_000);
    expect(await rows.get(a)).toBe("sealed-a2");
    await rows.delete(a);
    expect(await rows.get(a)).toBeNull();
    const ended = id();
    await rows.set(ended, "old", Date.now() - 1);
    expect(await rows.get(ended)).toBeNull();
    // The stores are apart: a device's login state is not a session.
    await floor()
      .records("loginStates")
      .set(a, "{}", Date.now() + 60_000);
    expect(await rows.get(a)).toBeNull();
  });

  it("holds a secret until it ends, counts wrong attempts, and forgets it", async () => {
    const s = id();
    await floor().secrets.put(s, Buffer.from("sealed bytes"), Date.now() + 60_000);
    const held = await floor().secrets.get(s);
    expect(held?.sealed.toString()).toBe("sealed bytes");
    expect(held!.expiresAt).toBeGreaterThan(Date.now() + 55_000);
    expect(await floor().secrets.countWrong(s)).toBe(1);
    expect(await floor().secrets.countWrong(s)).toBe(2);
    await floor().secrets.delete(s);
    expect(await floor().secrets.get(s)).toBeNull();
    expect(await floor().secrets.countWrong(s)).toBe(0);
  });

  it("claims a one-time key once, however many ask at the same moment", async () => {
    const key = id();
    const claims = await Promise.all(Array.from({ length: 8 }, () => floor().once.claim(key, "owner-1", Date.now(), 60_000)));
    expect(claims.filter((c) => c.claimed)).toHaveLength(1);
    const other = claims.find((c) => !c.claimed);
    expect(other).toMatchObject({ claimed: false, row: { state: "running", attempt: 1 } });
  });

  it("gives a released key to one retry with the next attempt; a settled key is replayed, not run", async () => {
    const key = id();
    expect(await floor().once.claim(key, "owner-2", Date.now(), 60_000)).toEqual({ claimed: true, attempt: 1 });
    await floor().once.settle(key, "released", null);
    const retries = await Promise.all([1, 2, 3].map(() => floor().once.claim(key, "owner-2", Date.now(), 60_000)));
    expect(retries.filter((c) => c.claimed)).toEqual([{ claimed: true, attempt: 2 }]);
    await floor().once.settle(key, "done", "sealed answer");
    expect(await floor().once.claim(key, "owner-2", Date.now(), 60_000)).toMatchObject({
      claimed: false,
      row: { state: "done", attempt: 2, answer: "sealed answer" },
    });
    await floor().once.drop(key);
    expect(await floor().once.read(key)).toBeNull();
  });

  it("keeps an owner's keys within the cap, dropping the oldest settled ones and never one running", async () => {
    const owner = `owner-${id()}`;
    const keys = Array.from({ length: 5 }, () => id());
    for (const [i, key] of keys.entries()) {
      await floor().once.claim(key, owner, Date.now() + i, 60_000);
      if (i > 0) await floor().once.settle(key, "done", null);
    }
    await floor().once.cap(owner, 3);
    const states = await Promise.all(keys.map((key) => floor().once.read(key)));
    // The first is still running: kept. Of the settled ones the two oldest go.
    expect(states.map((s) => s?.state ?? null)).toEqual(["running", null, null, "done", "done"]);
  });

  it("counts a limit across every caller, answers how long to wait, and gives back a reserved attempt", async () => {
    const limiter = floor().limiter(`t-${id()}`, 3, 60_000);
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limiter.hit("k"));
    expect(verdicts.slice(0, 3).every((v) => v.allowed)).toBe(true);
    expect(verdicts[3]).toMatchObject({ allowed: false });
    expect((verdicts[3] as { retryAfterS: number }).retryAfterS).toBeGreaterThan(0);
    expect((verdicts[3] as { retryAfterS: number }).retryAfterS).toBeLessThanOrEqual(60);
    const reserving = floor().limiter(`r-${id()}`, 1, 60_000);
    const first = await reserving.reserve("k");
    expect(first.allowed).toBe(true);
    if (first.allowed) await first.release();
    expect((await reserving.reserve("k")).allowed).toBe(true);
    expect((await reserving.reserve("k")).allowed).toBe(false);
  });

  it("claims a marker for the first caller only", async () => {
    const key = id();
    const claims = await Promise.all([1, 2, 3].map(() => floor().claim(key, 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it("announces a message to the channel's listeners, from when listening begins", async () => {
    const channel = `c-${id()}`;
    let heard: (message: string) => void = () => undefined;
    const message = new Promise<string>((resolve) => (heard = resolve));
    const stop = await floor().subscribe(channel, heard);
    await floor().publish(channel, "forget abc");
    expect(await message).toBe("forget abc");
    stop();
  });

  it("keeps a player's notices apart from sessions", async () => {
    const key = id();
    await floor()
      .records("notices")
      .set(key, "[1]", Date.now() + 60_000);
    expect(await floor().records("notices").get(key)).toBe("[1]");
    expect(await floor().records("sessions").get(key)).toBeNull();
  });

  it("leases a key to one holder at a time, extends it for that holder, and frees it when given back or ended", async () => {
    const key = id();
    const takes = await Promise.all(["a", "b", "c"].map((holder) => floor().lease(key, holder, 60_000)));
    expect(takes.filter(Boolean)).toHaveLength(1);
    const holder = ["a", "b", "c"][takes.indexOf(true)];
    const other = holder === "a" ? "b" : "a";
    expect(await floor().lease(key, holder, 60_000)).toBe(true);
    expect(await floor().lease(key, other, 60_000)).toBe(false);
    // Giving back is the holder's only.
    await floor().unlease(key, other);
    expect(await floor().lease(key, other, 60_000)).toBe(false);
    await floor().unlease(key, holder);
    expect(await floor().lease(key, other, 60_000)).toBe(true);
    // A lease that ran out is anyone's: the local floor's clock is moved; Redis ends the key itself (its TTL is checked below).
    if (name === "local") {
      const short = id();
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        expect(await floor().lease(short, "a", 1_000)).toBe(true);
        vi.advanceTimersByTime(999);
        expect(await floor().lease(short, "b", 60_000)).toBe(false);
        vi.advanceTimersByTime(2);
        expect(await floor().lease(short, "b", 60_000)).toBe(true);
      } finally {
        vi.useRealTimers();
      }
    }
  });

  it("reports its health", async () => {
    expect(await floor().health()).toBe("ok");
  });
});

describe("two Redis floors (two processes) on one Redis", () => {
  it("see each other's sessions, one-time keys and limits", async () => {
    const { redisFloor } = await import("~/server/state/redis.server");
    const other = redisFloor({ url: REDIS_URL, prefix: PREFIX });
    try {
      const key = randomBytes(8).toString("hex");
      await redis.records("sessions").set(key, "sealed", Date.now() + 60_000);
      expect(await other.records("sessions").get(key)).toBe("sealed");
      const [a, b] = await Promise.all([redis.once.claim(key, "o", Date.now(), 60_000), other.once.claim(key, "o", Date.now(), 60_000)]);
      expect([a.claimed, b.claimed].sort()).toEqual([false, true]);
      const name = `shared-${key}`;
      expect((await redis.limiter(name, 2, 60_000).hit("k")).allowed).toBe(true);
      expect((await other.limiter(name, 2, 60_000).hit("k")).allowed).toBe(true);
      expect((await redis.limiter(name, 2, 60_000).hit("k")).allowed).toBe(false);
      expect(await redis.lease(`l-${key}`, "process-a", 60_000)).toBe(true);
      expect(await other.lease(`l-${key}`, "process-b", 60_000)).toBe(false);
      const raw = new Redis(REDIS_URL);
      const ttl = await raw.pttl(`${PREFIX}lease:l-${key}`).finally(() => raw.disconnect());
      expect(ttl).toBeGreaterThan(50_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await other.close();
    }
  });

  it("a Redis that cannot be reached fails with a 503 that says when to come back, at once", async () => {
    const { redisFloor } = await import("~/server/state/redis.server");
    const { StateUnavailable } = await import("~/server/state/unavailable");
    // Nothing listens on port 1.
    const gone = redisFloor({ url: "redis://127.0.0.1:1", prefix: PREFIX });
    try {
      const started = Date.now();
      const failure = await gone
        .records("sessions")
        .get("x")
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(StateUnavailable);
      const response = failure as Response;
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("5");
      expect(await response.json()).toEqual({ notice: { key: "state_unavailable" } });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(await gone.health()).toBe("failing");
    } finally {
      await gone.close();
    }
  });
});
