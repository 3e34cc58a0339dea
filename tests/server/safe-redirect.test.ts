/**
 * Redirect targets stay on the site: each of these once passed, or could pass, a check that
 * looked only at the leading characters (issue 8: `/\t/evil.example` did).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect";
import { DOT_SEGMENT_TARGETS } from "../support/fuzz";

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
    ...DOT_SEGMENT_TARGETS,
  ])("refuses %j", (target) => {
    expect(safeRedirect(target, "/home")).toBe("/home");
  });

  it.each([
    ["/", "/"],
    ["/member", "/member"],
    ["/login?tab=sms&redirectTo=%2Fmember", "/login?tab=sms&redirectTo=%2Fmember"],
    ["/lottery?gameCode=long_dragon#top", "/lottery?gameCode=long_dragon#top"],
    ["/a/../member", "/member"],
    ["/./member", "/member"],
    ["/%2e%2e/member", "/member"],
    ["/a/b/../../member?x=1", "/member?x=1"],
    ["/ประกาศ", "/%E0%B8%9B%E0%B8%A3%E0%B8%B0%E0%B8%81%E0%B8%B2%E0%B8%A8"],
  ])("keeps %j on the site", (target, expected) => {
    expect(safeRedirect(target, "/home")).toBe(expected);
  });

  it("refuses what is not a string, and targets too long to be a page", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(`/${"a".repeat(3000)}`)).toBe("/");
  });

  it("returns one slash and then a page, or the fallback, whatever dot segments and encodings it is given", () => {
    // Pieces a path is made of, in every case and encoding a browser or a proxy reads as a
    // dot, a slash or a backslash, and the characters a browser strips before it resolves.
    const piece = fc.constantFrom(
      "/",
      "//",
      "\\",
      ".",
      "..",
      "%2e",
      "%2E",
      "%2e%2e",
      "%2E%2e",
      ".%2E",
      "%2f",
      "%2F",
      "%5c",
      "%5C",
      "%252e",
      "%252f",
      "%09",
      "\t",
      "\n",
      "%00",
      "a",
      "member",
      "evil.example",
      "@evil.example",
      ":",
      "?",
      "#",
      "%",
    );
    const target = fc
      .tuple(fc.constantFrom("/", "", "//", "/\\"), fc.array(piece, { maxLength: 10 }))
      .map(([head, parts]) => head + parts.join(""));
    fc.assert(
      fc.property(target, (to) => {
        const out = safeRedirect(to, "/home");
        if (out === "/home") return;
        expect(out, to).toMatch(/^\/[^/\\]|^\/$/);
        expect(decodeURIComponent(out), to).toMatch(/^\/[^/\\]|^\/$/);
        // A browser resolving the Location against the portal stays on the portal.
        expect(new URL(out, "https://portal.example").host, to).toBe("portal.example");
      }),
      { numRuns: 5000, seed: 20261126 },
    );
  });
});
