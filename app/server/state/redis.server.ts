/**
 * The Redis adapter (decision 050): every portal process that names the same REDIS_URL shares
 * sessions, device login states, pending logins, one-time keys, limit counters, claims and
 * announcements. Every key ends by a TTL, so memory is bounded by time; values are the same
 * sealed strings the local adapter keeps, so a copy of Redis holds no live token or password.
 *
 * A Redis that does not answer is never waited on: commands fail at once while the connection
 * is down (no offline queue), and the client reconnects by itself with a capped back-off. Every
 * failure becomes StateUnavailable.
 */
import { Redis, type RedisOptions } from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { Limiter, OnceRecords, OnceRow, Records, RecordsName, Secrets, StateFloor } from "./port";
import { StateUnavailable } from "./unavailable";

/** A command that takes longer than this fails (a Redis that hangs is a Redis that is down). */
const COMMAND_TIMEOUT_MS = 1_000;

const OPTIONS: RedisOptions = {
  // Queued only until the first connection (commandTimeout bounds the wait); see below.
  enableOfflineQueue: true,
  maxRetriesPerRequest: 0,
  commandTimeout: COMMAND_TIMEOUT_MS,
  connectTimeout: 2_000,
  // Reconnect for ever: 100 ms, 200 ms, … at most 2 s apart.
  retryStrategy: (times) => Math.min(times * 100, 2_000),
};

/** A new key, or a released one, becomes "running" for the caller; else nothing changes. */
/** A lease: taken when free or already the holder's, and extended. */
const LEASE = `
local held = redis.call('GET', KEYS[1])
if (not held) or held == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
`;
const UNLEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
`;

const CLAIM = `
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('HSET', KEYS[1], 'owner', ARGV[1], 'state', 'running', 'attempt', 1, 'created', ARGV[2], 'started', ARGV[2])
  redis.call('PEXPIREAT', KEYS[1], ARGV[3])
  redis.call('ZADD', KEYS[2], ARGV[2], ARGV[4])
  redis.call('PEXPIREAT', KEYS[2], ARGV[3])
  return 1
end
if redis.call('HGET', KEYS[1], 'state') == 'released' then
  local attempt = redis.call('HINCRBY', KEYS[1], 'attempt', 1)
  redis.call('HSET', KEYS[1], 'state', 'running', 'started', ARGV[2])
  redis.call('HDEL', KEYS[1], 'answer')
  redis.call('PEXPIREAT', KEYS[1], ARGV[3])
  return attempt
end
return 0`;

/** Drops an owner's oldest settled keys past ARGV[2]; ARGV[1] is the prefix of the keys' names. */
const CAP = `
local n = redis.call('ZCARD', KEYS[1])
local over = n - tonumber(ARGV[2])
if over <= 0 then return 0 end
local dropped = 0
for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  if dropped >= over then break end
  local state = redis.call('HGET', ARGV[1] .. member, 'state')
  if not state or state == 'done' or state == 'released' then
    redis.call('DEL', ARGV[1] .. member)
    redis.call('ZREM', KEYS[1], member)
    dropped = dropped + 1
  end
end
return dropped`;

/** One more wrong attempt on a secret that still exists, with the secret's own TTL; 0 when gone. */
const COUNT_WRONG = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
return redis.call('HINCRBY', KEYS[1], 'wrong', 1)`;

export interface RedisFloorOptions {
  url: string;
  /** Every key and channel starts with it: several sites (or test runs) on one Redis stay apart. */
  prefix: string;
}

