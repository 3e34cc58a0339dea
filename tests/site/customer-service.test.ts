/**
 * Customer-service entries (document 001, section 5): encrypted paths decrypted, a player's club
 * label's entries first, else the entries without a label; and the site-closed page's wait.
 */
import { describe, expect, it } from "vitest";
import { desEncrypt } from "~/lib/des";
import { customerServiceLinks } from "~/features/site/site.server";
import { retryAfterSeconds, SITE_RETRY_AFTER_S } from "~/features/site/site-state.server";

const KEY = "abcd1234";
const entries = [
  { type: 3, title: "Live chat", path: desEncrypt("https://cs.example/live", KEY) + KEY, labelIds: [] },
  { type: 1, csType: "COMM100", path: "https://cs.example/comm100" },
  { type: 1, title: "Gold desk", path: "https://cs.example/gold", labelIds: [3] },
  { type: 1, title: "VIP desk", path: "https://cs.example/vip", labelIds: ["2", 3] },
  { type: 3, title: "Broken", path: "not-a-cipher-text-12345678", labelIds: [] },
  { type: 1, title: "Script", path: "javascript:alert(1)" },
];

describe("customerServiceLinks", () => {
  it("gives a guest and a player without entries of their label the entries without a label, decrypted", () => {
    const unlabelled = [
      { name: "Live chat", url: "https://cs.example/live" },
      { name: "COMM100", url: "https://cs.example/comm100" },
    ];
    expect(customerServiceLinks(entries)).toEqual(unlabelled);
    expect(customerServiceLinks(entries, "")).toEqual(unlabelled);
    expect(customerServiceLinks(entries, "1")).toEqual(unlabelled);
  });

  it("gives a player of a label that label's entries only", () => {
    expect(customerServiceLinks(entries, "3")).toEqual([
      { name: "Gold desk", url: "https://cs.example/gold" },
      { name: "VIP desk", url: "https://cs.example/vip" },
    ]);
    expect(customerServiceLinks(entries, "2")).toEqual([{ name: "VIP desk", url: "https://cs.example/vip" }]);
  });

  it("leaves out what does not decrypt or is not an http address, and anything not a list", () => {
    expect(customerServiceLinks(entries).map((l) => l.name)).not.toContain("Broken");
    expect(customerServiceLinks(entries).map((l) => l.name)).not.toContain("Script");
    expect(customerServiceLinks({ path: "https://x" })).toEqual([]);
    expect(customerServiceLinks([null, 3, "x"])).toEqual([]);
  });
});

describe("retryAfterSeconds", () => {
  const now = Date.parse("2026-11-27T06:00:00Z");
  it("counts to the window's end, at least a minute and at most a day", () => {
    expect(retryAfterSeconds({ kind: "maintenance", start: null, end: "2026-11-27T07:00:00Z" }, now)).toBe(3600);
    expect(retryAfterSeconds({ kind: "maintenance", start: null, end: "2026-11-27T06:00:10Z" }, now)).toBe(60);
    expect(retryAfterSeconds({ kind: "maintenance", start: null, end: "2026-12-27T06:00:00Z" }, now)).toBe(86_400);
  });
  it("says five minutes without an end, or when it has passed or is not a time", () => {
    for (const end of [null, "2026-11-27T05:00:00Z", "soon"]) {
      expect(retryAfterSeconds({ kind: "maintenance", start: null, end }, now)).toBe(SITE_RETRY_AFTER_S);
    }
  });
});
