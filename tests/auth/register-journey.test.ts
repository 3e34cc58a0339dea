/**
 * Registration through the route modules against the real reference operator: the agreement
 * step, each check of section 5 in its order with its message and 400, success (303, logged
 * in, the message with account and mobile), operator refusals, affiliates, the honeypot and
 * the SMS resend block.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { signReferenceFirebaseToken } from "../../server/operator/session/identity";
import { args, CookieJar, getRequest, postRequest, run, startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let root: typeof import("~/root");
let register: typeof import("~/routes/_auth+/register");
let registerHtml: typeof import("~/routes/_auth+/register[.]html");

beforeAll(async () => {
  operator = await startPortalEnv();
  // Switches and rules change between tests: no cached settings.
  process.env.OPERATOR_CACHE_MS = "0";
  root = await import("~/root");
  register = await import("~/routes/_auth+/register");
  registerHtml = await import("~/routes/_auth+/register[.]html");
});

afterAll(async () => {
  await operator.close();
});

const reference = (path: string, body: unknown) =>
  fetch(`${operator.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then(
    (r) => r.json(),
  );
const setFeatures = (features: Record<string, boolean>) => reference("/__reference/features", { features });
const codes = async (query: string) => (await (await fetch(`${operator.url}/__reference/codes?${query}`)).json()).value;

afterEach(async () => {
  await setFeatures({ REG3: true, USERNAMEREG3: true, MOBILENUMREG3: true, REGMOBVERF3: true, MOBILENUMPASSREG3: true, AFFILIATE3: true });
  await reference("/__reference/register-rules", { rules: null });
});

let seq = 0;
/** Unique per run: usernames and mobile numbers nobody has. */
function unique() {
  seq += 1;
  const stamp = `${Date.now() % 1_000_000}`.padStart(6, "0") + String(seq).padStart(2, "0");
  return { username: `u${stamp}`, mobile: `139${stamp}` };
}

/** A browser on the registration form: cookies, CSRF token, honeypot fields, captcha answer. */
async function browser(query = "step=form") {
  const jar = new CookieJar();
  const url = `/register?${query}`;
  const rootData = await jar.take(await run(() => root.loader(args(getRequest(url, jar))))).json();
  const csrf: string = rootData.csrfToken;
  const deviceId = () => JSON.parse(Buffer.from(decodeURIComponent(jar.get("device_id")!), "base64").toString());
  const load = async (u = url) => {
    const response = jar.take(await run(() => register.loader(args(getRequest(u, jar)))));
    return { response, data: response.status === 200 ? await response.json() : null };
  };
  let page = (await load()).data;
  const honeypot = () => ({ name__confirm: "", from__confirm: page?.form?.honeypot.encryptedValidFrom ?? "" });
  const captcha = async () => (await codes(`deviceId=${deviceId()}`)).captcha as string;
  const post = async (fields: Record<string, string>, u = url) =>
    jar.take(await run(() => register.action(args(postRequest(u, { csrf, ...honeypot(), ...fields }, jar)))));
  /** Reloads the page (as the browser would after an answer) so that a new captcha is issued. */
  const reload = async () => {
    page = (await load()).data;
  };
  return { jar, csrf, post, load, captcha, reload, deviceId, page: () => page };
}

async function formFor(b: Awaited<ReturnType<typeof browser>>, extra: Record<string, string> = {}) {
  const { username, mobile } = unique();
  return {
    username,
    password: "Secret123",
    verifyPwd: "Secret123",
    mobileNum: mobile,
    captcha: await b.captcha(),
    agreed: "on",
    intent: "register",
    ...extra,
  };
}

describe("the agreement first", () => {
  it("shows the agreement, then the form after Agree; an unticked box is refused with in_register_agreed", async () => {
    const b = await browser("r=PROMO88");
    const first = await b.load("/register?r=PROMO88");
    expect(first.data.step).toBe("agreement");
    expect(first.data.query).toBe("/register?step=form&r=PROMO88");

    const refused = await b.post({ intent: "agree" }, "/register?r=PROMO88");
    expect(refused.status).toBe(400);
    expect((await refused.json()).agreementError).toBe("in_register_agreed");

    const agreed = await b.post({ intent: "agree", agree: "on" }, "/register?r=PROMO88");
    expect(agreed.status).toBe(303);
    expect(agreed.headers.get("Location")).toBe("/register?step=form&r=PROMO88");
  });

  it("/register.html is the same page (301, query kept)", async () => {
    const response = await run(() => registerHtml.loader(args(getRequest("/register.html?referralCode=abc"))));
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/register?referralCode=abc");
  });

  it("REG3 off: registration closed, no form, posts refused", async () => {
    await setFeatures({ REG3: false });
    const b = await browser();
    expect(b.page().step).toBe("closed");
    expect(b.page().form).toBeNull();
    const response = await b.post({ username: "whoever1" });
    expect(response.status).toBe(404);
  });
});

