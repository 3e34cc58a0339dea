/**
 * The two-factor login through the route modules (login → /login/verify), against the real
 * reference operator: what a browser without scripts gets at each step, per method.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { totp } from "../../server/operator/session/totp";
import { unseal } from "~/server/session.server";
import { args, CookieJar, getRequest, postRequest, run, startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let root: typeof import("~/root");
let login: typeof import("~/routes/_auth+/login");
let verify: typeof import("~/routes/_auth+/login_.verify");
let db: typeof import("~/server/state/sqlite.server");

const SECRET = "JBSWY3DPEHPK3PXP";
const PASSWORD = "TwoStep123";
let serial = 0;

beforeAll(async () => {
  operator = await startPortalEnv();
  root = await import("~/root");
  login = await import("~/routes/_auth+/login");
  verify = await import("~/routes/_auth+/login_.verify");
  db = await import("~/server/state/sqlite.server");
});

afterAll(async () => {
  await operator.close();
});

interface Member {
  username: string;
  mobile: string;
  email: string;
  payeeName: string;
}

/** A member of this test only, with every second-factor method. */
async function member(twoFactor = "EGSP"): Promise<Member> {
  serial += 1;
  const m = {
    username: `tfa${process.pid % 1000}x${serial}`,
    mobile: `1550000${String(process.pid % 1000).padStart(3, "0")}${serial}`.slice(0, 13),
    email: `tfa${serial}@example.com`,
    payeeName: "Li Na",
  };
  const res = await fetch(`${operator.url}/__reference/members`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...m, password: PASSWORD, twoFactor, totpSecret: SECRET, nickname: `Nick ${serial}` }),
  });
  expect((await res.json()).success).toBe(true);
  return m;
}

/** A browser that logged in with the password and was sent to /login/verify. */
async function pendingBrowser(m: Member, password = PASSWORD) {
  const jar = new CookieJar();
  const rootData = await jar.take(await run(() => root.loader(args(getRequest("/login", jar))))).json();
  const csrf: string = rootData.csrfToken;
  const post = async (url: string, fields: Record<string, string>, action: (a: any) => Promise<unknown> = verify.action) =>
    jar.take(await run(() => action(args(postRequest(url, { csrf: jar.csrf() ?? csrf, ...fields }, jar)))));
  const first = await post("/login", { username: m.username, password, redirectTo: "" }, login.action);
  expect(first.status).toBe(303);
  expect(first.headers.get("Location")).toBe("/login/verify?redirectTo=%2F");
  const page = (url = "/login/verify?redirectTo=%2F") => run(() => verify.loader(args(getRequest(url, jar))));
  return { jar, post, page };
}

const sessionRowsText = () =>
  (db.portalDb().prepare("SELECT data FROM sessions").all() as Array<{ data: string }>)
    .map((r) => JSON.stringify(unseal(r.data)))
    .join("\n");

async function expectLoggedIn(jar: CookieJar, nickname: string) {
  const home = await (await run(() => root.loader(args(getRequest("/", jar))))).json();
  expect(home.player?.nickname).toBe(nickname);
  expect(home.notice).toEqual({ key: "login_2fa_pass" });
}

describe("the verify page", () => {
  it("without a pending verification sends the player to /login", async () => {
    const jar = new CookieJar();
    const page = await run(() => verify.loader(args(getRequest("/login/verify", jar))));
    expect(page.status).toBe(303);
    expect(page.headers.get("Location")).toBe("/login");
    const rootData = await jar.take(await run(() => root.loader(args(getRequest("/login", jar))))).json();
    const post = await run(() =>
      verify.action(args(postRequest("/login/verify", { csrf: jar.csrf() ?? rootData.csrfToken, method: "G", authCode: "123456" }, jar))),
    );
    expect(post.status).toBe(303);
    expect(post.headers.get("Location")).toBe("/login");
  });

  it("offers the operator's methods in tab order (payee, SMS, authenticator, e-mail) and never the password", async () => {
    const m = await member("EGSP");
    const { page } = await pendingBrowser(m);
    const text = await (await page()).text();
    const data = JSON.parse(text);
    // Besides these, only the form's HTML constraints (field names and limits; decision 043).
    expect(data).toEqual({
      account: m.username,
      methods: ["P", "S", "G", "E"],
      method: "P",
      smsSecondsLeft: 0,
      constraint: { method: { required: true }, payeeName: { required: true, maxLength: 64 }, redirectTo: { required: false } },
    });
    expect(text).not.toContain(PASSWORD);
    expect((await (await page("/login/verify?method=G")).json()).method).toBe("G");
    // A method the account does not have falls back to the first.
    const onlyG = await member("G");
    const other = await pendingBrowser(onlyG);
    expect(await (await other.page("/login/verify?method=E")).json()).toMatchObject({ methods: ["G"], method: "G" });
    // The password is in no session row, before or after the second factor.
    expect(sessionRowsText()).not.toContain(PASSWORD);
  });
});

