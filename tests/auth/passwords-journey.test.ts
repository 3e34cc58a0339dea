/**
 * Passwords through the route modules against the reference operator: the forced change and
 * its guard, the player's own change, and the reset by e-mail and by SMS code.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { args, CookieJar, getRequest, postRequest, run, startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let root: typeof import("~/root");
let login: typeof import("~/routes/_auth+/login");
let logout: typeof import("~/routes/_auth+/logout");
let changePassword: typeof import("~/routes/_auth+/change-password");
let forgot: typeof import("~/routes/_auth+/forgot-password");
let index: typeof import("~/routes/[index]");
let defaultPassword: string;

beforeAll(async () => {
  operator = await startPortalEnv();
  // Tests flip whitelabel switches: no settings cache.
  process.env.OPERATOR_CACHE_MS = "0";
  process.env.LOGIN_RATE_LIMIT_PER_IP = "1000";
  root = await import("~/root");
  login = await import("~/routes/_auth+/login");
  logout = await import("~/routes/_auth+/logout");
  changePassword = await import("~/routes/_auth+/change-password");
  forgot = await import("~/routes/_auth+/forgot-password");
  index = await import("~/routes/[index]");
  defaultPassword = (await import("~/features/auth/login.server")).defaultLoginPassword();
});

afterAll(async () => {
  await operator.close();
});

let serial = 0;
/** A member of this test alone (usernames 6–13 letters or digits). */
async function member(fields: { password: string; passwordExpired?: boolean; mobile?: string; email?: string }) {
  const username = `pw${process.pid % 1000}${String(++serial).padStart(3, "0")}${Math.floor(Math.random() * 100)}`.slice(0, 13);
  const res = await fetch(`${operator.url}/__reference/members`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, ...fields }),
  });
  const body = await res.json();
  if (!body.success) throw new Error(`member: ${JSON.stringify(body)}`);
  return { username, ...fields };
}

async function setFeatures(features: Record<string, boolean>) {
  await fetch(`${operator.url}/__reference/features`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ features }),
  });
}

/** A browser: cookies, the CSRF token of its first page, form posts to any action. */
async function browser() {
  const jar = new CookieJar();
  const rootData = await jar.take(await run(() => root.loader(args(getRequest("/login", jar))))).json();
  const csrf: string = rootData.csrfToken;
  const post = async (url: string, action: (a: ReturnType<typeof args>) => unknown, fields: Record<string, string>) =>
    jar.take(await run(() => action(args(postRequest(url, { csrf: jar.csrf() ?? csrf, ...fields }, jar)))));
  const get = async (url: string, loader: (a: ReturnType<typeof args>) => unknown) =>
    jar.take(await run(() => loader(args(getRequest(url, jar)))));
  const logIn = (username: string, password: string) => post("/login", login.action, { username, password });
  return { jar, post, get, logIn };
}

