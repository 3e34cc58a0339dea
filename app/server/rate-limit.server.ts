/**
 * The client's address, the login limits and the limit on wrong passwords of logged-in players.
 * The counters are the state floor's (decision 050): this process's memory (a sliding-window
 * estimate, bounded: state/sliding-window.server.ts), or Redis, where every process counts
 * together. What a visitor sends cannot make them grow: a login name becomes a short hash
 * whatever its length (loginKey). Decision 017 gives the figures.
 */
import { createHash } from "node:crypto";
import { clientAddress } from "~/server/client-address.server";
import { config, loginRateLimit } from "~/server/config.server";
import { OperatorError } from "~/operator/errors";
import type { PortalSession } from "~/server/session.server";
import { state, type Limiter, type RateVerdict } from "~/server/state/index.server";

export { LIMITER_MAX_KEYS, SlidingWindowLimiter } from "~/server/state/sliding-window.server";
export type { RateVerdict };

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

let limiters: { floor: unknown; ip: Limiter; username: Limiter } | undefined;

/** Login attempts per client IP and per login name (loginKey: case-insensitive, capped, hashed). */
export async function checkLoginRate(ip: string, username: string): Promise<RateVerdict> {
  const floor = state();
  if (limiters?.floor !== floor) {
    const { windowMs, perIp, perUsername } = loginRateLimit();
    limiters = { floor, ip: floor.limiter("login-ip", perIp, windowMs), username: floor.limiter("login-name", perUsername, windowMs) };
  }
  // Without a known address (remix-serve without TRUST_PROXY) only the username limit applies:
  // one shared bucket would lock every player out together.
  if (ip !== "unknown") {
    const byIp = await limiters.ip.hit(ip);
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

let passwordLimiters: { floor: unknown; player: Limiter; device: Limiter } | undefined;

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
  const floor = state();
  if (passwordLimiters?.floor !== floor) {
    passwordLimiters = {
      floor,
      player: floor.limiter("password-player", PASSWORD_CHECK_LIMIT, PASSWORD_CHECK_WINDOW_MS),
      device: floor.limiter("password-device", PASSWORD_CHECK_LIMIT, PASSWORD_CHECK_WINDOW_MS),
    };
  }
  const byPlayer = await passwordLimiters.player.reserve(keys.player);
  if (!byPlayer.allowed) return { allowed: false, retryAfterS: byPlayer.retryAfterS };
  const byDevice = await passwordLimiters.device.reserve(keys.device);
  if (!byDevice.allowed) {
    await byPlayer.release();
    return { allowed: false, retryAfterS: byDevice.retryAfterS };
  }
  try {
    const value = await check();
    await Promise.all([byPlayer.release(), byDevice.release()]);
    return { allowed: true, value };
  } catch (thrown) {
    if (!(thrown instanceof OperatorError && WRONG_PASSWORD_CODES.has(thrown.code))) {
      await Promise.all([byPlayer.release(), byDevice.release()]);
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
