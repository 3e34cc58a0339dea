/**
 * The client's address, the login limits and the limit on wrong passwords of logged-in players.
 * The counters live in this process's memory: enough for one Node server (the operators' setup);
 * several servers will share them in a store of their own (a later issue). What a visitor sends
 * cannot make them grow: a limiter holds at most `maxKeys` keys (the least recently used one goes
 * first), a key untouched for two windows is deleted (swept from the oldest end on every hit, and
 * by an idle timer), and a login name becomes a short hash whatever its length (loginKey).
 * Decision 017 gives the figures.
 */
import { createHash } from "node:crypto";
import { clientAddress } from "~/server/client-address.server";
import { config, loginRateLimit } from "~/server/config.server";
import { OperatorError } from "~/operator/errors";
import type { PortalSession } from "~/server/session.server";

/** Keys one limiter holds at most: about 150 bytes each (measured), so some 15 MB at worst. */
export const LIMITER_MAX_KEYS = 100_000;

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterS: number };

/** A key's attempts: in the window that began at `start`, and in the one before it. */
interface Counts {
  start: number;
  previous: number;
  current: number;
}

/**
 * An approximate sliding window: two counters per key, the last window's count weighted by how
 * much of it the sliding window still covers (attempts assumed spread evenly over it). Time and
 * memory per key are constant whatever the limit (an operator may set 1,000,000); the price is
 * that a burst at the end of one window and the start of the next can pass up to twice the limit
 * within one window's span.
 */
