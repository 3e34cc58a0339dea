/**
 * The defects of issue 8 that live between the browser and the app, each met over real HTTP
 * against the built portal: what once answered 500, sent the visitor away, kept a page in the
 * browser's cache or left a live token in the database file.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar } from "../support/portal";
import { startLivePortal, type LivePortal } from "../support/live-portal";

let portal: LivePortal;

beforeAll(async () => {
  portal = await startLivePortal({ LOGIN_RATE_LIMIT_PER_IP: "1000000", LOGIN_RATE_LIMIT_PER_USERNAME: "1000000" });
});

afterAll(async () => {
  await portal?.close();
});

/** A browser: cookies kept, redirects not followed. */
function browser() {
  const jar = new CookieJar();
  const fetchPage = async (pathAndQuery: string, init: RequestInit = {}) =>
    jar.take(
      await fetch(portal.url + pathAndQuery, {
        redirect: "manual",
        ...init,
        headers: { Cookie: jar.header(), ...(init.headers as Record<string, string> | undefined) },
      }),
    );
  const post = (pathAndQuery: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetchPage(pathAndQuery, {
      method: "POST",
      body: new URLSearchParams({ csrf: jar.csrf() ?? "", ...fields }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    });
  return { jar, get: fetchPage, post };
}

describe("what once answered 500", () => {
  it("a cross-site post (another Origin, Origin null) answers 403 with a page on every action", async () => {
    const b = browser();
    await b.get("/login");
    for (const action of [
      "/login",
      "/register",
      "/logout",
      "/resources/lang",
      "/login/freeplay",
      "/login/firebase",
      "/login/telegram",
      "/change-password",
      "/forgot-password",
    ]) {
      for (const origin of ["https://evil.example", "null"]) {
        const response = await b.post(action, { username: "player01" }, { Origin: origin });
        expect(response.status, `${action} ${origin}`).toBe(403);
        expect(response.headers.get("Content-Type"), action).toContain("text/html");
        expect(await response.text()).toContain("<html");
      }
    }
  });

  it("a body that is not a form answers 415 with a page", async () => {
    const b = browser();
    await b.get("/login");
    const response = await b.get("/login", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("<html");
  });

  it("a honeypot time that does not decrypt is refused (400), not a 500", async () => {
    const b = browser();
    await b.get("/register");
    const response = await b.post("/register", {
      intent: "register",
      name__confirm: "",
      from__confirm: "U2FsdGVkX1+AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
      username: "x".repeat(10_000),
    });
    expect(response.status).toBe(400);
  });

  it("a forged reg_info cookie (arrays, objects, not JSON) is ignored: the registration page opens", async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64");
    for (const cookie of [`reg_info=${b64({ affiliateCode: ["a"], referralCode: { x: 1 } })}`, `reg_info=${b64(["a"])}`, "reg_info=%%%"]) {
      const response = await fetch(`${portal.url}/register`, { headers: { Cookie: cookie } });
      expect(response.status, cookie).toBe(200);
    }
  });

  it("a redirectTo with CR or LF after an accepted login lands home, with the session cookie sent", async () => {
    for (const target of ["/\r\nSet-Cookie: x=1", "/\nLocation: https://evil.example"]) {
      const b = browser();
      await b.get("/login");
      const response = await b.post("/login", { username: "player01", password: "Player123", redirectTo: target });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/");
      expect(b.jar.get("__session")).toBeTruthy();
    }
  });
});

describe("redirects", () => {
  it("a login from /login?redirectTo=%2F%09%2Fevil.example stays on the site", async () => {
    for (const target of ["/\t/evil.example", "/\t\\evil.example", "//evil.example", "/\\evil.example", "https://evil.example"]) {
      const b = browser();
      await b.get(`/login?redirectTo=${encodeURIComponent(target)}`);
      const response = await b.post(`/login?redirectTo=${encodeURIComponent(target)}`, {
        username: "player01",
        password: "Player123",
        redirectTo: target,
      });
      expect(response.status, target).toBe(303);
      expect(new URL(response.headers.get("Location")!, portal.url).origin, target).toBe(portal.url);
    }
  });
});

describe("pages", () => {
  it("hold no NUL byte in any of the six languages (React's 2 KB stream buffer, react#31134)", async () => {
    for (const lng of ["CN", "TW", "JA", "EN", "TH", "VI"]) {
      for (const page of ["/", "/login", "/register", "/forgot-password", "/no-such-page"]) {
        const bytes = new Uint8Array(await (await fetch(`${portal.url}${page}?lng=${lng}`)).arrayBuffer());
        expect(bytes.indexOf(0), `${page} ${lng}`).toBe(-1);
      }
    }
  });

  it("drawn for a logged-in player are never stored (Back after logout shows no name or balance)", async () => {
    const b = browser();
    const guest = await b.get("/");
    expect(guest.headers.get("Cache-Control") ?? "").not.toContain("no-store");
    await b.post("/login", { username: "player01", password: "Player123" });
    for (const page of ["/", "/member", "/?_data=root"]) {
      expect((await b.get(page)).headers.get("Cache-Control"), page).toBe("private, no-store");
    }
  });
});

describe("the session store", () => {
  it("is a file only its owner can read, and a copy of it holds no live token", async () => {
    const b = browser();
    await b.get("/login");
    await b.post("/login", { username: "player01", password: "Player123" });
    const file = path.join(process.env.DATA_DIR!, "portal.db");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { default: Database } = await import("better-sqlite3");
    const copy = new Database(file, { readonly: true });
    const rows = copy.prepare("SELECT data FROM sessions").all() as Array<{ data: string }>;
    copy.close();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.data).toMatch(/^v1\./);
      expect(row.data).not.toMatch(/token|player01|[0-9a-f]{32}/);
    }
  });
});

describe("the CSRF token", () => {
  it("is renewed at login and bound to the session: the token from before the login no longer passes", async () => {
    const b = browser();
    await b.get("/login");
    const before = b.jar.csrf()!;
    await b.post("/login", { username: "player01", password: "Player123" });
    const after = b.jar.csrf()!;
    expect(after).not.toBe(before);
    const page = await (await b.get("/")).text();
    expect(page).toContain(after);
    // The old token, even with its own cookie put back, is refused once logged in.
    const session = b.jar.get("__session")!;
    const oldCookie = `csrf=${encodeURIComponent(await signedCookieOf(before))}`;
    const stale = await fetch(`${portal.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `__session=${session}; ${oldCookie}` },
      body: new URLSearchParams({ csrf: before }).toString(),
    });
    expect(stale.status).toBe(403);
    expect((await b.post("/logout", {})).status).toBe(303);
  });
});

/** The csrf cookie as the portal signs it, for a token it once issued. */
async function signedCookieOf(token: string): Promise<string> {
  const { createCookie } = await import("@remix-run/node");
  const cookie = createCookie("csrf", { secrets: [process.env.SESSION_SECRET!] });
  return decodeURIComponent((await cookie.serialize(token)).split(";")[0].slice("csrf=".length));
}
