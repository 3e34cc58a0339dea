/** The guest pages' store (decision 042): holes, age, byte bound and what the key covers. */
import { beforeEach, describe, expect, it } from "vitest";
import {
  PAGE_CACHE_BYTES,
  PAGE_TTL_MS,
  cachedGuestPage,
  forgetGuestPages,
  guestPageKey,
  guestPageStats,
  storeGuestPage,
  sweepGuestPages,
} from "~/server/page-cache.server";

const TOKEN_A = "tokenAAAAAAAAAAAAAAAA.sig-a_1";
const TOKEN_B = "tokenBBBBBBBBBBBBBBBB.sig-b_2";
const NONCE_A = "nonce+A/aaaaaaaaaaaaa==";
const NONCE_B = "nonce+B/bbbbbbbbbbbbb==";
const page = (token: string, nonce: string) =>
  `<html><script nonce="${nonce}">window.__remixContext = {"csrfToken":"${token}"}</script><input name="csrf" value="${token}"><script nonce="${nonce}"></script></html>`;

beforeEach(() => forgetGuestPages());

describe("guest pages", () => {
  it("fills the holes with the next visitor's token and nonce", () => {
    storeGuestPage("k", page(TOKEN_A, NONCE_A), TOKEN_A, NONCE_A, 0);
    expect(cachedGuestPage("k", TOKEN_B, NONCE_B, 1)).toBe(page(TOKEN_B, NONCE_B));
    expect(guestPageStats()).toMatchObject({ entries: 1, hits: 1 });
  });

  it("forgets a page older than PAGE_TTL_MS", () => {
    storeGuestPage("k", page(TOKEN_A, NONCE_A), TOKEN_A, NONCE_A, 1_000);
    expect(cachedGuestPage("k", TOKEN_B, NONCE_B, 1_000 + PAGE_TTL_MS)).not.toBeNull();
    expect(cachedGuestPage("k", TOKEN_B, NONCE_B, 1_001 + PAGE_TTL_MS)).toBeNull();
    expect(guestPageStats().entries).toBe(0);
  });

  it("a sweep drops the expired pages that no visitor asked for again, and keeps the fresh ones", () => {
    storeGuestPage("old", page(TOKEN_A, NONCE_A), TOKEN_A, NONCE_A, 0);
    storeGuestPage("new", page(TOKEN_A, NONCE_A), TOKEN_A, NONCE_A, 5_000);
    sweepGuestPages(PAGE_TTL_MS);
    expect(guestPageStats().entries).toBe(2);
    sweepGuestPages(PAGE_TTL_MS + 1);
    expect(guestPageStats().entries).toBe(1);
    expect(guestPageStats().bytes).toBe(page(TOKEN_A, NONCE_A).length * 2);
    sweepGuestPages(5_001 + PAGE_TTL_MS);
    expect(guestPageStats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it("stays within PAGE_CACHE_BYTES, the least recently used out first", () => {
    const big = "x".repeat(PAGE_CACHE_BYTES / 2 / 10);
    for (let i = 0; i < 12; i++) {
      storeGuestPage(`k${i}`, big + page(TOKEN_A, NONCE_A), TOKEN_A, NONCE_A, 0);
      // k0 is read after each store, so it stays while the others age out.
      expect(cachedGuestPage("k0", TOKEN_B, NONCE_B, 0)).not.toBeNull();
    }
    const { bytes, entries } = guestPageStats();
    expect(bytes).toBeLessThanOrEqual(PAGE_CACHE_BYTES);
    expect(entries).toBeLessThan(12);
    expect(cachedGuestPage("k1", TOKEN_B, NONCE_B, 0)).toBeNull();
    expect(cachedGuestPage("k11", TOKEN_B, NONCE_B, 0)).not.toBeNull();
  });

  it("keys by address, language and the loader data without the token", () => {
    const handoff = (token: string, title: string) => JSON.stringify({ state: { loaderData: { root: { csrfToken: token, title } } } });
    const key = guestPageKey("http://x/login", "CN", handoff(TOKEN_A, "Demo"), TOKEN_A);
    expect(guestPageKey("http://x/login", "CN", handoff(TOKEN_B, "Demo"), TOKEN_B)).toBe(key);
    expect(guestPageKey("http://x/login", "CN", handoff(TOKEN_A, "Other"), TOKEN_A)).not.toBe(key);
    expect(guestPageKey("http://x/login", "EN", handoff(TOKEN_A, "Demo"), TOKEN_A)).not.toBe(key);
    expect(guestPageKey("http://x/login?redirectTo=/member", "CN", handoff(TOKEN_A, "Demo"), TOKEN_A)).not.toBe(key);
    expect(guestPageKey("http://x/login", "CN", undefined, TOKEN_A)).toBeNull();
    expect(guestPageKey("http://x/login", "CN", handoff("", "Demo"), "")).toBeNull();
  });
});
