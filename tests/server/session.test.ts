/**
 * The server-held session: a signed id in an HttpOnly cookie, values in SQLite that outlive
 * a restart of the app, the secret from the environment or generated once for the demo.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

let dir: string;
beforeEach(() => {
  vi.resetModules();
  dir = mkdtempSync(path.join(tmpdir(), "session-test-"));
  process.env.DATA_DIR = dir;
  process.env.SESSION_SECRET = "secret-one";
  delete process.env.PORTAL_DEMO;
  delete process.env.OPERATOR_API_URL;
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const cookieOf = (setCookie: string) => setCookie.split(";")[0];

describe("session cookie", () => {
  it("carries only a signed random id, HttpOnly, SameSite=Lax, path /", async () => {
    const { getSession, commitSession } = await import("~/server/session.server");
    const session = await getSession(new Request("http://x/"));
    session.set("token", "operator-token-abc");
    session.set("nickname", "Lucky");
    const setCookie = await commitSession(session);
    expect(setCookie).toMatch(/^__session=/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).not.toContain("Secure");
    const value = decodeURIComponent(cookieOf(setCookie).slice("__session=".length));
    const [payload, signature] = value.split(".");
    expect(signature).toBeTruthy();
    const id = JSON.parse(Buffer.from(payload, "base64").toString());
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(value).not.toContain("operator-token-abc");
    expect(Buffer.from(payload, "base64").toString()).not.toContain("operator-token");
  });

  it("rejects a tampered cookie", async () => {
    const { getSession, commitSession } = await import("~/server/session.server");
    const session = await getSession(new Request("http://x/"));
    session.set("token", "t");
    const cookie = cookieOf(await commitSession(session));
    const forged = cookie.replace(/\.[^.]+$/, ".AAAA");
    const read = await getSession(new Request("http://x/", { headers: { Cookie: forged } }));
    expect(read.get("token")).toBeUndefined();
  });

  it("is Secure in production", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const { getSession, commitSession } = await import("~/server/session.server");
    const setCookie = await commitSession(await getSession(new Request("http://x/")));
    expect(setCookie).toContain("Secure");
  });

  it("keeps the session longer for 'remember me' and as a browser-session cookie otherwise", async () => {
    const { getSession, commitSession, REMEMBER_MAX_AGE_S } = await import("~/server/session.server");
    const s = await getSession(new Request("http://x/"));
    expect(await commitSession(s)).not.toMatch(/Max-Age/);
    s.set("remember", true);
    expect(await commitSession(s)).toContain(`Max-Age=${REMEMBER_MAX_AGE_S}`);
  });
});

describe("session store", () => {
  it("survives a restart of the app", async () => {
    const first = await import("~/server/session.server");
    const session = await first.getSession(new Request("http://x/"));
    session.set("token", "tok-restart");
    session.set("isAgent", 1);
    const cookie = cookieOf(await first.commitSession(session));

    vi.resetModules(); // a new process: new modules, new database handle, same files
    const second = await import("~/server/session.server");
    const again = await second.getSession(new Request("http://x/", { headers: { Cookie: cookie } }));
    expect(again.get("token")).toBe("tok-restart");
    expect(again.get("isAgent")).toBe(1);
  });

  it("forgets a destroyed session", async () => {
    const { getSession, commitSession, destroySession } = await import("~/server/session.server");
    const session = await getSession(new Request("http://x/"));
    session.set("token", "gone");
    const cookie = cookieOf(await commitSession(session));
    // As logout does: the session read back from the browser's cookie is the one destroyed.
    const current = await getSession(new Request("http://x/", { headers: { Cookie: cookie } }));
    expect(current.get("token")).toBe("gone");
    await destroySession(current);
    const read = await getSession(new Request("http://x/", { headers: { Cookie: cookie } }));
    expect(read.get("token")).toBeUndefined();
  });
});

describe("session secret", () => {
  it("generates one for the demo, keeps it in the data directory, and warns", async () => {
    delete process.env.SESSION_SECRET;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { sessionSecrets } = await import("~/server/config.server");
    const [secret] = sessionSecrets();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(secret);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("SESSION_SECRET is not set"));
    vi.resetModules();
    const again = await import("~/server/config.server");
    expect(again.sessionSecrets()).toEqual([secret]);
    warn.mockRestore();
  });

  it("is required in production against a real operator", async () => {
    delete process.env.SESSION_SECRET;
    vi.stubEnv("NODE_ENV", "production");
    process.env.OPERATOR_API_URL = "https://operator.example";
    const { sessionSecrets } = await import("~/server/config.server");
    expect(() => sessionSecrets()).toThrow(/SESSION_SECRET/);
    expect(existsSync(path.join(dir, "session-secret"))).toBe(false);
  });
});

describe("small cookies", () => {
  it("a device id of 36 characters kept a year, reused once set", async () => {
    const { deviceId } = await import("~/server/session.server");
    const first = await deviceId(new Request("http://x/"));
    expect(first.id).toHaveLength(36);
    expect(first.setCookie).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    const again = await deviceId(new Request("http://x/", { headers: { Cookie: cookieOf(first.setCookie!) } }));
    expect(again).toEqual({ id: first.id, setCookie: null });
  });
});

describe("login state by device", () => {
  it("is kept per device, merged on update, and forgotten on clear", async () => {
    const { readLoginState, updateLoginState, clearLoginState } = await import("~/server/login-state.server");
    expect(await readLoginState("dev-a")).toEqual({});
    await updateLoginState("dev-a", { captchaRequired: true });
    await updateLoginState("dev-a", { captchaIssuedAt: 5 });
    expect(await readLoginState("dev-a")).toEqual({ captchaRequired: true, captchaIssuedAt: 5 });
    expect(await readLoginState("dev-b")).toEqual({});
    await clearLoginState("dev-a");
    expect(await readLoginState("dev-a")).toEqual({});
  });

  it("gives the loaders and action of one first visit (one load context) the same new device id", async () => {
    const { deviceId } = await import("~/server/session.server");
    // Remix hands each loader a Request of its own, but the same load context.
    const context = { clientIp: "10.0.0.1" };
    const [a, b] = [
      await deviceId(new Request("http://x/login"), context),
      await deviceId(new Request("http://x/login?_data=root"), context),
    ];
    expect(a).toEqual(b);
    expect((await deviceId(new Request("http://x/login"), { clientIp: "10.0.0.1" })).id).not.toBe(a.id);
  });
});
