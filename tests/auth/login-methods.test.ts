/**
 * The ways in of /login (username, mobile number and password, mobile number and SMS code)
 * through the route modules against the reference operator, and their schemas.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sideLinks } from "~/routes/_auth+/login.server";
import { parseWithZod } from "@conform-to/zod";
import type { ReferenceOperator } from "../../server/operator/index";
import { args, CookieJar, getRequest, postRequest, run, startPortalEnv } from "../support/portal";
import { countryDialingCode, mobileNumber, phoneLoginNumber } from "~/schemas/rules";
import { mobileLoginSchema, schemaForLogin, smsLoginSchema, smsRequestSchema } from "~/schemas/login";

let operator: ReferenceOperator;
let root: typeof import("~/root");
let login: typeof import("~/routes/_auth+/login");
let resources: typeof import("~/i18n/resources");

beforeAll(async () => {
  operator = await startPortalEnv();
  // Switches flip between tests: settings are read afresh every time.
  process.env.OPERATOR_CACHE_MS = "0";
  process.env.LOGIN_RATE_LIMIT_PER_USERNAME = "1000";
  process.env.LOGIN_RATE_LIMIT_PER_IP = "1000";
  root = await import("~/root");
  login = await import("~/routes/_auth+/login");
  resources = await import("~/i18n/resources");
});

afterAll(async () => {
  await operator.close();
});

afterEach(async () => {
  await setFeatures({ MOBILELOGIN3: true, MOBILEVERCODELOGIN3: true, UPDATEMOBILEICC3: true });
});

const CN = () => ({ ...resources.resources.CN.common, ...resources.resources.CN.auth }) as Record<string, string>;

async function setFeatures(features: Record<string, boolean>) {
  const res = await fetch(`${operator.url}/__reference/features`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ features }),
  });
  expect(res.ok).toBe(true);
}

let serial = 0;
/** A member of this file's own, with a mobile number nobody else uses. */
async function member(options: { password?: string } = {}) {
  serial += 1;
  const suffix = `${process.pid % 10000}`.padStart(4, "0") + `${serial}`.padStart(3, "0");
  const account = { username: `lm${suffix}`, password: options.password ?? "Mobile123", mobile: `1370${suffix}` };
  const res = await fetch(`${operator.url}/__reference/members`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...account, nickname: `LM ${suffix}` }),
  });
  expect(res.ok).toBe(true);
  return account;
}

async function smsCodeFor(mobile: string): Promise<string> {
  const body = await (await fetch(`${operator.url}/__reference/codes?mobile=${mobile}`)).json();
  const code = body.value.sms.find((s: { purpose: string }) => s.purpose === "login")?.code;
  expect(code).toMatch(/^\d+$/);
  return code;
}

/** A browser: opens /login, keeps cookies, posts with the page's CSRF token. */
async function browser() {
  const jar = new CookieJar();
  const rootData = await jar.take(await run(() => root.loader(args(getRequest("/login", jar))))).json();
  jar.take(await run(() => login.loader(args(getRequest("/login", jar)))));
  const csrf: string = rootData.csrfToken;
  const post = async (fields: Record<string, string>, url = "/login") =>
    jar.take(await run(() => login.action(args(postRequest(url, { csrf: jar.csrf() ?? csrf, ...fields }, jar)))));
  const page = async (url = "/login") => (await run(() => login.loader(args(getRequest(url, jar))))).json();
  return { jar, post, page };
}

const errorsOf = async (response: Response) => (await response.json()).result.error as Record<string, string[]>;

// ── schemas ─────────────────────────────────────────────────────────────────────────────

