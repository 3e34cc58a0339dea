/**
 * The state floor's port: everything the portal remembers between two requests of a player, or
 * announces from one process to the others, goes through these interfaces (decision 050). Two
 * adapters implement them: `local` (the portal's SQLite file for what must outlive a restart,
 * this process's memory for the rest; one process) and `redis` (every process that names the
 * same REDIS_URL shares it). Route modules and features never see which one runs.
 *
 * Every method may reject with StateUnavailable (index.server.ts) when the store cannot be
 * reached: a page answers 503 with the retry text, never a silently empty session.
 */

/** Records by id that end at a time: sessions, the login state of a device. Values are strings (sealed by their owners). */
export interface Records {
  get(id: string): Promise<string | null>;
  set(id: string, value: string, expiresAt: number): Promise<void>;
  delete(id: string): Promise<void>;
}

/** The named record stores and what they hold. */
/** `notices`: a player's real-time messages kept for the next page (features/notify). */
export type RecordsName = "sessions" | "loginStates" | "notices";

/**
 * Secrets held for minutes (a pending two-factor login's sealed password): in the local adapter
 * in memory only, never on disk, deleted by a timer of their own when they end, at most a fixed
 * number (the oldest gives way); in Redis with a TTL.
 */
export interface Secrets {
  put(id: string, sealed: Buffer, expiresAt: number): Promise<void>;
  get(id: string): Promise<{ sealed: Buffer; expiresAt: number } | null>;
  /** Counts one more wrong attempt against the secret; 0 when it is gone. */
  countWrong(id: string): Promise<number>;
  delete(id: string): Promise<void>;
}

export type OnceState = "running" | "done" | "released" | "unknown";

export interface OnceRow {
  state: OnceState;
  attempt: number;
  /** The recorded answer, sealed (only for "done"). */
  answer: string | null;
  /** When the current attempt began: a waiter gives up on a "running" row this long after it. */
  started: number;
}

/** The one-time submission keys of once.server.ts: claimed atomically across processes. */
export interface OnceRecords {
  /**
   * Claims a key: a new key, or one whose last attempt was refused ("released"), becomes
   * "running" for this caller with its attempt number; otherwise answers the row as it stands.
   */
  claim(
    key: string,
    owner: string,
    now: number,
    keepMs: number,
  ): Promise<{ claimed: true; attempt: number } | { claimed: false; row: OnceRow | null }>;
  read(key: string): Promise<OnceRow | null>;
  settle(key: string, state: Exclude<OnceState, "running">, answer: string | null): Promise<void>;
  drop(key: string): Promise<void>;
  /** Keeps an owner's keys within `max`, dropping the oldest settled ones. */
  cap(owner: string, max: number): Promise<void>;
  /** Drops expired keys (the local adapter; Redis expires them itself). */
  sweep(now: number): Promise<number>;
}

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterS: number };

/** A limit of `limit` attempts per key in a window. */
export interface Limiter {
  hit(key: string): Promise<RateVerdict>;
  /**
   * Counts an attempt like `hit` and, when allowed, answers how to give it back: for a limit on
   * failures, where whether an attempt failed is known only after it ran.
   */
  reserve(key: string): Promise<{ allowed: true; release: () => Promise<void> } | { allowed: false; retryAfterS: number }>;
}

export interface StateFloor {
  readonly kind: "local" | "redis";
  /** Whether several processes may share this floor (WEB_CONCURRENCY > 1 needs it). */
  readonly shared: boolean;
  records(name: RecordsName): Records;
  readonly secrets: Secrets;
  readonly once: OnceRecords;
  limiter(name: string, limit: number, windowMs: number): Limiter;
  /** True for the first caller of a key within `ttlMs`, across processes (a logout sent once). */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /**
   * Takes or extends a lease for `ttlMs`: true when the key was free, had run out, or is already
   * `holder`'s (one process subscribes a player's topics, decision 051).
   */
  lease(key: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives a lease back, when `holder` still has it. */
  unlease(key: string, holder: string): Promise<void>;
  /** Announces a message to every process (this one included) subscribed to the channel. */
  publish(channel: string, message: string): Promise<void>;
  /** Listens on a channel; resolves, once listening, with how to stop. */
  subscribe(channel: string, listener: (message: string) => void): Promise<() => void>;
  /** "ok" when the store answers now. */
  health(): Promise<"ok" | "failing">;
  close(): Promise<void>;
}
