/**
 * The content security policy's navigation and frame sources (issue 22 §5): form-action and
 * frame-src name the operator's origins and the origins games were launched on, never every
 * `https:` origin; what a launch notes appears, bounded; img-src keeps `https:` for icons.
 */
import { beforeAll, describe, expect, it } from "vitest";

let security: typeof import("~/server/security-headers.server");

beforeAll(async () => {
  process.env.OPERATOR_API_URL = "http://127.0.0.1:4999";
  process.env.OPERATOR_PUBLIC_URL = "https://operator.example";
  process.env.MERCHANT_CODE = "demo";
  process.env.SESSION_SECRET = "test-secret-for-vitest-only";
  security = await import("~/server/security-headers.server");
});

function directives(): Map<string, string[]> {
  const headers = new Headers();
  security.securityHeaders(headers, "n0nce");
  const csp = headers.get("Content-Security-Policy") ?? "";
  return new Map(
    csp.split(";").map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("form-action and frame-src", () => {
  it("name no scheme on its own: no bare https: or http:", () => {
    const csp = directives();
    for (const name of ["form-action", "frame-src"]) {
      expect(csp.get(name), name).toBeDefined();
      expect(csp.get(name), name).not.toContain("https:");
      expect(csp.get(name), name).not.toContain("http:");
      expect(csp.get(name), name).not.toContain("*");
    }
    expect(csp.get("form-action")).toContain("'self'");
  });

  it("name the operator's API and public origins", () => {
    const csp = directives();
    for (const name of ["form-action", "frame-src"]) {
      expect(csp.get(name), name).toEqual(expect.arrayContaining(["http://127.0.0.1:4999", "https://operator.example"]));
    }
  });

  it("name an origin once a launch noted it, http or https", () => {
    security.noteLaunchOrigins(["https://games.vendor.example", "http://cdn-a.example:8080"]);
    const csp = directives();
    for (const name of ["form-action", "frame-src"]) {
      expect(csp.get(name), name).toEqual(expect.arrayContaining(["https://games.vendor.example", "http://cdn-a.example:8080"]));
    }
  });

  it("take only bare http(s) origins from a launch: nothing that could add a directive or a wildcard", () => {
    security.noteLaunchOrigins([
      "https://evil.example; script-src *",
      "https://evil.example/path",
      "javascript:alert(1)",
      "https://*.evil.example",
      "https://evil.example 'unsafe-inline'",
      "data:",
      "https:",
    ]);
    const headers = new Headers();
    security.securityHeaders(headers, "n0nce");
    const csp = headers.get("Content-Security-Policy") ?? "";
    expect(csp).not.toContain("evil");
    expect(csp).not.toContain("javascript");
    expect(csp).not.toContain("'unsafe-inline'");
    expect(directives().get("frame-src")).not.toContain("https:");
  });

  it("stay bounded, keeping the most recently launched origins", () => {
    security.noteLaunchOrigins(["https://early.example"]);
    for (let i = 0; i < security.SEEN_MAX + 20; i++) security.noteLaunchOrigins([`https://g${i}.example`]);
    // Launched again: moves to the end, so it survives the next ones.
    security.noteLaunchOrigins(["https://g25.example"]);
    security.noteLaunchOrigins(["https://latest.example"]);
    const frames = directives().get("frame-src")!;
    const noted = frames.filter((s) => /^https:\/\/(g\d+|early|latest)\.example$/.test(s));
    expect(noted.length).toBeLessThanOrEqual(security.SEEN_MAX);
    expect(frames).toContain("https://latest.example");
    expect(frames).toContain("https://g25.example");
    expect(frames).not.toContain("https://early.example");
    // The configured origins are never pushed out.
    expect(frames).toEqual(expect.arrayContaining(["http://127.0.0.1:4999", "https://operator.example"]));
  });
});

describe("img-src", () => {
  it("keeps https: (icons come from any image CDN) and data: (the captcha)", () => {
    const img = directives().get("img-src")!;
    expect(img).toEqual(expect.arrayContaining(["'self'", "data:", "https:", "http://127.0.0.1:4999"]));
  });
});