describe("the form from the rules", () => {
  it("carries the rules without rebateId on screen and a captcha image; the default tab is username", async () => {
    const b = await browser();
    const { form } = b.page();
    expect(form.tab).toBe("username");
    expect(form.tabLinks.map((t: { id: string }) => t.id)).toEqual(["username", "mobile"]);
    expect(form.captchaImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(JSON.stringify(form)).not.toContain("token");
  });

  it("the default tab is mobile only when username registration is off", async () => {
    await setFeatures({ USERNAMEREG3: false });
    const b = await browser();
    expect(b.page().form.tab).toBe("mobile");
    expect(b.page().form.tabLinks.map((t: { id: string }) => t.id)).toEqual(["mobile"]);
  });
});

describe("checks in the order of section 5", () => {
  it("an invalid field: 400, its message, in_please_information; input kept, passwords not sent back", async () => {
    const b = await browser();
    const response = await b.post(await formFor(b, { username: "ab", verifyPwd: "Different1", agreed: "" }));
    expect(response.status).toBe(400);
    const text = await response.text();
    const { result } = JSON.parse(text);
    expect(result.error.username).toEqual(["reg_pattern_4"]);
    expect(result.error[""]).toEqual(["in_please_information"]);
    expect(result.initialValue.username).toBe("ab");
    expect(text).not.toContain("Secret123");
  });

  it("valid fields, confirmation differs: in_confirmation_correct", async () => {
    const b = await browser();
    const { result } = await (await b.post(await formFor(b, { verifyPwd: "Different1", agreed: "" }))).json();
    expect(result.error[""]).toEqual(["in_confirmation_correct"]);
    expect(result.error.verifyPwd).toEqual(["inconsistent_twice"]);
  });

  it("agreement not ticked: in_register_agreed", async () => {
    const b = await browser();
    const response = await b.post(await formFor(b, { agreed: "" }));
    expect(response.status).toBe(400);
    expect((await response.json()).result.error[""]).toEqual(["in_register_agreed"]);
  });

  it("a bad mobile number before an SMS request: br_enright_cphone, no code sent", async () => {
    const b = await browser("step=form&tab=mobile");
    const response = await b.post({ mobileNum: "12345", intent: "send-code" }, "/register?step=form&tab=mobile");
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error[""]).toEqual(["br_enright_cphone"]);
    expect(result.error.mobileNum).toEqual(["error_phone_number_limit"]);
    expect((await codes("mobile=12345")).sms).toEqual([]);
  });

  it("a missing captcha: 400 with its message", async () => {
    const b = await browser();
    const { result } = await (await b.post(await formFor(b, { captcha: "" }))).json();
    expect(result.error.captcha).toEqual(["enter_verification_code"]);
  });
});

