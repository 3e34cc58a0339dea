/**
 * The login limits (issue 8): memory bounded by count and by time whatever a visitor posts, a
 * login name of any length kept as a short key, the client's address as the proxies in front
 * give it (never a header the client sets), and a Retry-After on every 429.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  checkLoginRate,
  clientIp,
  DEFAULT_RETRY_AFTER_S,
  LOGIN_NAME_KEY_CHARS,
  loginKey,
  carryRetryAfter,
  SlidingWindowLimiter,
} from "~/server/rate-limit.server";
import { reloadConfig } from "~/server/config.server";

const WINDOW = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

describe("the limiter's window", () => {
  it("allows the limit, then answers how long until the estimate falls below it", async () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(4, WINDOW, () => now);
    for (let i = 0; i < 4; i++) expect(limiter.hit("a").allowed).toBe(true);
    // Four attempts in this window: free when the next window has let a quarter of them go.
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterS: 60 });
    now = 30_000;
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterS: 30 });
    // Half into the next window the four count as two: two more pass, the third waits.
    now = 90_000;
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("a").allowed).toBe(true);
    // 2 + 4 × ½ is the limit exactly; it falls below it at once, and a Retry-After is never 0.
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterS: 1 });
    // Two windows later nothing counts.
    now = 240_000;
    for (let i = 0; i < 4; i++) expect(limiter.hit("a").allowed).toBe(true);
  });

  it("keeps keys apart", async () => {
    const limiter = new SlidingWindowLimiter(1, WINDOW, () => 0);
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("a").allowed).toBe(false);
    expect(limiter.hit("b").allowed).toBe(true);
  });

  it("passes at most twice the limit in any window's span, however the attempts are timed", async () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(10, WINDOW, () => now);
    const allowedAt: number[] = [];
    // An attempt every 100 ms for five minutes.
    for (now = 0; now < 5 * WINDOW; now += 100) if (limiter.hit("a").allowed) allowedAt.push(now);
    for (const t of allowedAt) expect(allowedAt.filter((u) => u >= t && u < t + WINDOW).length).toBeLessThanOrEqual(20);
    // And about the limit per window over time.
    expect(allowedAt.length).toBeGreaterThanOrEqual(45);
    expect(allowedAt.length).toBeLessThanOrEqual(60);
  });

  it("costs constant time per attempt whatever the limit (an operator may allow 1,000,000)", async () => {
    const limiter = new SlidingWindowLimiter(1_000_000, WINDOW);
    const t0 = performance.now();
    for (let i = 0; i < 50_000; i++) limiter.hit("one key");
    expect(performance.now() - t0).toBeLessThan(1_000);
  });
});

describe("the limiter's memory", () => {
  it("never holds more than maxKeys keys: the least recently used goes first", async () => {
    const limiter = new SlidingWindowLimiter(1, WINDOW, () => 0, 3);
    for (const key of ["a", "b", "c"]) limiter.hit(key);
    limiter.hit("a"); // used again: "b" is now the least recently used
    limiter.hit("d");
    expect(limiter.size).toBe(3);
    expect(limiter.hit("a").allowed).toBe(false); // still counted
    expect(limiter.hit("b").allowed).toBe(true); // forgotten, counted anew
    for (let i = 0; i < 10_000; i++) limiter.hit(`k${i}`);
    expect(limiter.size).toBe(3);
  });

  it("forgets a key two windows after its last use, on the next attempt", async () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(5, WINDOW, () => now);
    for (let i = 0; i < 1_000; i++) limiter.hit(`k${i}`);
    now = WINDOW;
    limiter.hit("k0"); // used again: kept
    expect(limiter.size).toBe(1_000);
    now = 2 * WINDOW;
    limiter.hit("new");
    expect(limiter.size).toBe(2);
    now = 3 * WINDOW;
    limiter.hit("new");
    expect(limiter.size).toBe(1);
  });

  it("forgets them with no attempt at all: an idle timer sweeps, and stops when nothing is left", async () => {
    vi.useFakeTimers();
    const limiter = new SlidingWindowLimiter(5, WINDOW);
    for (let i = 0; i < 1_000; i++) limiter.hit(`k${i}`);
    vi.advanceTimersByTime(WINDOW);
    expect(limiter.size).toBe(1_000);
    vi.advanceTimersByTime(2 * WINDOW);
    expect(limiter.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("login names as keys", () => {
  it("keeps a name of a megabyte as a key of 22 characters", async () => {
    const huge = "x".repeat(1024 * 1024);
    expect(loginKey(huge)).toHaveLength(22);
    expect(loginKey("player01")).toHaveLength(22);
  });

  it("counts a name trimmed and case-insensitively, and up to LOGIN_NAME_KEY_CHARS characters", async () => {
    expect(loginKey("  Player01 ")).toBe(loginKey("player01"));
    expect(loginKey("player01")).not.toBe(loginKey("player02"));
    const long = "a".repeat(LOGIN_NAME_KEY_CHARS);
    expect(loginKey(`${long}1`)).toBe(loginKey(`${long}2`));
  });

  it("checkLoginRate counts a name by its key: 8 attempts per username, however it is written", async () => {
    const verdicts = [];
    for (let i = 0; i < 9; i++) verdicts.push(await checkLoginRate("unknown", i % 2 ? " CASEUSER1" : "caseuser1"));
    expect(verdicts.slice(0, 8).every((v) => v.allowed)).toBe(true);
    expect(verdicts[8].allowed).toBe(false);
  });
});

describe("the client's address for the limit", () => {
  const spoofed = (i: number) =>
    new Request("http://portal.test/login", {
      method: "POST",
      headers: { "X-Forwarded-For": `6.6.${i >> 8}.${i & 255}, 198.51.100.7`, "X-Client-IP": `7.7.7.${i & 255}`, "X-Real-IP": "8.8.8.8" },
    });

  it("with TRUST_PROXY=1 and no load context (remix-serve): 120 attempts with spoofed headers count as one client", async () => {
    process.env.TRUST_PROXY = "1";
    reloadConfig();
    try {
      let allowed = 0;
      for (let i = 0; i < 120; i++) {
        const ip = clientIp(spoofed(i), undefined);
        expect(ip).toBe("198.51.100.7");
        // A new username every time: only the per-IP limit (20 by default) can stop them.
        if ((await checkLoginRate(ip, `spoofer${i}`)).allowed) allowed++;
      }
      expect(allowed).toBe(20);
    } finally {
      delete process.env.TRUST_PROXY;
      reloadConfig();
    }
  });

  it("takes the server's address when it gave one, and reads no header without TRUST_PROXY", async () => {
    expect(clientIp(spoofed(1), { clientIp: "10.0.0.9" })).toBe("10.0.0.9");
    expect(clientIp(spoofed(1), { clientIp: "unknown" })).toBe("unknown");
    expect(clientIp(spoofed(1), undefined)).toBe("unknown");
  });
});

describe("Retry-After", () => {
  it("is added to every 429: the action's own, else a minute", async () => {
    const fromAction = new Headers();
    carryRetryAfter(429, fromAction, [{ "routes/login": new Headers({ "Retry-After": "42", "Set-Cookie": "a=b" }) }]);
    expect(fromAction.get("Retry-After")).toBe("42");

    const untimed = new Headers();
    carryRetryAfter(429, untimed, [{ root: new Headers() }, undefined]);
    expect(untimed.get("Retry-After")).toBe(String(DEFAULT_RETRY_AFTER_S));

    const own = new Headers({ "Retry-After": "7" });
    carryRetryAfter(429, own, [{ root: new Headers({ "Retry-After": "42" }) }]);
    expect(own.get("Retry-After")).toBe("7");

    const notLimited = new Headers();
    carryRetryAfter(400, notLimited, [{ root: new Headers({ "Retry-After": "42" }) }]);
    expect(notLimited.has("Retry-After")).toBe(false);
  });

  it("is carried over to a 503 whose action named a wait, and not invented for one that did not", async () => {
    const busy = new Headers();
    carryRetryAfter(503, busy, [{ "routes/_content+/feedback": new Headers({ "Retry-After": "10" }) }]);
    expect(busy.get("Retry-After")).toBe("10");
    const failing = new Headers();
    carryRetryAfter(503, failing, [{ root: new Headers() }]);
    expect(failing.has("Retry-After")).toBe(false);
  });
});
