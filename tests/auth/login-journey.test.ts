/**
 * The first journey through the route modules themselves (loader → action → loader), against
 * the real reference operator: what a browser without scripts gets at each step.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { unseal } from "~/server/session.server";
import { args, CookieJar, getRequest, postRequest, run, startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let root: typeof import("~/root");
let login: typeof import("~/routes/_auth+/login");
let logout: typeof import("~/routes/_auth+/logout");
let lang: typeof import("~/routes/resources+/lang");
let db: typeof import("~/server/state/sqlite.server");

beforeAll(async () => {
  operator = await startPortalEnv();
  process.env.LOGIN_RATE_LIMIT_PER_USERNAME = "6";
  root = await import("~/root");
  login = await import("~/routes/_auth+/login");
  logout = await import("~/routes/_auth+/logout");
  lang = await import("~/routes/resources+/lang");
  db = await import("~/server/state/sqlite.server");
});

afterAll(async () => {
  await operator.close();
});

/** A browser: opens /login, keeps cookies, posts the form with the page's CSRF token. */
async function browser() {
  const jar = new CookieJar();
  const rootData = await jar.take(await run(() => root.loader(args(getRequest("/login", jar))))).json();
  jar.take(await run(() => login.loader(args(getRequest("/login", jar)))));
  const csrf: string = rootData.csrfToken;
  const post = async (url: string, fields: Record<string, string>, action = login.action) =>
    jar.take(await run(() => action(args(postRequest(url, { csrf: jar.csrf() ?? csrf, ...fields }, jar)))));
  return { jar, csrf, post };
}

const sessionRows = () =>
  (db.portalDb().prepare("SELECT id, data FROM sessions").all() as Array<{ id: string; data: string }>).map((r) => ({
    id: r.id,
    data: unseal(r.data)!,
  }));

describe("login with bad input", () => {
  it("empty fields: 400, in_incorrect_password on both fields", async () => {
    const { post } = await browser();
    const response = await post("/login", { username: "", password: "" });
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error.username).toEqual(["in_incorrect_password"]);
    expect(result.error.password).toEqual(["in_incorrect_password"]);
  });

  it("a 5-character username: reg_pattern_4, the username kept, the password not sent back", async () => {
    const { post } = await browser();
    const response = await post("/login", { username: "abc12", password: "Secret123" });
    expect(response.status).toBe(400);
    const text = await response.text();
    const { result } = JSON.parse(text);
    expect(result.error.username).toEqual(["reg_pattern_4"]);
    expect(result.initialValue.username).toBe("abc12");
    expect(text).not.toContain("Secret123");
  });

  it("a short password: error_password", async () => {
    const { post } = await browser();
    const { result } = await (await post("/login", { username: "player01", password: "abc" })).json();
    expect(result.error.password).toEqual(["error_password"]);
  });

  it("a wrong password: 400 with in_incorrect_password beside the password", async () => {
    const { post } = await browser();
    const response = await post("/login", { username: "expired01", password: "WrongPass1" });
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error.password).toEqual(["in_incorrect_password"]);
    expect(result.initialValue.username).toBe("expired01");
    expect(result.initialValue.password).toBeUndefined();
  });

  it("a post without the CSRF token is refused with 403", async () => {
    const jar = new CookieJar();
    const response = await run(() => login.action(args(postRequest("/login", { username: "player01", password: "Player123" }, jar))));
    expect(response.status).toBe(403);
  });
});