describe("success and refusals", () => {
  it("registers by username: 303 to /, logged in, the message names account and mobile, extras sent", async () => {
    const b = await browser("step=form&referralCode=FRIEND7&linkId=42");
    const fields = await formFor(b);
    const response = await b.post(fields, "/register?step=form&referralCode=FRIEND7&linkId=42");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");

    const home = await (await run(() => root.loader(args(getRequest("/", b.jar))))).json();
    expect(home.player.account).toBe(fields.username);
    expect(home.notice).toEqual({ key: "register_success", values: { account: fields.username, mobile: fields.mobileNum } });

    const stored = (await (await fetch(`${operator.url}/__reference/registered?username=${fields.username}`)).json()).value;
    expect(stored.mobile).toBe(fields.mobileNum);
    expect(stored.profile).toMatchObject({
      referralCode: "FRIEND7",
      linkId: "42",
      domain: "portal.test",
      registerMethod: "WEB",
      registerUrl: "http://portal.test/register",
    });
  });

  it("after a social sign-in found no account (SSOMANUALREG3), the new account takes the identity: the next sign-in logs straight in", async () => {
    const firebase = await import("~/routes/_auth+/login.firebase");
    const token = signReferenceFirebaseToken({ sub: `manual-${Date.now()}`, provider: "google.com", name: "Manual Reg" });
    const b = await browser();
    const social = b.jar.take(
      await run(() =>
        firebase.action(
          args(postRequest("/login/firebase", { csrf: b.jar.csrf() ?? b.csrf, firebaseChannel: "google", firebaseIdToken: token }, b.jar)),
        ),
      ),
    );
    expect(social.headers.get("Location")).toMatch(/^\/login\/bind/);

    await b.reload();
    const fields = await formFor(b);
    expect((await b.post(fields)).status).toBe(303);

    const other = await browser();
    const again = await run(() =>
      firebase.action(
        args(postRequest("/login/firebase", { csrf: other.csrf, firebaseChannel: "google", firebaseIdToken: token }, other.jar)),
      ),
    );
    other.jar.take(again);
    expect(again.headers.get("Location")).toBe("/");
    const home = await (await run(() => root.loader(args(getRequest("/", other.jar))))).json();
    expect(home.player.account).toBe(fields.username);
  });

  it("a linkId that is not all digits is not sent; a localhost page sends the configured registerUrl", async () => {
    const b = await browser("step=form&linkId=4x2");
    const fields = await formFor(b);
    const request = postRequest(
      "/register?step=form&linkId=4x2",
      { csrf: b.jar.csrf() ?? b.csrf, name__confirm: "", from__confirm: b.page().form.honeypot.encryptedValidFrom, ...fields },
      b.jar,
    );
    const local = new Request(request.url.replace("portal.test", "127.0.0.1:3000"), request);
    expect((await run(() => register.action(args(local)))).status).toBe(303);
    const stored = (await (await fetch(`${operator.url}/__reference/registered?username=${fields.username}`)).json()).value;
    expect(stored.profile.linkId).toBeUndefined();
    expect(stored.profile.registerUrl).toBe("http://localhost:3000/register");
  });

  it("a taken username: 400 with the operator's message beside the username, kept", async () => {
    const b = await browser();
    const response = await b.post(await formFor(b, { username: "player01" }));
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error.username).toEqual(["该用户名已被注册"]);
    expect(result.initialValue.username).toBe("player01");
  });

  it("a live affiliate code is accepted and stored", async () => {
    const b = await browser();
    const fields = await formFor(b, { affiliateCode: "AGENT001" });
    expect((await b.post(fields)).status).toBe(303);
    const stored = (await (await fetch(`${operator.url}/__reference/registered?username=${fields.username}`)).json()).value;
    expect(stored.profile.affiliateCode).toBe("AGENT001");
  });

  it("a closed affiliate code typed in: checked first, 400 with the operator's message, nothing registered", async () => {
    const b = await browser();
    const fields = await formFor(b, { affiliateCode: "CLOSED01" });
    const response = await b.post(fields);
    expect(response.status).toBe(400);
    expect((await response.json()).result.error.affiliateCode).toEqual(["推广代码不存在"]);
    expect((await fetch(`${operator.url}/__reference/registered?username=${fields.username}`)).status).toBe(404);
  });

  it("a failing code at page load with page affiliate setting 0: the field is hidden", async () => {
    const b = await browser("step=form&r=CLOSED01");
    expect(b.page().form.switches.hideAffiliate).toBe(true);
    expect(b.page().form.affiliateCode).toBe("");
  });

  it("a failing code at page load with page affiliate setting 1: the player goes to the site origin with the message, reg_info cleared", async () => {
    await reference("/__reference/settings", { pageAffiliate: 1 });
    try {
      const jar = new CookieJar();
      const response = jar.take(await run(() => register.loader(args(getRequest("/register?step=form&r=CLOSED01", jar)))));
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/");
      expect(response.headers.getSetCookie().some((c) => c.startsWith("reg_info=") && /max-age=0|expires=thu, 01 jan 1970/i.test(c))).toBe(
        true,
      );
      const home = await (await run(() => root.loader(args(getRequest("/", jar))))).json();
      expect(home.notice).toEqual({ text: "推广代码不存在" });
      // A live code is kept as usual.
      const live = await browser("step=form&r=PROMO88");
      expect(live.page().form.affiliateCode).toBe("PROMO88");
    } finally {
      await reference("/__reference/settings", { pageAffiliate: 0 });
    }
  });

  it("a code by URL is kept in reg_info and prefills the field", async () => {
    const b = await browser("step=form&r=PROMO88");
    expect(b.page().form.affiliateCode).toBe("PROMO88");
    expect(b.jar.get("reg_info")).toBeTruthy();
    const again = await b.load("/register?step=form");
    expect(again.data.form.affiliateCode).toBe("PROMO88");
  });

  it("the honeypot filled in (or missing) is refused", async () => {
    const b = await browser();
    const filled = await b.post({ ...(await formFor(b)), name__confirm: "I am a bot" });
    expect(filled.status).toBe(400);
    expect((await filled.json()).result.error[""]).toEqual(["reg_refused"]);
    const missing = jarPost(b, await formFor(b));
    expect((await missing).status).toBe(400);
  });
});