describe("forced change", () => {
  afterEach(async () => {
    await setFeatures({ PWDEXPFORCECHANGE3: true });
  });

  it("an expired password holds the login at /change-password until it is changed, then lands on /index and /", async () => {
    const m = await member({ password: "Expired123", passwordExpired: true });
    const b = await browser();
    const response = await b.logIn(m.username, m.password);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/change-password");

    // The guard: every page but this one and logout sends the player back here.
    for (const path of ["/", "/resources/lang", "/login", "/index"]) {
      const page = await b.get(path, root.loader);
      expect(page.status, path).toBe(302);
      expect(page.headers.get("Location"), path).toBe("/change-password");
    }
    for (const path of ["/change-password", "/logout"]) {
      expect((await b.get(path, root.loader)).status, path).toBe(200);
    }
    const page = await (await b.get("/change-password", changePassword.loader)).json();
    expect(page).toMatchObject({ forced: true, reason: "expired", askOld: true });

    const sessionBefore = b.jar.get("__session");
    const done = await b.post("/change-password", changePassword.action, {
      oldPassword: m.password,
      newPassword: "Renewed456",
      confirmNewPassword: "Renewed456",
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/index");
    expect(b.jar.get("__session")).not.toBe(sessionBefore);
    // With scripts the browser loads /index's data (root included) before following its redirect:
    // the success message must survive that for the page it lands on.
    expect((await b.get("/index", root.loader)).status).toBe(200);
    const home = await b.get("/index", index.loader);
    expect(home.status).toBe(301);
    expect(home.headers.get("Location")).toBe("/");
    const data = await (await b.get("/", root.loader)).json();
    expect(data.player.account).toBe(m.username);
    expect(data.notice).toEqual({ key: "password_changed" });

    // The new password logs in without any further change.
    const again = await browser();
    const next = await again.logIn(m.username, "Renewed456");
    expect(next.headers.get("Location")).toBe("/");
  });

  it("with PWDEXPFORCECHANGE3 off, an expired password logs straight in", async () => {
    const m = await member({ password: "Expired123", passwordExpired: true });
    await setFeatures({ PWDEXPFORCECHANGE3: false });
    const b = await browser();
    const response = await b.logIn(m.username, m.password);
    expect(response.headers.get("Location")).toBe("/");
    expect((await b.get("/", root.loader)).status).toBe(200);
  });

  it("the default password: the reason says so, the old password is not asked, the default is refused as the new one", async () => {
    const m = await member({ password: defaultPassword });
    const b = await browser();
    expect((await b.logIn(m.username, m.password)).headers.get("Location")).toBe("/change-password");
    const page = await (await b.get("/change-password", changePassword.loader)).json();
    expect(page).toMatchObject({ forced: true, reason: "default", askOld: false });

    const same = await b.post("/change-password", changePassword.action, {
      newPassword: defaultPassword,
      confirmNewPassword: defaultPassword,
    });
    expect(same.status).toBe(400);
    expect((await same.json()).result.error.newPassword).toEqual(["password_is_default"]);

    const done = await b.post("/change-password", changePassword.action, { newPassword: "MyOwn789", confirmNewPassword: "MyOwn789" });
    expect(done.headers.get("Location")).toBe("/index");
    expect((await b.get("/", root.loader)).status).toBe(200);
    expect((await (await browser()).logIn(m.username, "MyOwn789")).headers.get("Location")).toBe("/");
  });

  it("logout works while the change is pending", async () => {
    const m = await member({ password: "Expired123", passwordExpired: true });
    const b = await browser();
    await b.logIn(m.username, m.password);
    expect((await b.post("/logout", logout.action, {})).headers.get("Location")).toBe("/");
    const home = await b.get("/", root.loader);
    expect(home.status).toBe(200);
    expect((await home.json()).player).toBeNull();
  });
});

describe("own change", () => {
  it("a guest is sent to log in first", async () => {
    const b = await browser();
    const response = await b.get("/change-password", changePassword.loader);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fchange-password");
  });

  it("success: a notice, still logged in under a new session id; the old password stops working, other sessions end", async () => {
    const m = await member({ password: "Before123" });
    const other = await browser();
    await other.logIn(m.username, m.password);
    const b = await browser();
    await b.logIn(m.username, m.password);
    expect(await (await b.get("/change-password", changePassword.loader)).json()).toMatchObject({ forced: false, reason: null });

    const sessionBefore = b.jar.get("__session");
    const done = await b.post("/change-password", changePassword.action, {
      oldPassword: "Before123",
      newPassword: "After4567",
      confirmNewPassword: "After4567",
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/");
    expect(b.jar.get("__session")).not.toBe(sessionBefore);
    const home = await (await b.get("/", root.loader)).json();
    expect(home.player.account).toBe(m.username);
    expect(home.notice).toEqual({ key: "password_changed" });

    // The other browser's session was ended by the operator.
    const ended = await other.get("/", root.loader);
    expect(ended.status).toBe(303);
    const stale = await (await browser()).logIn(m.username, "Before123");
    expect(stale.status).toBe(400);
    expect((await (await browser()).logIn(m.username, "After4567")).headers.get("Location")).toBe("/");
  });

  it("a wrong old password: 'password incorrect' beside it, no password sent back", async () => {
    const m = await member({ password: "Before123" });
    const b = await browser();
    await b.logIn(m.username, m.password);
    const response = await b.post("/change-password", changePassword.action, {
      oldPassword: "NotMine999",
      newPassword: "After4567",
      confirmNewPassword: "After4567",
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text).result.error.oldPassword).toEqual(["password incorrect"]);
    expect(text).not.toContain("NotMine999");
    expect(text).not.toContain("After4567");
  });

  it("confirmation mismatch: in_confirmation_correct; weak passwords: the rule's message; same as old: refused", async () => {
    const m = await member({ password: "Before123" });
    const b = await browser();
    await b.logIn(m.username, m.password);
    const attempt = async (fields: Record<string, string>) => {
      const response = await b.post("/change-password", changePassword.action, { oldPassword: "Before123", ...fields });
      expect(response.status).toBe(400);
      return (await response.json()).result.error;
    };
    expect((await attempt({ newPassword: "After4567", confirmNewPassword: "After4568" })).confirmNewPassword).toEqual([
      "in_confirmation_correct",
    ]);
    // The seeded register rule: 6–16 letters or digits, message error_password.
    expect((await attempt({ newPassword: "abc", confirmNewPassword: "abc" })).newPassword).toEqual(["error_password"]);
    expect((await attempt({ newPassword: "Abc!@#123", confirmNewPassword: "Abc!@#123" })).newPassword).toEqual(["error_password"]);
    expect((await attempt({ newPassword: "a".repeat(17), confirmNewPassword: "a".repeat(17) })).newPassword).toEqual(["error_password"]);
    expect((await attempt({ newPassword: "Before123", confirmNewPassword: "Before123" })).newPassword).toEqual(["password_same_as_old"]);
    // None of these reached the operator, so none counted against the 3 s: a good change passes now.
    const done = await b.post("/change-password", changePassword.action, {
      oldPassword: "Before123",
      newPassword: "After4567",
      confirmNewPassword: "After4567",
    });
    expect(done.status).toBe(303);
  });

  it("at most one change per 3 s per player: a refused change counts too", async () => {
    const m = await member({ password: "Before123" });
    const b = await browser();
    await b.logIn(m.username, m.password);
    const first = await b.post("/change-password", changePassword.action, {
      oldPassword: "NotMine999",
      newPassword: "After4567",
      confirmNewPassword: "After4567",
    });
    expect(first.status).toBe(400);
    const second = await b.post("/change-password", changePassword.action, {
      oldPassword: "Before123",
      newPassword: "After4567",
      confirmNewPassword: "After4567",
    });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("Retry-After"))).toBeGreaterThan(0);
    const [message] = (await second.json()).result.error[""];
    expect(message).toMatch(/操作过于频繁，请在 [1-3] 秒后再试。/);
    // The change did not happen.
    expect((await (await browser()).logIn(m.username, "Before123")).headers.get("Location")).toBe("/");
  });
});

describe("forgot password by e-mail", () => {
  const mails = async (username: string) =>
    (await (await fetch(`${operator.url}/__reference/password-mails?username=${username}`)).json()).value as unknown[];

  it("empty fields: 'account incorrect' and 'email incorrect'; a malformed address: 'email incorrect'", async () => {
    const b = await browser();
    const empty = await b.post("/forgot-password?tab=email", forgot.action, { intent: "send-mail", username: "", email: "" });
    expect(empty.status).toBe(400);
    expect((await empty.json()).result.error).toEqual({ username: ["account incorrect"], email: ["email incorrect"] });
    const malformed = await b.post("/forgot-password?tab=email", forgot.action, {
      intent: "send-mail",
      username: "player01",
      email: "player01@",
    });
    expect(malformed.status).toBe(400);
    const { result } = await malformed.json();
    expect(result.error).toEqual({ email: ["email incorrect"] });
    expect(result.initialValue).toMatchObject({ username: "player01", email: "player01@" });
    const badAccount = await b.post("/forgot-password?tab=email", forgot.action, { intent: "send-mail", username: "ab", email: "a@b.co" });
    expect((await badAccount.json()).result.error).toEqual({ username: ["account incorrect"] });
  });

  it("success: a mail to a matching member, the same answer for a mismatch, the message on /login", async () => {
    const m = await member({ password: "Mail12345", email: "someone@example.com" });
    const b = await browser();
    const wrong = await b.post("/forgot-password?tab=email", forgot.action, {
      intent: "send-mail",
      username: m.username,
      email: "other@example.com",
    });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get("Location")).toBe("/login");
    expect(await mails(m.username)).toEqual([]);

    const right = await b.post("/forgot-password?tab=email", forgot.action, {
      intent: "send-mail",
      username: m.username,
      email: "Someone@Example.com",
    });
    expect(right.status).toBe(303);
    expect(right.headers.get("Location")).toBe("/login");
    expect(await mails(m.username)).toEqual([expect.objectContaining({ username: m.username, email: "someone@example.com" })]);
    const page = await (await b.get("/login", root.loader)).json();
    expect(page.notice).toEqual({ key: "password_mail_sent" });
  });
});

describe("forgot password by SMS", () => {
  let mobileSerial = 0;
  const mobile = () => `139${String(process.pid % 10000).padStart(4, "0")}${String(++mobileSerial).padStart(4, "0")}`;
  const codeFor = async (number: string) => {
    const body = await (await fetch(`${operator.url}/__reference/codes?mobile=${number}`)).json();
    return (body.value.sms as Array<{ purpose: string; code: string }>).filter((s) => s.purpose === "password").at(-1)?.code;
  };

  it("bad input: 'account incorrect', br_enright_cphone, and the reset fields only for the reset", async () => {
    const b = await browser();
    const response = await b.post("/forgot-password?tab=sms", forgot.action, { intent: "send-code", username: "", mobileNumber: "12ab" });
    expect(response.status).toBe(400);
    expect((await response.json()).result.error).toEqual({ username: ["account incorrect"], mobileNumber: ["br_enright_cphone"] });
    const reset = await b.post("/forgot-password?tab=sms", forgot.action, {
      intent: "reset",
      username: "player01",
      mobileNumber: "13800138000",
      verificationCode: "",
      newPassword: "abc",
      confirmNewPassword: "abd",
    });
    expect((await reset.json()).result.error).toMatchObject({
      verificationCode: ["enter_verification_code"],
      newPassword: ["error_password"],
    });
  });

  it("'code expired' when no code was sent", async () => {
    const b = await browser();
    const response = await b.post("/forgot-password?tab=sms", forgot.action, {
      intent: "reset",
      username: "player01",
      mobileNumber: "13800138000",
      verificationCode: "123456",
      newPassword: "NewPass123",
      confirmNewPassword: "NewPass123",
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text).result.error.verificationCode).toEqual(["code expired"]);
    expect(text).not.toContain("NewPass123");
  });

  it("sends a code, refuses a resend with the seconds left, resets, and the new password logs in", async () => {
    const number = mobile();
    const m = await member({ password: "OldSms123", mobile: number });
    const b = await browser();
    const sent = await b.post("/forgot-password?tab=sms", forgot.action, {
      intent: "send-code",
      username: m.username,
      mobileNumber: number,
    });
    expect(sent.status).toBe(200);
    const sentData = await sent.json();
    expect(sentData.codeSent).toBe(true);
    expect(sentData.secondsLeft).toBeGreaterThan(100);
    expect(sentData.result.initialValue).toMatchObject({ username: m.username, mobileNumber: number });
    const page = await (await b.get("/forgot-password?tab=sms", forgot.loader)).json();
    expect(page.secondsLeft).toBeGreaterThan(100);

    const resend = await b.post("/forgot-password?tab=sms", forgot.action, {
      intent: "send-code",
      username: m.username,
      mobileNumber: number,
    });
    expect(resend.status).toBe(429);
    const [wait] = (await resend.json()).result.error[""];
    expect(wait).toMatch(/^验证码已发送，请在 1\d\d 秒后再试。$/);

    const code = await codeFor(number);
    expect(code).toMatch(/^\d{6}$/);
    const done = await b.post("/forgot-password?tab=sms", forgot.action, {
      intent: "reset",
      username: m.username,
      mobileNumber: number,
      verificationCode: code!,
      newPassword: "NewSms4567",
      confirmNewPassword: "NewSms4567",
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/login");
    expect((await (await b.get("/login", root.loader)).json()).notice).toEqual({ key: "password_reset_done" });
    expect((await b.logIn(m.username, "NewSms4567")).headers.get("Location")).toBe("/");
    expect((await (await browser()).logIn(m.username, "OldSms123")).status).toBe(400);
  });

  it("a wrong code is refused beside the code, which survives the typo (five wrong entries spend it); an account that does not own the number gets no code", async () => {
    const number = mobile();
    const m = await member({ password: "OldSms123", mobile: number });
    const b = await browser();
    await b.post("/forgot-password?tab=sms", forgot.action, { intent: "send-code", username: m.username, mobileNumber: number });
    const code = await codeFor(number);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const response = await b.post("/forgot-password?tab=sms", forgot.action, {
      intent: "reset",
      username: m.username,
      mobileNumber: number,
      verificationCode: wrong,
      newPassword: "NewSms4567",
      confirmNewPassword: "NewSms4567",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).result.error.verificationCode).toEqual(["短信验证码错误或已过期"]);
    expect(await codeFor(number)).toBe(code);

    // Someone else's number: the same answer, but nothing is sent.
    const stranger = await browser();
    const other = mobile();
    const answer = await stranger.post("/forgot-password?tab=sms", forgot.action, {
      intent: "send-code",
      username: "player01",
      mobileNumber: other,
    });
    expect(answer.status).toBe(200);
    expect((await answer.json()).codeSent).toBe(true);
    expect(await codeFor(other)).toBeUndefined();
  });

  it("a logged-in player is sent to the change form; the service tab lists the entries without a label", async () => {
    const b = await browser();
    const service = await (await b.get("/forgot-password?tab=service", forgot.loader)).json();
    expect(service).toMatchObject({ tab: "service" });
    expect((service.customerService as { url: string }[]).map((s) => new URL(s.url).pathname)).toEqual([
      "/demo-service/livechat",
      "/demo-service/comm100",
    ]);
    await b.logIn("agent001", "Agent1234");
    const response = await b.get("/forgot-password", forgot.loader);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/change-password");
  });
});