describe("the demo accounts", () => {
  it("secure01 finishes its login with the code of its known secret", async () => {
    const { jar, post } = await pendingBrowser({ username: "secure01", mobile: "", email: "", payeeName: "" }, "Secure123");
    const response = await post("/login/verify", { method: "G", authCode: totp(SECRET, Date.now()) });
    expect(response.status).toBe(303);
    await expectLoggedIn(jar, "Secure Player");
  });

  it("verify01 offers all four methods and passes with its payee name", async () => {
    const { jar, post, page } = await pendingBrowser({ username: "verify01", mobile: "", email: "", payeeName: "" }, "Verify123");
    expect((await (await page()).json()).methods).toEqual(["P", "S", "G", "E"]);
    expect((await post("/login/verify", { method: "P", payeeName: "Zhang Wei" })).status).toBe(303);
    await expectLoggedIn(jar, "Verify Player");
  });
});

describe("authenticator (G)", () => {
  it("a right code completes the login: 303 to the next page, the token in the session, no password anywhere", async () => {
    const m = await member();
    const { jar, post } = await pendingBrowser(m);
    const response = await post("/login/verify", { method: "G", authCode: totp(SECRET, Date.now()), redirectTo: "/" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    const rows = (db.portalDb().prepare("SELECT data FROM sessions").all() as Array<{ data: string }>).map(
      (r) => unseal(r.data) as Record<string, any>,
    );
    const row = rows.find((r) => r.username === m.username && r.token)!;
    expect(row).toBeDefined();
    expect(row.token).toMatch(/^[0-9a-f]{32,}$/);
    expect(row.pendingVerification).toBeUndefined();
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(sessionRowsText()).not.toContain(PASSWORD);
    expect(response.headers.getSetCookie().join("\n")).not.toContain(row.token);
    await expectLoggedIn(jar, `Nick ${serial}`);
    // Logged in now: the verify page has nothing left to do.
    const again = await run(() => verify.loader(args(getRequest("/login/verify", jar))));
    expect(again.headers.get("Location")).toBe("/");
  });

  it("a wrong code: 400, the catalogue's message beside the code, the method kept, the code not sent back", async () => {
    const m = await member();
    const { post } = await pendingBrowser(m);
    const wrong = String((Number(totp(SECRET, Date.now())) + 500_000) % 1_000_000).padStart(6, "0");
    const response = await post("/login/verify", { method: "G", authCode: wrong });
    expect(response.status).toBe(400);
    const text = await response.text();
    const { result } = JSON.parse(text);
    expect(result.error.authCode).toEqual(["verify_code_incorrect"]);
    expect(result.initialValue.method).toBe("G");
    expect(result.initialValue.authCode).toBeUndefined();
    expect(text).not.toContain(wrong);
    expect(text).not.toContain(PASSWORD);
  });

  it("a missing or malformed code: the message beside the field, no operator call", async () => {
    const m = await member();
    const { post } = await pendingBrowser(m);
    operator.resetCalls();
    for (const authCode of ["", "12ab56"]) {
      const response = await post("/login/verify", { method: "G", authCode });
      expect(response.status).toBe(400);
      expect((await response.json()).result.error.authCode).toEqual(["verify_auth_code_invalid"]);
    }
    expect(operator.calls.some((c) => c.path === "/wps/session/login/verification")).toBe(false);
  });

  it("five wrong codes end the pending verification: back to /login with the message", async () => {
    const m = await member();
    const { jar, post, page } = await pendingBrowser(m);
    for (let i = 0; i < 4; i++) expect((await post("/login/verify", { method: "G", authCode: "000000" })).status).toBe(400);
    const fifth = await post("/login/verify", { method: "G", authCode: "000000" });
    expect(fifth.status).toBe(303);
    expect(fifth.headers.get("Location")).toBe("/login");
    const home = await (await run(() => root.loader(args(getRequest("/login", jar))))).json();
    expect(home.notice).toEqual({ key: "login_verify_too_many" });
    // Even the right code is too late now.
    const late = await post("/login/verify", { method: "G", authCode: totp(SECRET, Date.now()) });
    expect(late.headers.get("Location")).toBe("/login");
    expect((await page()).headers.get("Location")).toBe("/login");
  });
});

describe("e-mail (E) and payee name (P)", () => {
  it("the member's e-mail completes the login; another is refused with the catalogue's message", async () => {
    const m = await member();
    const { jar, post } = await pendingBrowser(m);
    const wrong = await post("/login/verify", { method: "E", email: "someone@example.com" });
    expect(wrong.status).toBe(400);
    const { result } = await wrong.json();
    expect(result.error.email).toEqual(["verify_email_incorrect"]);
    expect(result.initialValue).toMatchObject({ method: "E", email: "someone@example.com" });
    const ok = await post("/login/verify", { method: "E", email: m.email.toUpperCase() });
    expect(ok.status).toBe(303);
    await expectLoggedIn(jar, `Nick ${serial}`);
  });

  it("a missing or malformed e-mail: the message beside the field", async () => {
    const { post } = await pendingBrowser(await member());
    expect((await (await post("/login/verify", { method: "E", email: "" })).json()).result.error.email).toEqual(["verify_email_required"]);
    expect((await (await post("/login/verify", { method: "E", email: "nope" })).json()).result.error.email).toEqual(["email incorrect"]);
  });

  it("the payee name completes the login; a missing one is asked for, a wrong one refused", async () => {
    const m = await member();
    const { jar, post } = await pendingBrowser(m);
    const missing = await post("/login/verify", { method: "P", payeeName: "  " });
    expect(missing.status).toBe(400);
    expect((await missing.json()).result.error.payeeName).toEqual(["verify_payee_required"]);
    const wrong = await post("/login/verify", { method: "P", payeeName: "Wang Fang" });
    expect((await wrong.json()).result.error.payeeName).toEqual(["verify_payee_incorrect"]);
    const ok = await post("/login/verify", { method: "P", payeeName: "li  na" });
    expect(ok.status).toBe(303);
    await expectLoggedIn(jar, `Nick ${serial}`);
  });

  it("a method the account does not have is not accepted", async () => {
    const m = await member("G");
    const { post } = await pendingBrowser(m);
    const response = await post("/login/verify", { method: "E", email: m.email });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login/verify");
  });
});

describe("SMS (S)", () => {
  const codeFor = async (mobile: string) => {
    const codes = await (await fetch(`${operator.url}/__reference/codes?mobile=${mobile}`)).json();
    return codes.value.sms.find((s: { purpose: string }) => s.purpose === "verify")?.code as string | undefined;
  };

  it("asks for a code (only the number is checked), refuses an early resend, and completes with the code", async () => {
    const m = await member();
    const { jar, post, page } = await pendingBrowser(m);

    // Without a code sent, verifying says the code expired.
    const early = await post("/login/verify", { method: "S", mobileNum: m.mobile, verificationCode: "123456" });
    expect(early.status).toBe(400);
    expect((await early.json()).result.error.verificationCode).toEqual(["code expired"]);

    const badNumber = await post("/login/verify", { method: "S", intent: "send-code", mobileNum: "12ab" });
    expect(badNumber.status).toBe(400);
    const bad = (await badNumber.json()).result.error;
    expect(bad.mobileNum).toEqual(["error_phone_number_limit"]);
    expect(bad.verificationCode).toBeUndefined();

    const sent = await post("/login/verify", { method: "S", intent: "send-code", mobileNum: m.mobile });
    expect(sent.status).toBe(200);
    expect((await sent.json()).codeSent).toBe(true);
    expect((await (await page("/login/verify?method=S")).json()).smsSecondsLeft).toBeGreaterThan(100);
    const code = await codeFor(m.mobile);
    expect(code).toMatch(/^\d{6}$/);

    const resend = await post("/login/verify", { method: "S", intent: "send-code", mobileNum: m.mobile });
    expect(resend.status).toBe(400);
    expect((await resend.json()).result.error[""][0]).toMatch(/^验证码已发送，请在 \d+ 秒后再试。$/);

    const missing = await post("/login/verify", { method: "S", mobileNum: m.mobile, verificationCode: "" });
    expect((await missing.json()).result.error.verificationCode).toEqual(["enter_verification_code"]);

    const ok = await post("/login/verify", { method: "S", mobileNum: m.mobile, verificationCode: code! });
    expect(ok.status).toBe(303);
    await expectLoggedIn(jar, `Nick ${serial}`);
  });

  it("a wrong code: 400, the catalogue's message, the number kept and the code not sent back; the button is free again", async () => {
    const m = await member();
    const { post, page } = await pendingBrowser(m);
    expect((await post("/login/verify", { method: "S", intent: "send-code", mobileNum: m.mobile })).status).toBe(200);
    const code = (await codeFor(m.mobile))!;
    const wrong = code === "999999" ? "999998" : "999999";
    const response = await post("/login/verify", { method: "S", mobileNum: m.mobile, verificationCode: wrong });
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error.verificationCode).toEqual(["verify_sms_incorrect"]);
    expect(result.initialValue).toMatchObject({ method: "S", mobileNum: m.mobile });
    expect(result.initialValue.verificationCode).toBeUndefined();
    // A failure resets the code button (document 000, section 4): no lock-out after a typo.
    expect((await (await page("/login/verify?method=S")).json()).smsSecondsLeft).toBe(0);
    const resend = await post("/login/verify", { method: "S", intent: "send-code", mobileNum: m.mobile });
    expect(resend.status).toBe(200);
    const fresh = (await codeFor(m.mobile))!;
    expect((await post("/login/verify", { method: "S", mobileNum: m.mobile, verificationCode: fresh })).status).toBe(303);
  });
});

describe("after the other login tabs", () => {
  /** Logs in on a tab and lands on /login/verify; answers the browser's post helper. */
  async function viaTab(fields: Record<string, string>) {
    const jar = new CookieJar();
    const rootData = await jar.take(await run(() => root.loader(args(getRequest("/login", jar))))).json();
    const post = async (url: string, body: Record<string, string>, action: (a: any) => Promise<unknown>) =>
      jar.take(await run(() => action(args(postRequest(url, { csrf: jar.csrf() ?? rootData.csrfToken, ...body }, jar)))));
    return { jar, post, first: () => post("/login", fields, login.action) };
  }

  it("a mobile-number-and-password login completes its second factor (operator type mobileNum re-checked)", async () => {
    const m = await member("G");
    const b = await viaTab({ tab: "mobile", mobileNum: m.mobile, password: PASSWORD, redirectTo: "" });
    const first = await b.first();
    expect(first.headers.get("Location")).toBe("/login/verify?redirectTo=%2F");
    const done = await b.post("/login/verify?method=G", { method: "G", authCode: totp(SECRET, Date.now() + 30_000) }, verify.action);
    expect(done.status).toBe(303);
    await expectLoggedIn(b.jar, `Nick ${serial}`);
  });

  it("an SMS-code login completes its second factor (the code it used counts as the first factor, once)", async () => {
    const m = await member("G");
    const b = await viaTab({});
    expect((await b.post("/login?tab=sms", { tab: "sms", intent: "send-code", mobileNum: m.mobile }, login.action)).status).toBe(200);
    const codes = (await (await fetch(`${operator.url}/__reference/codes?mobile=${m.mobile}`)).json()).value.sms as Array<{
      code: string;
      purpose: string;
    }>;
    const code = codes.find((c) => c.purpose === "login")!.code;
    const first = await b.post("/login?tab=sms", { tab: "sms", mobileNum: m.mobile, verificationCode: code, redirectTo: "" }, login.action);
    expect(first.headers.get("Location")).toBe("/login/verify?redirectTo=%2F");
    const done = await b.post("/login/verify?method=G", { method: "G", authCode: totp(SECRET, Date.now() - 30_000) }, verify.action);
    expect(done.status).toBe(303);
    await expectLoggedIn(b.jar, `Nick ${serial}`);
  });
});