function jarPost(b: Awaited<ReturnType<typeof browser>>, fields: Record<string, string>) {
  // No honeypot fields at all: a bot that never rendered the form.
  return run(() => register.action(args(postRequest("/register?step=form", { csrf: b.jar.csrf() ?? b.csrf, ...fields }, b.jar))));
}

describe("by mobile number", () => {
  const url = "/register?step=form&tab=mobile";

  it("sends a code, refuses an early resend with the seconds left, registers with the code and goes to the forced change", async () => {
    const b = await browser("step=form&tab=mobile");
    const { mobile } = unique();
    const sent = await b.post({ mobileNum: mobile, intent: "send-code" }, url);
    expect(sent.status).toBe(200);
    expect((await sent.json()).codeSent).toBe(true);

    const again = await b.post({ mobileNum: mobile, intent: "send-code" }, url);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(100);
    expect((await again.json()).result.error[""][0]).toMatch(/^验证码已发送，请在 1[12]\d 秒后再试。$/);

    const code = (await codes(`mobile=${mobile}`)).sms.find((s: { purpose: string }) => s.purpose === "register").code;
    const response = await b.post(
      { mobileNum: mobile, verificationCode: code, captcha: await b.captcha(), agreed: "on", intent: "register" },
      url,
    );
    expect(response.status).toBe(303);
    // No password typed (MOBILENUMPASSREG3): the default password, and its forced change.
    expect(response.headers.get("Location")).toBe("/change-password");
    const stored = (await (await fetch(`${operator.url}/__reference/registered?username=${mobile}`)).json()).value;
    expect(stored.mobile).toBe(mobile);
  });

  it("with a password (MOBILENUMPASSREG3 off): logged in at /, the message names the account", async () => {
    await setFeatures({ MOBILENUMPASSREG3: false });
    const b = await browser("step=form&tab=mobile");
    const { mobile } = unique();
    expect((await b.post({ mobileNum: mobile, intent: "send-code" }, url)).status).toBe(200);
    const code = (await codes(`mobile=${mobile}`)).sms[0].code;
    const response = await b.post(
      {
        mobileNum: mobile,
        verificationCode: code,
        password: "Secret123",
        verifyPwd: "Secret123",
        captcha: await b.captcha(),
        agreed: "on",
        intent: "register",
      },
      url,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    const home = await (await run(() => root.loader(args(getRequest("/", b.jar))))).json();
    expect(home.notice).toEqual({ key: "register_success", values: { account: mobile, mobile } });
  });

  it("no code asked for: 'code expired'; a taken number: the operator's message beside it", async () => {
    const b = await browser("step=form&tab=mobile");
    const { mobile } = unique();
    const response = await b.post(
      { mobileNum: mobile, verificationCode: "123456", captcha: await b.captcha(), agreed: "on", intent: "register" },
      url,
    );
    expect(response.status).toBe(400);
    expect((await response.json()).result.error.verificationCode).toEqual(["code expired"]);

    const taken = await b.post({ mobileNum: "13800138000", intent: "send-code" }, url);
    expect(taken.status).toBe(400);
    expect((await taken.json()).result.error.mobileNum).toEqual(["该手机号码已注册"]);
  });
});

describe("rules replaced by the operator", () => {
  it("a stricter username rule with its own message is applied by the server", async () => {
    await reference("/__reference/register-rules", {
      rules: [
        {
          key: "username",
          enabled: true,
          required: true,
          minLength: 8,
          maxLength: 10,
          acceptedPattern: "^[a-z0-9]+$",
          message: "用户名须为{min}至{max}位",
        },
        { key: "password", enabled: true, required: true, minLength: 6, maxLength: 16 },
        { key: "rebateId", enabled: true, required: true },
      ],
    });
    const b = await browser();
    expect(b.page().form.rules.some((r: { key: string }) => r.key === "captcha")).toBe(false);
    const response = await b.post({ username: "abc1234", password: "Secret123", verifyPwd: "Secret123", agreed: "on" });
    expect(response.status).toBe(400);
    expect((await response.json()).result.error.username).toEqual(["用户名须为8至10位"]);
    const ok = await b.post({
      username: `ok${unique().username.slice(1, 9)}`,
      password: "Secret123",
      verifyPwd: "Secret123",
      agreed: "on",
    });
    expect(ok.status).toBe(303);
  });
});
