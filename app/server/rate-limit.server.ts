/**
 * The client's address and the login limits. The limiter is a sliding-window counter held in
 * memory: enough for one Node server (the operators' setup); a cluster would move it to a
 * shared store.
 */
import { getClientIPAddress } from "remix-utils/get-client-ip-address";
import { config, loginRateLimit } from "~/server/config.server";

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; answers the seconds to wait when the key is over its limit. */
  hit(key: string): { allowed: true } | { allowed: false; retryAfterS: number } {
    const now = this.now();
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return { allowed: false, retryAfterS: Math.ceil((recent[0] + this.windowMs - now) / 1000) };
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(now);
    return { allowed: true };
  }

  private prune(now: number) {
    for (const [key, times] of this.hits) {
      if (times.every((t) => now - t >= this.windowMs)) this.hits.delete(key);
    }
  }
}

/**
 * The client's IP: from the server (load context) when it knows it; forwarded headers only
 * when TRUST_PROXY says a proxy in front sets them.
 */
export function clientIp(request: Request, context: unknown): string {
  if (config().TRUST_PROXY) {
    const forwarded = getClientIPAddress(request);
    if (forwarded) return forwarded;
  }
  const fromServer = (context as { clientIp?: string } | undefined)?.clientIp;
  return fromServer ?? "unknown";
}

let limiters: { ip: SlidingWindowLimiter; username: SlidingWindowLimiter } | undefined;

/** Login attempts per client IP and per username (lower-cased). */
export function checkLoginRate(ip: string, username: string) {
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
  return limiters.username.hit(username.toLowerCase());
}
