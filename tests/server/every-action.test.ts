/**
 * Every route module that exports an action refuses a post without this browser's CSRF token and
 * a post from another site, with 403. The modules are found on disk, not listed here: a new route
 * whose action skips openAction (app/server/action.server.ts) fails this test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { args, run, startPortalEnv } from "../support/portal";

type RouteModule = { action?: (a: ReturnType<typeof args>) => Promise<unknown> };

// The same files remix-flat-routes takes as routes: everything under app/routes but helpers.
const modules = import.meta.glob<RouteModule>(["../../app/routes/**/*.{ts,tsx}", "!**/*.server.*", "!**/*.client.*", "!**/*.test.*"]);

let operator: ReferenceOperator;
let withAction: Array<[string, RouteModule]>;
let csrf: { token: string; cookie: string };

beforeAll(async () => {
  operator = await startPortalEnv();
  withAction = [];
  for (const [file, load] of Object.entries(modules)) {
    const module = await load();
    if (typeof module.action === "function") withAction.push([file.replace("../../app/routes/", ""), module]);
  }
  const { csrfProtection } = await import("~/server/csrf.server");
  const [token, setCookie] = await csrfProtection().commitToken(new Request("http://portal.test/"));
  csrf = { token, cookie: String(setCookie).split(";")[0] };
});

afterAll(async () => {
  await operator.close();
});

/** A form post to the route's own path, as a browser would send it. */
function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request("http://portal.test/some/page", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: csrf.cookie, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

async function statusOf(module: RouteModule, request: Request) {
  return (await run(() => module.action!(args(request)))).status;
}

describe("every action", () => {
  it("is found: the walk sees the actions of every area", () => {
    const files = withAction.map(([file]) => file);
    expect(files).toEqual(expect.arrayContaining(["_auth+/login.tsx", "_auth+/register.tsx", "_auth+/logout.tsx", "resources+/lang.tsx"]));
    expect(files.length).toBeGreaterThanOrEqual(10);
  });

  it("answers 403 to a post without the CSRF token", async () => {
    for (const [file, module] of withAction) {
      expect(await statusOf(module, post({ username: "player01" })), file).toBe(403);
    }
  });

  it("answers 403 to a post with a token that is not this browser's", async () => {
    for (const [file, module] of withAction) {
      expect(await statusOf(module, post({ csrf: `${csrf.token}x` })), file).toBe(403);
    }
  });

  it("answers 403 to a cross-site post even with a valid token (Origin of another site, Origin null, Sec-Fetch-Site)", async () => {
    for (const [file, module] of withAction) {
      const crossSite: Array<Record<string, string>> = [
        { Origin: "https://evil.example" },
        { Origin: "null" },
        { "Sec-Fetch-Site": "cross-site" },
      ];
      for (const headers of crossSite) {
        expect(await statusOf(module, post({ csrf: csrf.token }, headers)), `${file} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
  });

  it("answers 415 to a body that is not a form and 400 to a form that cannot be read, never a 5xx", async () => {
    const bodies: Array<[string, string, number]> = [
      ["application/json", '{"csrf":"x"}', 415],
      ["text/plain", "csrf=x", 415],
      ["", "csrf=x", 415],
      ["multipart/form-data", "--x\r\nContent-Disposition: form-data\r\n\r\n--x--", 400],
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="csrf"\r\n\r\nabc', 400],
    ];
    for (const [file, module] of withAction) {
      for (const [type, body, status] of bodies) {
        const request = new Request("http://portal.test/some/page", {
          method: "POST",
          headers: { ...(type ? { "Content-Type": type } : {}), Cookie: csrf.cookie, Origin: "http://portal.test" },
          body,
        });
        if (!type) request.headers.delete("Content-Type");
        expect(await statusOf(module, request), `${file} ${type}`).toBe(status);
      }
    }
  });

  it("answers 413 to a form larger than the action takes, before reading all of it", async () => {
    const { MAX_FORM_BYTES } = await import("~/server/action.server");
    for (const [file, module] of withAction) {
      const big = post({ csrf: csrf.token, username: "x".repeat(MAX_FORM_BYTES) });
      expect(await statusOf(module, big), file).toBe(413);
      // Without a Content-Length (a chunked upload) the cap holds while reading.
      const body = new ReadableStream({
        pull(controller) {
          controller.enqueue(new TextEncoder().encode(`a=${"x".repeat(64 * 1024)}&`));
        },
      });
      const chunked = new Request("http://portal.test/some/page", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: csrf.cookie },
        body,
        duplex: "half",
      } as RequestInit);
      expect(await statusOf(module, chunked), `${file} chunked`).toBe(413);
    }
  });

  it("keeps the first value of a name sent twice: a second token cannot stand in for the first", async () => {
    const { openAction } = await import("~/server/action.server");
    const request = new Request("http://portal.test/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: csrf.cookie },
      body: new URLSearchParams([
        ["csrf", csrf.token],
        ["username", "player01"],
        ["username", "agent001"],
        ["csrf", "forged"],
      ]).toString(),
    });
    const opening = await openAction(request, {});
    expect(opening.formData.getAll("username")).toEqual(["player01"]);
    expect(opening.formData.getAll("csrf")).toEqual([csrf.token]);
    const forgedFirst = post({ csrf: "forged" });
    const { login } = { login: withAction.find(([f]) => f === "_auth+/login.tsx")![1] };
    expect(await statusOf(login, forgedFirst)).toBe(403);
  });

  it("lets a same-site post with the token through the opening (whatever the route then answers)", async () => {
    for (const [file, module] of withAction) {
      const status = await statusOf(module, post({ csrf: csrf.token }, { Origin: "http://portal.test", "Sec-Fetch-Site": "same-origin" }));
      expect(status, file).not.toBe(403);
      expect(status, file).toBeLessThan(500);
    }
  });
});