describe("mobile and country-code rules", () => {
  it("a mobile number is 10 to 16 digits (error_phone_number_limit), spaces around forgiven", () => {
    expect(mobileNumber.safeParse("1380013800").success).toBe(true);
    expect(mobileNumber.safeParse(" 1234567890123456 ").success).toBe(true);
    for (const bad of ["138001380", "12345678901234567", "138-0013-8000", "13800abc000", ""]) {
      const r = mobileNumber.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0].message).toBe("error_phone_number_limit");
    }
  });

  it("as a login name the same rule answers 'enter correct phone'", () => {
    expect(phoneLoginNumber.safeParse("13800138000").success).toBe(true);
    expect(phoneLoginNumber.safeParse("player01").error?.issues[0].message).toBe("enter correct phone");
  });

  it("the country dialing code is optional, else 1 to 3 digits (error_country_code_limit)", () => {
    for (const ok of [undefined, "", "1", "86", "886"]) expect(countryDialingCode.safeParse(ok).success, String(ok)).toBe(true);
    for (const bad of ["8866", "+86", "a1"]) {
      expect(countryDialingCode.safeParse(bad).error?.issues[0].message, bad).toBe("error_country_code_limit");
    }
  });

  it("asking for a code checks only the number fields; logging in checks number, code and captcha", () => {
    const form = (fields: Record<string, string>) => {
      const fd = new FormData();
      for (const [k, v] of Object.entries(fields)) fd.set(k, v);
      return fd;
    };
    const request = parseWithZod(form({ mobileNum: "13800138000", intent: "send-code" }), { schema: smsRequestSchema });
    expect(request.status).toBe("success");
    expect(schemaForLogin("sms", { captchaRequired: true, intent: "send-code" })).toBe(smsRequestSchema);

    const loginEmpty = parseWithZod(form({ mobileNum: "1380" }), { schema: smsLoginSchema({ captchaRequired: true }) });
    expect(loginEmpty.status).toBe("error");
    expect(loginEmpty.status === "error" && loginEmpty.error).toEqual({
      mobileNum: ["enter correct phone"],
      verificationCode: ["enter_verification_code"],
      captcha: ["captcha_required"],
    });
    const mobile = parseWithZod(form({ mobileNum: "", password: "" }), { schema: mobileLoginSchema({ captchaRequired: false }) });
    expect(mobile.status === "error" && mobile.error).toEqual({ mobileNum: ["enter correct phone"], password: ["in_incorrect_password"] });
  });
});

describe("the login page's side menu", () => {
  it("shows customer service, the speed check and the app download only when configured with a url", () => {
    expect(sideLinks({})).toEqual([]);
    expect(
      sideLinks({
        customerService: [{ path: "https://cs.example/chat" }],
        resources: [
          { resourceType: "SpeedTest", url: "https://speed.example/" },
          { resourceType: "Android", url: "https://dl.example/app.apk" },
          { resourceType: "WECHAT", url: "https://wechat.example/" },
        ],
      }),
    ).toEqual([
      { label: "login_customer_service", href: "https://cs.example/chat" },
      { label: "login_speed_check", href: "https://speed.example/" },
      { label: "login_app_download", href: "/download" },
    ]);
    expect(sideLinks({ resources: [{ resourceType: "SpeedTest", url: null }] })).toEqual([]);
    // A path of this site (the portal's own speed test) is a speed check too; "//host" and the like are not.
    expect(sideLinks({ resources: [{ resourceType: "SpeedTest", url: "/speed-test" }] })).toEqual([
      { label: "login_speed_check", href: "/speed-test" },
    ]);
    for (const url of ["//evil.example/", "/\\evil.example", "javascript:alert(1)", "speed-test", "/a b"]) {
      expect(sideLinks({ resources: [{ resourceType: "SpeedTest", url }] }), url).toEqual([]);
    }
  });
});

// ── the tabs and their switches ─────────────────────────────────────────────────────────

describe("tabs by switch", () => {
  it("every switch on: three tabs, the country code field, the switches passed to the other ways in", async () => {
    const { page } = await browser();
    const data = await page("/login?tab=sms&redirectTo=%2Fmember");
    expect(data.tabs).toEqual(["password", "sms", "mobile"]);
    expect(data.tab).toBe("sms");
    expect(data.countryCodeField).toBe(true);
    expect(data.redirectTo).toBe("/member");
    expect(data.enabledSwitches).toEqual(expect.arrayContaining(["MOBILELOGIN3", "MOBILEVERCODELOGIN3", "FREEPLAY3"]));
  });

  it("a target outside the site is dropped", async () => {
    const { page } = await browser();
    expect((await page("/login?redirectTo=https%3A%2F%2Fevil.example%2F")).redirectTo).toBe("");
  });

  it("MOBILEVERCODELOGIN3 off: no SMS tab, its address shows the username tab, its posts are refused with 404", async () => {
    await setFeatures({ MOBILEVERCODELOGIN3: false, UPDATEMOBILEICC3: false });
    const { page, post } = await browser();
    const data = await page("/login?tab=sms");
    expect(data.tabs).toEqual(["password", "mobile"]);
    expect(data.tab).toBe("password");
    expect(data.countryCodeField).toBe(false);
    expect((await post({ tab: "sms", intent: "send-code", mobileNum: "13800138000" })).status).toBe(404);
    expect((await post({ tab: "sms", mobileNum: "13800138000", verificationCode: "123456" })).status).toBe(404);
  });

  it("MOBILELOGIN3 off: no mobile tab, its posts are refused with 404", async () => {
    await setFeatures({ MOBILELOGIN3: false });
    const { page, post } = await browser();
    const data = await page("/login?tab=mobile");
    expect(data.tabs).toEqual(["password", "sms"]);
    expect(data.tab).toBe("password");
    expect((await post({ tab: "mobile", mobileNum: "13800138000", password: "Player123" })).status).toBe(404);
  });

  it("an unknown tab is refused with 404", async () => {
    const { post } = await browser();
    expect((await post({ tab: "telepathy", username: "player01", password: "Player123" })).status).toBe(404);
  });
});