export function redisFloor({ url, prefix }: RedisFloorOptions): StateFloor & { client: Redis } {
  const client = new Redis(url, { ...OPTIONS, lazyConnect: false });
  let subscriber: Redis | undefined;
  // Without a listener an "error" event would be an uncaught exception. The log says when the
  // connection is lost and when it is back (once each), and each new error once.
  let lastError = "";
  let lost = false;
  let closing = false;
  client.on("error", (error: Error) => {
    if (error.message !== lastError) console.error(`redis: ${error.message}`);
    lastError = error.message;
  });
  client.on("close", () => {
    if (closing || lost || client.options.enableOfflineQueue) return;
    lost = true;
    console.error("redis: connection lost; pages answer 503 until it is back");
  });
  // Once connected, a lost connection fails commands at once instead of queueing them.
  client.once("ready", () => (client.options.enableOfflineQueue = false));
  client.on("ready", () => {
    if (lost || lastError) console.error("redis: connected again");
    lost = false;
    lastError = "";
  });

  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof StateUnavailable) throw error;
      throw new StateUnavailable(error);
    }
  };

  function records(name: RecordsName): Records {
    const key = (id: string) => `${prefix}${name}:${id}`;
    // The root loader, the layout's and the page's read one session side by side: one round trip
    // serves them. A write ends the join, so no read that follows it gets what preceded it.
    const reading = new Map<string, Promise<string | null>>();
    const unjoin = (id: string) => reading.delete(id);
    return {
      get(id) {
        const joined = reading.get(id);
        if (joined) return joined;
        const read = guard(() => client.get(key(id))).finally(() => {
          if (reading.get(id) === read) reading.delete(id);
        });
        reading.set(id, read);
        return read;
      },
      set(id, value, expiresAt) {
        unjoin(id);
        return guard(async () => void (await client.set(key(id), value, "PXAT", expiresAt)));
      },
      delete(id) {
        unjoin(id);
        return guard(async () => void (await client.del(key(id))));
      },
    };
  }
  const sessions = records("sessions");
  const loginStates = records("loginStates");
  const notices = records("notices");
  const stores = { sessions, loginStates, notices };

  const secretKey = (id: string) => `${prefix}secret:${id}`;
  const secrets: Secrets = {
    put: (id, sealed, expiresAt) =>
      guard(async () => {
        const key = secretKey(id);
        await client.multi().del(key).hset(key, "sealed", sealed.toString("base64"), "wrong", 0).pexpireat(key, expiresAt).exec();
      }),
    get: (id) =>
      guard(async () => {
        const [[, sealed], [, ttl]] = (await client.multi().hget(secretKey(id), "sealed").pttl(secretKey(id)).exec()) as [
          [unknown, string | null],
          [unknown, number],
        ];
        return sealed && ttl > 0 ? { sealed: Buffer.from(sealed, "base64"), expiresAt: Date.now() + ttl } : null;
      }),
    countWrong: (id) => guard(async () => Number(await client.eval(COUNT_WRONG, 1, secretKey(id)))),
    delete: (id) => guard(async () => void (await client.del(secretKey(id)))),
  };

  const onceKey = (key: string) => `${prefix}once:${key}`;
  const ownerKey = (owner: string) => `${prefix}once-owner:${owner}`;
  const rowOf = (hash: Record<string, string>): OnceRow | null =>
    hash.state
      ? { state: hash.state as OnceRow["state"], attempt: Number(hash.attempt), answer: hash.answer ?? null, started: Number(hash.started) }
      : null;
  const once: OnceRecords = {
    claim: (key, owner, now, keepMs) =>
      guard(async () => {
        const attempt = Number(await client.eval(CLAIM, 2, onceKey(key), ownerKey(owner), owner, now, now + keepMs, key));
        if (attempt > 0) return { claimed: true as const, attempt };
        return { claimed: false as const, row: rowOf(await client.hgetall(onceKey(key))) };
      }),
    read: (key) => guard(async () => rowOf(await client.hgetall(onceKey(key)))),
    settle: (key, state, answer) =>
      guard(async () => {
        const tx = client.multi().hset(onceKey(key), "state", state);
        await (answer === null ? tx.hdel(onceKey(key), "answer") : tx.hset(onceKey(key), "answer", answer)).exec();
      }),
    drop: (key) => guard(async () => void (await client.del(onceKey(key)))),
    cap: (owner, max) => guard(async () => void (await client.eval(CAP, 1, ownerKey(owner), `${prefix}once:`, max))),
    // Redis ends every key by its TTL.
    sweep: async () => 0,
  };

  function limiter(name: string, limit: number, windowMs: number): Limiter {
    const counts = new RateLimiterRedis({
      storeClient: client,
      keyPrefix: `${prefix}limit:${name}`,
      points: limit,
      duration: Math.max(1, Math.round(windowMs / 1000)),
      rejectIfRedisNotReady: true,
    });
    const consume = async (key: string) => {
      try {
        return { allowed: true as const, res: await counts.consume(key) };
      } catch (thrown) {
        if (thrown instanceof RateLimiterRes) {
          return { allowed: false as const, retryAfterS: Math.max(1, Math.ceil(thrown.msBeforeNext / 1000)) };
        }
        throw new StateUnavailable(thrown);
      }
    };
    return {
      async hit(key) {
        const verdict = await consume(key);
        return verdict.allowed ? { allowed: true } : verdict;
      },
      async reserve(key) {
        const verdict = await consume(key);
        if (!verdict.allowed) return verdict;
        const endsAt = Date.now() + verdict.res.msBeforeNext;
        let released = false;
        return {
          allowed: true,
          release: async () => {
            // Once its window is over the attempt counts no more: a reward then would be a bonus.
            if (released || Date.now() >= endsAt) return;
            released = true;
            await guard(() => counts.reward(key, 1));
          },
        };
      },
    };
  }

  const listeners = new Map<string, Set<(message: string) => void>>();
  /** Each channel's subscription, made once: its listeners hear from when it is made. */
  const subscribed = new Map<string, Promise<unknown>>();
  function subscriberClient(): Redis {
    if (subscriber) return subscriber;
    subscriber = new Redis(url, { ...OPTIONS, enableOfflineQueue: true });
    subscriber.on("error", () => undefined); // reported by the main client
    subscriber.on("message", (channel: string, message: string) => {
      for (const listener of listeners.get(channel.slice(prefix.length)) ?? []) listener(message);
    });
    return subscriber;
  }

  return {
    kind: "redis",
    shared: true,
    client,
    records: (name) => stores[name],
    secrets,
    once,
    limiter,
    claim: (key, ttlMs) => guard(async () => (await client.set(`${prefix}claim:${key}`, "1", "PX", ttlMs, "NX")) === "OK"),
    lease: (key, holder, ttlMs) => guard(async () => Number(await client.eval(LEASE, 1, `${prefix}lease:${key}`, holder, ttlMs)) === 1),
    unlease: (key, holder) => guard(async () => void (await client.eval(UNLEASE, 1, `${prefix}lease:${key}`, holder))),
    publish: (channel, message) => guard(async () => void (await client.publish(`${prefix}${channel}`, message))),
    async subscribe(channel, listener) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      let subscribing = subscribed.get(channel);
      if (!subscribing) {
        // Restored by the client after a reconnection (autoResubscribe); a failed first attempt
        // is tried again by the next listener.
        subscribing = guard(() => subscriberClient().subscribe(`${prefix}${channel}`));
        subscribing.catch(() => subscribed.delete(channel));
        subscribed.set(channel, subscribing);
      }
      const listening = set;
      try {
        await subscribing;
      } catch (error) {
        listening.delete(listener);
        throw error;
      }
      return () => void listening.delete(listener);
    },
    async health() {
      try {
        return (await client.ping()) === "PONG" ? "ok" : "failing";
      } catch {
        return "failing";
      }
    },
    async close() {
      closing = true;
      subscriber?.disconnect();
      client.disconnect();
    },
  };
}
