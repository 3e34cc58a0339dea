/**
 * Redirect targets stay on the site: each of these once passed, or could pass, a check that
 * looked only at the leading characters (issue 8: `/\t/evil.example` did).
 */
import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect";

describe("safeRedirect", () => {
  it.each([
    "/\t/evil.example",
    "/\t\\evil.example",
    "/\r/evil.example",
    "/\n/evil.example",
    "/\r\nSet-Cookie: x=1",
    "/\u0000/evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%2F/evil.example",
    "/%5Cevil.example",
    "%2F%2Fevil.example",
    "https://evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    "evil.example",
    " /evil",
    "/%E0%A4%A",
    "",
  ])("refuses %j", (target) => {
    expect(safeRedirect(target, "/home")).toBe("/home");
  });

  it.each([
    ["/", "/"],
    ["/member", "/member"],
    ["/login?tab=sms&redirectTo=%2Fmember", "/login?tab=sms&redirectTo=%2Fmember"],
    ["/lottery?gameCode=long_dragon#top", "/lottery?gameCode=long_dragon#top"],
    ["/a/../member", "/member"],
    ["/ประกาศ", "/%E0%B8%9B%E0%B8%A3%E0%B8%B0%E0%B8%81%E0%B8%B2%E0%B8%A8"],
  ])("keeps %j on the site", (target, expected) => {
    expect(safeRedirect(target, "/home")).toBe(expected);
  });

  it("refuses what is not a string, and targets too long to be a page", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(`/${"a".repeat(3000)}`)).toBe("/");
  });
});