export class SlidingWindowLimiter {
  /** In the order of last use: the first key is the least recently used and the first to expire. */
  private readonly keys = new Map<string, Counts>();
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    // Read at each call, so that a test that moves the clock (vi.setSystemTime) moves this one too.
    private readonly now: () => number = () => Date.now(),
    readonly maxKeys: number = LIMITER_MAX_KEYS,
  ) {}

  /** Keys held now. */
  get size(): number {
    return this.keys.size;
  }

  /** Counts one attempt; answers the seconds to wait when the key is over its limit. */
  hit(key: string): RateVerdict {
    return this.count(key, this.now());
  }

  /**
   * Counts one attempt like `hit`, and when it is allowed answers how to take it back: for a
   * limit on failures, where whether an attempt failed is known only after it ran. Counting
   * first means posts in flight together cannot all pass a count that has not happened yet.
   */
  reserve(key: string): { allowed: true; release: () => void } | { allowed: false; retryAfterS: number } {
    const at = this.now();
    const verdict = this.count(key, at);
    if (!verdict.allowed) return verdict;
    let released = false;
    return {
      allowed: true,
      release: () => {
        if (released) return;
        released = true;
        this.uncount(key, at);
      },
    };
  }

  private count(key: string, now: number): RateVerdict {
    this.sweep(now);
    let counts = this.keys.get(key);
    if (counts) {
      // Deleted and set again below: the map's order stays the order of last use.
      this.keys.delete(key);
      this.advance(counts, now);
    } else {
      counts = { start: now, previous: 0, current: 0 };
      if (this.keys.size >= this.maxKeys) this.keys.delete(this.keys.keys().next().value!);
    }
    this.keys.set(key, counts);
    this.sweeper ??= this.startSweeper();

    const elapsed = now - counts.start;
    if (counts.previous * (1 - elapsed / this.windowMs) + counts.current < this.limit) {
      counts.current++;
      return { allowed: true };
    }
    return { allowed: false, retryAfterS: Math.max(1, Math.ceil((this.freeAt(counts) - now) / 1000)) };
  }

  /** Takes back an attempt counted at `at`, from the window that now holds it (none once it no longer counts). */
  private uncount(key: string, at: number) {
    const counts = this.keys.get(key);
    if (!counts) return;
    this.advance(counts, this.now());
    if (at >= counts.start) counts.current = Math.max(0, counts.current - 1);
    else if (at >= counts.start - this.windowMs) counts.previous = Math.max(0, counts.previous - 1);
  }

  /** Moves a key's counters to the window `now` falls in. */
  private advance(counts: Counts, now: number) {
    const elapsed = now - counts.start;
    if (elapsed >= 2 * this.windowMs) {
      counts.start = now;
      counts.previous = 0;
      counts.current = 0;
    } else if (elapsed >= this.windowMs) {
      counts.start += this.windowMs;
      counts.previous = counts.current;
      counts.current = 0;
    }
  }

  /** When the estimate falls below the limit again, without further attempts. */
  private freeAt({ start, previous, current }: Counts): number {
    const w = this.windowMs;
    // Still in this window, as the last window's weight runs out (previous > 0: else it would be allowed).
    if (current < this.limit) return start + w * (1 - (this.limit - current) / previous);
    // In the next window, as this one's weight runs out.
    return start + w + w * (1 - this.limit / current);
  }

  /** Deletes the keys whose counters no longer count (two windows old), from the oldest end. */
  private sweep(now: number) {
    for (const [key, counts] of this.keys) {
      // Keys are in order of last use and each expires within two windows of it: the first live
      // key ends the sweep, and none lingers more than two windows after its last use.
      if (now - counts.start < 2 * this.windowMs) break;
      this.keys.delete(key);
    }
    if (this.keys.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  /** Frees the memory of a limiter nobody hits any more; never keeps the process alive. */
  private startSweeper() {
    const timer = setInterval(() => this.sweep(this.now()), Math.min(Math.max(this.windowMs, 1_000), 60_000));
    timer.unref();
    return timer;
  }
}

/** A login name counts by this many characters at most: far more than any login field takes (13 or 16). */
export const LOGIN_NAME_KEY_CHARS = 64;

/**
 * The limiter key of a login name: trimmed, cut to LOGIN_NAME_KEY_CHARS, lower-cased, then
 * hashed (128 bits of SHA-256). A name of a megabyte costs what a real one does, keys never
 * hold a slice of the posted body alive, and the names do not sit in memory in clear. Names
 * that differ only after the cut share a counter: none of them is a valid login name.
 */
export function loginKey(name: string): string {
  const capped = name.trim().slice(0, LOGIN_NAME_KEY_CHARS).toLowerCase();
  return createHash("sha256").update(capped).digest().toString("base64url", 0, 16);
}

/**
 * The client's IP. Behind server/app.ts the server worked it out (load context `clientIp`, from
 * the socket and TRUST_PROXY hops of X-Forwarded-For); without it (remix-serve) the same rule on
 * X-Forwarded-For alone, and "unknown" when that names no address. No other header is read.
 */
export function clientIp(request: Request, context: unknown): string {
  if (context && typeof context === "object" && "clientIp" in context) {
    return typeof context.clientIp === "string" && context.clientIp ? context.clientIp : "unknown";
  }
  return clientAddress(request.headers.get("X-Forwarded-For"), undefined, config().TRUST_PROXY) ?? "unknown";
}

let limiters: { ip: SlidingWindowLimiter; username: SlidingWindowLimiter } | undefined;

/** Login attempts per client IP and per login name (loginKey: case-insensitive, capped, hashed). */
export function checkLoginRate(ip: string, username: string): RateVerdict {
  if (!limiters) {
    const { windowMs, perIp, perUsername } = loginRateLimit();
    limiters = {
      ip: new SlidingWindowLimiter(perIp, windowMs),
      username: new SlidingWindowLimiter(perUsername, windowMs),
    };
  }
  // Without a known address (remix-serve without TRUST_PROXY) only the username limit applies:
  // one shared bucket would lock every player out together.
  if (ip !== "unknown") {
    const byIp = limiters.ip.hit(ip);
    if (!byIp.allowed) return byIp;
  }
  return limiters.username.hit(loginKey(username));
}

/**
 * Wrong passwords of a logged-in player (decision 036): the payment or login password the points
 * mall's redeem and conversion send, and the old password of a password change. 5 in 15 minutes
 * per player and per device: a player's typos fit easily, a guesser gets 20 tries an hour. The
 * device counts what one browser tries across accounts; the player counts what any number of
 * browsers (or a device cookie thrown away each time) try on one account.
 */
export const PASSWORD_CHECK_LIMIT = 5;
export const PASSWORD_CHECK_WINDOW_MS = 15 * 60 * 1000;

/** The operator's codes for a password it checked and found wrong (reference operator: points, password areas). */
export const WRONG_PASSWORD_CODES: ReadonlySet<string> = new Set([
  "password.incorrect",
  "payment.password.incorrect",
  "password.old.incorrect",
]);

/** Who is checking a password: the player (merchant and customer id) and the browser's device id. */
export interface PasswordCheckKeys {
  player: string;
  device: string;
}

/** The keys of a logged-in session's checks. */
export function passwordCheckKeys(session: Pick<PortalSession, "get">, device: string): PasswordCheckKeys {
  return { player: `${session.get("merchantCode") ?? ""}:${session.get("customerId") || session.get("account") || ""}`, device };
}

let passwordLimiters: { player: SlidingWindowLimiter; device: SlidingWindowLimiter } | undefined;

/** For tests that count from nothing: every password-check count forgotten. */
export function resetPasswordChecks(): void {
  passwordLimiters = undefined;
}

export type PasswordChecked<T> = { allowed: true; value: T } | { allowed: false; retryAfterS: number };

/**
 * Runs `check`, a call that sends the operator a password, unless the player or the device has
 * had PASSWORD_CHECK_LIMIT wrong ones in the window: then it answers how long to wait and the
 * operator is not asked. The attempt is counted before the call and given back unless the
 * operator said the password was wrong (WRONG_PASSWORD_CODES), so only wrong passwords count
 * and parallel posts cannot outrun the count. A right password does not reset the count: a reset
 * would let anyone who knows one password (the login one, say) buy five more guesses at the
 * other; the window forgives on its own. Whatever `check` throws goes on up.
 */
export async function withPasswordCheck<T>(keys: PasswordCheckKeys, check: () => Promise<T>): Promise<PasswordChecked<T>> {
  passwordLimiters ??= {
    player: new SlidingWindowLimiter(PASSWORD_CHECK_LIMIT, PASSWORD_CHECK_WINDOW_MS),
    device: new SlidingWindowLimiter(PASSWORD_CHECK_LIMIT, PASSWORD_CHECK_WINDOW_MS),
  };
  const byPlayer = passwordLimiters.player.reserve(keys.player);
  if (!byPlayer.allowed) return { allowed: false, retryAfterS: byPlayer.retryAfterS };
  const byDevice = passwordLimiters.device.reserve(keys.device);
  if (!byDevice.allowed) {
    byPlayer.release();
    return { allowed: false, retryAfterS: byDevice.retryAfterS };
  }
  try {
    const value = await check();
    byPlayer.release();
    byDevice.release();
    return { allowed: true, value };
  } catch (thrown) {
    if (!(thrown instanceof OperatorError && WRONG_PASSWORD_CODES.has(thrown.code))) {
      byPlayer.release();
      byDevice.release();
    }
    throw thrown;
  }
}

/** When neither the portal nor the operator said how long: a minute (the login window, the SMS resend interval). */
export const DEFAULT_RETRY_AFTER_S = 60;

/**
 * Every 429 says when to come back, and a 503 whose action named a wait keeps it. A plain post's answer is a page, and Remix keeps only the
 * Set-Cookie of what an action or loader answered (routes have no `headers` export), so the
 * Retry-After an action set is carried over from `sources` (the actions' headers, then the
 * loaders'); a 429 nobody timed (an operator's) gets DEFAULT_RETRY_AFTER_S. Called by
 * entry.server for pages and data answers alike.
 */
export function carryRetryAfter(status: number, headers: Headers, sources: Array<Record<string, Headers> | undefined> = []): void {
  // A 503 (uploads in flight over the cap, decision 020) keeps the wait its action named; only
  // a 429 gets a default.
  if ((status !== 429 && status !== 503) || headers.has("Retry-After")) return;
  for (const byRoute of sources) {
    for (const routeHeaders of Object.values(byRoute ?? {})) {
      const value = routeHeaders.get("Retry-After");
      if (value) return headers.set("Retry-After", value);
    }
  }
  if (status === 429) headers.set("Retry-After", String(DEFAULT_RETRY_AFTER_S));
}