// ── mobile number and password ──────────────────────────────────────────────────────────

describe("mobile number and password", () => {
  it("logs in with the number and password (operator type mobileNum) and goes to the target", async () => {
    const account = await member();
    const { jar, post } = await browser();
    const response = await post({
      tab: "mobile",
      mobileNum: account.mobile,
      password: account.password,
      redirectTo: "/member",
      remember: "on",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/member");
    const home = await (await run(() => root.loader(args(getRequest("/", jar))))).json();
    expect(home.player.account).toBe(account.username);
    // Remember me keeps the number for the next visit.
    expect(response.headers.getSetCookie().join("\n")).toMatch(/last_username=[^;]+; Max-Age=86400/);
  });

  it("bad input: 'enter correct phone' beside the number, error_password beside a short password; the number kept, the password not", async () => {
    const { post } = await browser();
    const phone = await post({ tab: "mobile", mobileNum: "12345", password: "Secret123" });
    expect(phone.status).toBe(400);
    const text = await phone.text();
    const { result } = JSON.parse(text);
    expect(result.error).toEqual({ mobileNum: ["enter correct phone"] });
    expect(result.initialValue.mobileNum).toBe("12345");
    expect(text).not.toContain("Secret123");
    expect(await errorsOf(await post({ tab: "mobile", mobileNum: "13800138000", password: "abc" }))).toEqual({
      password: ["error_password"],
    });
    expect(await errorsOf(await post({ tab: "mobile", mobileNum: "", password: "" }))).toEqual({
      mobileNum: ["enter correct phone"],
      password: ["in_incorrect_password"],
    });
  });

  it("a wrong password: 400 with in_incorrect_password beside the password", async () => {
    const account = await member();
    const { post } = await browser();
    const response = await post({ tab: "mobile", mobileNum: account.mobile, password: "Wrong12345" });
    expect(response.status).toBe(400);
    expect((await response.json()).result.error).toEqual({ password: ["in_incorrect_password"] });
  });

  it("the default password forces the password change", async () => {
    const account = await member({ password: "Aa123456" });
    const { post } = await browser();
    const response = await post({ tab: "mobile", mobileNum: account.mobile, password: "Aa123456" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/change-password");
  });
});

// ── mobile number and SMS code ──────────────────────────────────────────────────────────

describe("mobile number and SMS code", () => {
  it("asks for a code, counts down, refuses an early resend with the seconds left, logs in with the code", async () => {
    const account = await member();
    const { jar, post, page } = await browser();

    const sent = await post({ tab: "sms", intent: "send-code", mobileNum: account.mobile, countryDialingCode: "86" });
    expect(sent.status).toBe(200);
    const sentBody = await sent.json();
    expect(sentBody.codeSent).toBe(true);
    expect(sentBody.result.initialValue.mobileNum).toBe(account.mobile);
    // The countdown is the answer's expiredMinutes (2) × 60 s.
    const left = (await page("/login?tab=sms")).smsSecondsLeft;
    expect(left).toBeGreaterThan(110);
    expect(left).toBeLessThanOrEqual(120);

    const again = await post({ tab: "sms", intent: "send-code", mobileNum: account.mobile });
    expect(again.status).toBe(400);
    const [message] = (await again.json()).result.error[""];
    const seconds = Number(/(\d+)/.exec(message)?.[1]);
    expect(seconds).toBeGreaterThan(100);
    expect(message).toBe(CN().sms_resend_wait.replace("{{seconds}}", String(seconds)));

    const code = await smsCodeFor(account.mobile);
    // An SMS code is not a password: the default-password rule does not apply to it, even when
    // the code happens to equal the default password.
    process.env.DEFAULT_LOGIN_PASSWORD = code;
    const { config, reloadConfig } = await import("~/server/config.server");
    expect(reloadConfig().DEFAULT_LOGIN_PASSWORD).toBe(code);
    let response: Response;
    try {
      response = await post({ tab: "sms", mobileNum: account.mobile, verificationCode: code, redirectTo: "/member" });
    } finally {
      delete process.env.DEFAULT_LOGIN_PASSWORD;
      reloadConfig();
    }
    expect(config().DEFAULT_LOGIN_PASSWORD).toBe("Aa123456");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/member");
    const home = await (await run(() => root.loader(args(getRequest("/", jar))))).json();
    expect(home.player.account).toBe(account.username);
  });

  it("verifying with no code sent: 'code expired', and the code is forgotten after a login", async () => {
    const account = await member();
    const { post } = await browser();
    const none = await post({ tab: "sms", mobileNum: account.mobile, verificationCode: "123456" });
    expect(none.status).toBe(400);
    expect((await none.json()).result.error).toEqual({ verificationCode: ["code expired"] });

    expect((await post({ tab: "sms", intent: "send-code", mobileNum: account.mobile })).status).toBe(200);
    const code = await smsCodeFor(account.mobile);
    expect((await post({ tab: "sms", mobileNum: account.mobile, verificationCode: code })).status).toBe(303);

    // A new browser that never asked for a code cannot use it either.
    const other = await browser();
    const reuse = await other.post({ tab: "sms", mobileNum: account.mobile, verificationCode: code });
    expect((await reuse.json()).result.error).toEqual({ verificationCode: ["code expired"] });
  });

  it("a wrong code: 400 with sms_code_incorrect beside the code; the code survives the typo", async () => {
    const account = await member();
    const { post } = await browser();
    expect((await post({ tab: "sms", intent: "send-code", mobileNum: account.mobile })).status).toBe(200);
    const code = await smsCodeFor(account.mobile);
    const wrong = await post({ tab: "sms", mobileNum: account.mobile, verificationCode: code === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(400);
    const body = await wrong.json();
    expect(body.result.error).toEqual({ verificationCode: ["sms_code_incorrect"] });
    expect(body.result.initialValue.mobileNum).toBe(account.mobile);
    expect(body.result.initialValue.verificationCode).toBeUndefined();
    // The operator allows a few entries per code: the right one after the typo logs in.
    expect((await post({ tab: "sms", mobileNum: account.mobile, verificationCode: code })).status).toBe(303);
  });

  it("a wrong code resets the code button: no two-minute wait, a new code may be asked for at once (issue 23)", async () => {
    const account = await member();
    const { post, page } = await browser();
    expect((await post({ tab: "sms", intent: "send-code", mobileNum: account.mobile })).status).toBe(200);
    expect((await page("/login?tab=sms")).smsSecondsLeft).toBeGreaterThan(110);
    const code = await smsCodeFor(account.mobile);
    expect((await post({ tab: "sms", mobileNum: account.mobile, verificationCode: code === "000000" ? "111111" : "000000" })).status).toBe(
      400,
    );
    expect((await page("/login?tab=sms")).smsSecondsLeft).toBe(0);

    const again = await post({ tab: "sms", intent: "send-code", mobileNum: account.mobile });
    expect(again.status).toBe(200);
    expect((await again.json()).codeSent).toBe(true);
    const fresh = await smsCodeFor(account.mobile);
    expect((await post({ tab: "sms", mobileNum: account.mobile, verificationCode: fresh })).status).toBe(303);
  });

  it("a code sent to another number does not count", async () => {
    const a = await member();
    const b = await member();
    const { post } = await browser();
    expect((await post({ tab: "sms", intent: "send-code", mobileNum: a.mobile })).status).toBe(200);
    const code = await smsCodeFor(a.mobile);
    const response = await post({ tab: "sms", mobileNum: b.mobile, verificationCode: code });
    expect((await response.json()).result.error).toEqual({ verificationCode: ["code expired"] });
  });

  it("bad input per rule, each with its message and 400", async () => {
    const { post } = await browser();
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ intent: "send-code", mobileNum: "" }, { mobileNum: ["error_phone_number_limit"] }],
      [{ intent: "send-code", mobileNum: "138001" }, { mobileNum: ["error_phone_number_limit"] }],
      [{ intent: "send-code", mobileNum: "13800138000", countryDialingCode: "8866" }, { countryDialingCode: ["error_country_code_limit"] }],
      [{ mobileNum: "abc", verificationCode: "1234" }, { mobileNum: ["enter correct phone"] }],
      [{ mobileNum: "13800138000", verificationCode: "" }, { verificationCode: ["enter_verification_code"] }],
      [{ mobileNum: "13800138000", verificationCode: "12345678901" }, { verificationCode: ["enter_verification_code"] }],
    ];
    for (const [fields, errors] of cases) {
      const response = await post({ tab: "sms", ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const body = await response.json();
      expect(body.result.error, JSON.stringify(fields)).toEqual(errors);
      expect(body.codeSent).toBeUndefined();
    }
  });

  it("three wrong codes: the operator asks for a captcha, which the SMS tab then shows and requires", async () => {
    const account = await member();
    const { post, page } = await browser();
    expect((await post({ tab: "sms", intent: "send-code", mobileNum: account.mobile })).status).toBe(200);
    const code = await smsCodeFor(account.mobile);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 3; i++) await post({ tab: "sms", mobileNum: account.mobile, verificationCode: wrong });
    const data = await page("/login?tab=sms");
    expect(data.captchaRequired).toBe(true);
    expect(data.captchaImage).toMatch(/^data:image\//);
    const missing = await post({ tab: "sms", mobileNum: account.mobile, verificationCode: code });
    expect((await missing.json()).result.error).toEqual({ captcha: ["captcha_required"] });
  });
});