describe("the journey", () => {
  it("logs in, shows nickname and balance, keeps the token on the server, logs out", async () => {
    const { jar, post } = await browser();
    const response = await post("/login", { username: "player01", password: "Player123", remember: "on" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");

    // The cookie is a signed id only; the token lives in the portal's store.
    const cookie = jar.get("__session")!;
    const rows = sessionRows().filter((r) => r.data.token);
    const row = rows.find((r) => cookie.includes(Buffer.from(JSON.stringify(r.id)).toString("base64").slice(0, 20)))!;
    expect(row).toBeDefined();
    const token = String(row.data.token);
    expect(token).toMatch(/^[0-9a-f]{32,}$/);
    expect(decodeURIComponent(cookie)).not.toContain(token);
    expect(row.data).toMatchObject({ account: "player01", isAgent: 0, nickname: "Lucky Player", merchantCode: "demo" });
    const setCookies = response.headers.getSetCookie().join("\n");
    expect(setCookies).toMatch(/__session=[^;]+;.*HttpOnly/);
    expect(setCookies).toMatch(/SameSite=Lax/);
    expect(setCookies).not.toContain(token);
    // "Remember me" keeps the username for a day, never the password.
    expect(setCookies).toMatch(/last_username=[^;]+; Max-Age=86400/);
    expect(setCookies).not.toContain("Player123");

    const home = await run(() => root.loader(args(getRequest("/", jar))));
    const body = await home.text();
    expect(body).not.toContain(token);
    const data = JSON.parse(body);
    expect(data.player).toEqual({
      vipLabel: "Gold",
      nickname: "Lucky Player",
      account: "player01",
      balance: "¥12,345.68",
      trial: false,
      balanceHidden: false,
      // The header's Deposit: the demo merchant has DEPOSIT on.
      deposit: true,
    });

    // The remembered username fills the form next time.
    const page = await (await run(() => login.loader(args(getRequest("/login", jar))))).status;
    expect(page).toBe(302);

    const out = await post("/logout", {}, logout.action);
    expect(out.status).toBe(303);
    expect(out.headers.get("Location")).toBe("/");
    // The operator revoked the token, and the portal forgot it.
    const revoked = await fetch(`${operator.url}/wps/member/info`, { headers: { Merchant: "demo", Authorization: token } });
    expect((await revoked.json()).errorCode).toBe("user.or.token.invalid");
    expect(sessionRows().some((r) => r.data.token === token)).toBe(false);
    const after = await (await run(() => root.loader(args(getRequest("/", jar))))).json();
    expect(after.player).toBeNull();
    expect(after.notice).toEqual({ key: "logged_out" });
    const lastUsername = await (await run(() => login.loader(args(getRequest("/login", jar))))).json();
    expect(lastUsername.lastUsername).toBe("player01");
  });

  it("a session the operator ended sends the player home with the message, session cleared", async () => {
    const { jar, post } = await browser();
    expect((await post("/login", { username: "agent001", password: "Agent1234" })).status).toBe(303);
    operator.expireTokens();
    const response = await run(() => root.loader(args(getRequest("/", jar))));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    jar.take(response);
    const home = await (await run(() => root.loader(args(getRequest("/", jar))))).json();
    expect(home.player).toBeNull();
    expect(home.notice.text).toBeTruthy();
  });

  it("a session the operator ended, met by a page's own call (/member) or by a form post (/change-password), also ends here", async () => {
    const member = await import("~/routes/member+/index");
    const changePassword = await import("~/routes/_auth+/change-password");
    for (const meet of [
      (jar: CookieJar) => run(() => member.loader(args(getRequest("/member", jar)))),
      async (jar: CookieJar, csrf: string) =>
        run(() =>
          changePassword.action(
            args(
              postRequest(
                "/change-password",
                { csrf, oldPassword: "Agent1234", newPassword: "Agent5678", confirmNewPassword: "Agent5678" },
                jar,
              ),
            ),
          ),
        ),
    ]) {
      const { jar, post, csrf } = await browser();
      expect((await post("/login", { username: "agent001", password: "Agent1234" })).status).toBe(303);
      operator.expireTokens();
      const response = jar.take(await meet(jar, jar.csrf() ?? csrf));
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/");
      const home = await (await run(() => root.loader(args(getRequest("/", jar))))).json();
      expect(home.player).toBeNull();
      expect(home.notice.text).toBeTruthy();
    }
  });

  it("a GET of /logout never logs out", async () => {
    const { jar, post } = await browser();
    await post("/login", { username: "player01", password: "Player123" });
    const confirm = await run(() => logout.loader(args(getRequest("/logout", jar))));
    expect(confirm.status).toBe(200);
    const home = await (await run(() => root.loader(args(getRequest("/", jar))))).json();
    expect(home.player.nickname).toBe("Lucky Player");
  });
});

describe("captcha and rate limits", () => {
  it("after three failures the operator asks for a captcha, which the page shows and the login passes with", async () => {
    const { jar, post } = await browser();
    for (let i = 0; i < 3; i++) await post("/login", { username: "secure01", password: "WrongPass1" });
    const page = await (await run(() => login.loader(args(getRequest("/login", jar))))).json();
    expect(page.captchaRequired).toBe(true);
    expect(page.captchaImage).toMatch(/^data:image\/svg\+xml;base64,/);

    // Without the captcha the form is refused beside the captcha field.
    const missing = await (await post("/login", { username: "secure01", password: "Secure123" })).json();
    expect(missing.result.error.captcha).toEqual(["captcha_required"]);

    const deviceId = JSON.parse(Buffer.from(decodeURIComponent(jar.get("device_id")!), "base64").toString());
    const codes = await (await fetch(`${operator.url}/__reference/codes?deviceId=${deviceId}`)).json();
    const response = await post("/login", { username: "secure01", password: "Secure123", captcha: codes.value.captcha });
    // secure01 needs a second factor: the route sends the player on to it with the methods kept.
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/^\/login\/verify/);
  });

  it("limits attempts per username", async () => {
    const { post } = await browser();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await post("/login", { username: "nobody999", password: "WrongPass1" })).status);
    }
    expect(statuses.slice(0, 6).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });
});

describe("language", () => {
  it("detects ?lng=, then the cookie, else the operator's default", async () => {
    const jar = new CookieJar();
    expect((await (await run(() => root.loader(args(getRequest("/", jar))))).json()).locale).toBe("CN");
    expect((await (await run(() => root.loader(args(getRequest("/?lng=TH", jar))))).json()).locale).toBe("TH");
    const withCookie = new Request("http://portal.test/", { headers: { Cookie: `lng=${btoa('"VI"')}` } });
    expect((await (await run(() => root.loader(args(withCookie)))).json()).locale).toBe("VI");
    // ?lng= wins over the cookie; an unknown language falls back.
    const both = new Request("http://portal.test/?lng=EN", { headers: { Cookie: `lng=${btoa('"VI"')}` } });
    expect((await (await run(() => root.loader(args(both)))).json()).locale).toBe("EN");
    expect((await (await run(() => root.loader(args(getRequest("/?lng=XX", jar))))).json()).locale).toBe("CN");
  });

  it("the language form sets the cookie and returns where the player was", async () => {
    const { jar, post } = await browser();
    const response = await post("/resources/lang", { lng: "JA", redirectTo: "/login" }, lang.action);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login");
    expect((await (await run(() => root.loader(args(getRequest("/", jar))))).json()).locale).toBe("JA");
    // An outside address is never a redirect target.
    const evil = await post("/resources/lang", { lng: "EN", redirectTo: "https://evil.test/" }, lang.action);
    expect(evil.headers.get("Location")).toBe("/");
  });
});
