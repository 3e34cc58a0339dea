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

  it("answers 400, never a 5xx, to a body that is not a form (JSON, text, a multipart without its boundary)", async () => {
    const bodies: Array<[string, string]> = [
      ["application/json", '{"csrf":"x"}'],
      ["text/plain", "csrf=x"],
      ["multipart/form-data", "--x\r\nContent-Disposition: form-data\r\n\r\n--x--"],
    ];
    for (const [file, module] of withAction) {
      for (const [type, body] of bodies) {
        const request = new Request("http://portal.test/some/page", {
          method: "POST",
          headers: { "Content-Type": type, Cookie: csrf.cookie, Origin: "http://portal.test" },
          body,
        });
        expect(await statusOf(module, request), `${file} ${type}`).toBe(400);
      }
    }
  });

  it("lets a same-site post with the token through the opening (whatever the route then answers)", async () => {
    for (const [file, module] of withAction) {
      const status = await statusOf(module, post({ csrf: csrf.token }, { Origin: "http://portal.test", "Sec-Fetch-Site": "same-origin" }));
      expect(status, file).not.toBe(403);
      expect(status, file).toBeLessThan(500);
    }
  });
});
