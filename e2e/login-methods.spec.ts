/**
 * The ways in of /login beyond the username: mobile number and SMS code, mobile number and
 * password; bad input per rule; a tab whose switch is off. Each journey uses a member of its
 * own (unique mobile number) from the reference operator.
 */
import { expect, test, type Page, type Response } from "@playwright/test";
import { BASE_URL, OPERATOR_URL, newMember, open, requestsSoFar, scriptsOn, setFeatures } from "./helpers";

const T = {
  tabSms: "短信验证码登录",
  tabMobile: "手机号登录",
  mobile: "手机号码",
  countryCode: "国家区号",
  smsCode: "短信验证码",
  password: "密码",
  sendCode: "获取验证码",
  codeSent: "验证码已发送。",
  login: "登录",
  phoneLimit: "手机号码须为10至16位数字。",
  countryLimit: "国家区号须为1至3位数字。",
  enterCorrectPhone: "请输入正确的手机号码。",
  enterCode: "请输入验证码。",
  passwordLength: "密码须为6至16位字符。",
  codeExpired: "验证码已过期，请重新获取。",
  resendWait: /^验证码已发送，请在 (\d+) 秒后再试。$/,
  resendIn: /^(\d+) 秒后重发$/,
  waitHint: /^(\d+) 秒后可重新获取验证码。$/,
} as const;

async function loginSmsCode(mobile: string): Promise<string> {
  const body = (await (await fetch(`${OPERATOR_URL}/__reference/codes?mobile=${mobile}`)).json()) as {
    value: { sms: Array<{ purpose: string; code: string }> };
  };
  const code = body.value.sms.find((s) => s.purpose === "login")?.code;
  if (!code) throw new Error(`no login code for ${mobile}`);
  return code;
}

const isPost = (path: string) => (response: Response) =>
  response.request().method() === "POST" && new URL(response.url()).pathname === path;

function form(page: Page) {
  const f = page.locator("form#login-sms, form#login-mobile").first();
  return {
    form: f,
    mobile: f.getByLabel(T.mobile, { exact: true }),
    countryCode: f.getByLabel(T.countryCode, { exact: true }),
    code: f.getByLabel(T.smsCode, { exact: true }),
    password: f.getByLabel(T.password, { exact: true }),
    sendCode: f.locator('button[value="send-code"]'),
    submit: f.getByRole("button", { name: T.login, exact: true }),
    fieldError: (name: string) => f.locator(`.field:has([name="${name}"]) .field__error`),
    summary: f.locator(".error-summary"),
  };
}

/** Clicks and resolves with the answer to the POST it makes. */
async function clickAndPost(page: Page, locator: ReturnType<Page["locator"]>): Promise<Response> {
  const [response] = await Promise.all([page.waitForResponse(isPost("/login")), locator.click()]);
  return response;
}

test.describe("mobile number and SMS code", () => {
  test("ask for a code, see the countdown, be refused an early resend, log in with the code", async ({ page }, testInfo) => {
    const account = await newMember("e2elm", "Mobile123", { nickname: "LM" });
    await open(page, "/login", testInfo);
    await page.getByRole("link", { name: T.tabSms, exact: true }).click();
    await expect(page).toHaveURL(/\/login\?tab=sms$/);
    if (scriptsOn(testInfo)) await expect(page.locator("form#login-sms")).toBeVisible();
    const f = form(page);
    await f.countryCode.fill("86");
    await f.mobile.fill(account.mobile);

    const sent = await clickAndPost(page, f.sendCode);
    expect(sent.status()).toBe(200);
    await expect(f.form.getByText(T.codeSent, { exact: true })).toBeVisible();
    await expect(f.mobile).toHaveValue(account.mobile);

    if (scriptsOn(testInfo)) {
      // The browser counts down and keeps the button shut until the code may be asked again.
      await expect(f.sendCode).toBeDisabled();
      await expect(f.sendCode).toHaveText(T.resendIn);
      const first = Number(T.resendIn.exec((await f.sendCode.textContent()) ?? "")?.[1]);
      expect(first).toBeGreaterThan(100);
      await expect.poll(async () => Number(T.resendIn.exec((await f.sendCode.textContent()) ?? "")?.[1])).toBeLessThan(first);
      // The server refuses an early resend all the same.
      const csrf = await f.form.locator('input[name="csrf"]').inputValue();
      const again = await page.request.post("/login?tab=sms", {
        form: { csrf, tab: "sms", intent: "send-code", mobileNum: account.mobile, redirectTo: "" },
      });
      expect(again.status()).toBe(400);
      expect(await again.text()).toMatch(/验证码已发送，请在 \d+ 秒后再试。/);
    } else {
      // Without scripts nothing ticks: the page says how long to wait, and the server refuses.
      await expect(f.form.getByText(T.waitHint)).toBeVisible();
      await expect(f.sendCode).toBeEnabled();
      const again = await clickAndPost(page, f.sendCode);
      expect(again.status()).toBe(400);
      await expect(f.summary.getByText(T.resendWait)).toBeVisible();
      const seconds = Number(T.resendWait.exec((await f.summary.getByText(T.resendWait).textContent()) ?? "")?.[1]);
      expect(seconds).toBeGreaterThan(100);
      expect(seconds).toBeLessThanOrEqual(120);
    }

    await f.code.fill(await loginSmsCode(account.mobile));
    const response = await clickAndPost(page, f.submit);
    expect([204, 303]).toContain(response.status());
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByTestId("nickname")).toHaveText(account.nickname);
  });

  test("a mistyped code resets the code button: a new code at once, no two-minute lock-out (issue 23)", async ({ page }, testInfo) => {
    const account = await newMember("e2elm", "Mobile123", { nickname: "LM" });
    await open(page, "/login?tab=sms", testInfo);
    const f = form(page);
    await f.mobile.fill(account.mobile);
    expect((await clickAndPost(page, f.sendCode)).status()).toBe(200);
    if (scriptsOn(testInfo)) await expect(f.sendCode).toHaveText(T.resendIn);
    else await expect(f.form.getByText(T.waitHint)).toBeVisible();
    const code = await loginSmsCode(account.mobile);

    await f.code.fill(code === "000000" ? "111111" : "000000");
    const wrong = await clickAndPost(page, f.submit);
    expect(wrong.status()).toBe(400);
    await expect(f.fieldError("verificationCode")).toHaveText("短信验证码错误或已过期。");
    // The button is free again (000 §4: a failure resets it) and the server sends at once.
    await expect(f.sendCode).toHaveText(T.sendCode);
    await expect(f.sendCode).toBeEnabled();
    await expect(f.form.getByText(T.waitHint)).toHaveCount(0);
    const again = await clickAndPost(page, f.sendCode);
    expect(again.status()).toBe(200);
    await expect(f.form.getByText(T.codeSent, { exact: true })).toBeVisible();
    const fresh = await loginSmsCode(account.mobile);
    expect(fresh).not.toBe(code);

    await f.code.fill(fresh);
    const response = await clickAndPost(page, f.submit);
    expect([204, 303]).toContain(response.status());
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByTestId("nickname")).toHaveText(account.nickname);
  });

  test("a code that was never asked for: 'code expired' beside the code, 400", async ({ page }, testInfo) => {
    const account = await newMember("e2elm", "Mobile123", { nickname: "LM" });
    await open(page, "/login?tab=sms", testInfo);
    const f = form(page);
    await f.mobile.fill(account.mobile);
    await f.code.fill("123456");
    const response = await clickAndPost(page, f.submit);
    expect(response.status()).toBe(400);
    await expect(f.fieldError("verificationCode")).toHaveText(T.codeExpired);
    await expect(f.summary.getByRole("link", { name: `${T.smsCode}: ${T.codeExpired}` })).toBeVisible();
    await expect(f.code).toHaveValue("");
    await expect(f.mobile).toHaveValue(account.mobile);
  });
});

test.describe("mobile number and password", () => {
  test("logs in with the number and the password", async ({ page }, testInfo) => {
    const account = await newMember("e2elm", "Mobile123", { nickname: "LM" });
    await open(page, "/login", testInfo);
    await page.getByRole("link", { name: T.tabMobile, exact: true }).click();
    await expect(page).toHaveURL(/\/login\?tab=mobile$/);
    const f = form(page);
    await expect(page.locator("form#login-mobile")).toBeVisible();
    await f.mobile.fill(account.mobile);
    await f.password.fill(account.password);
    const response = await clickAndPost(page, f.submit);
    expect([204, 303]).toContain(response.status());
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByTestId("nickname")).toHaveText(account.nickname);
  });
});

interface BadCase {
  title: string;
  url: string;
  fields: Record<string, string>;
  /** The button pressed: the send-code button or the login button. */
  press: "sendCode" | "submit";
  errors: Record<string, { label: string; message: string }>;
}

const BAD: BadCase[] = [
  {
    title: "SMS: a 6-digit number asks for no code",
    url: "/login?tab=sms",
    fields: { mobileNum: "138001" },
    press: "sendCode",
    errors: { mobileNum: { label: T.mobile, message: T.phoneLimit } },
  },
  {
    title: "SMS: a 4-digit country code",
    url: "/login?tab=sms",
    fields: { countryDialingCode: "8866", mobileNum: "13800138000" },
    press: "sendCode",
    errors: { countryDialingCode: { label: T.countryCode, message: T.countryLimit } },
  },
  {
    title: "SMS: letters for a number and no code",
    url: "/login?tab=sms",
    fields: { mobileNum: "abcdefghijk" },
    press: "submit",
    errors: {
      mobileNum: { label: T.mobile, message: T.enterCorrectPhone },
      verificationCode: { label: T.smsCode, message: T.enterCode },
    },
  },
  {
    title: "mobile: a short password",
    url: "/login?tab=mobile",
    fields: { mobileNum: "13800138000", password: "abc" },
    press: "submit",
    errors: { password: { label: T.password, message: T.passwordLength } },
  },
];

test.describe("bad input on the mobile tabs", () => {
  for (const c of BAD) {
    test(`${c.title} → messages beside the fields and in the summary, 400`, async ({ page }, testInfo) => {
      await open(page, c.url, testInfo);
      const f = form(page);
      for (const [name, value] of Object.entries(c.fields)) await f.form.locator(`input[name="${name}"]`).fill(value);
      const button = c.press === "sendCode" ? f.sendCode : f.submit;
      // Leave the last field first, as a player does: its message appears before the press.
      await button.focus();
      const expectMessages = async () => {
        await expect(f.summary).toBeVisible();
        for (const [name, { label, message }] of Object.entries(c.errors)) {
          await expect(f.fieldError(name)).toHaveText(message);
          await expect(f.summary.getByRole("link", { name: `${label}: ${message}` })).toBeVisible();
        }
      };

      if (!scriptsOn(testInfo)) {
        const response = await clickAndPost(page, button);
        expect(response.status()).toBe(400);
        await expectMessages();
        if (c.fields.mobileNum) await expect(f.mobile).toHaveValue(c.fields.mobileNum);
        return;
      }

      // With scripts the browser checks first and posts nothing.
      const posts: string[] = [];
      page.on("request", (r) => {
        if (r.method() === "POST" && new URL(r.url()).pathname === "/login") posts.push(r.url());
      });
      await button.click();
      await expectMessages();
      await requestsSoFar(page);
      expect(posts, "client validation stops the POST").toHaveLength(0);

      // The server applies the same rules to a post that skips the browser.
      const csrf = await f.form.locator('input[name="csrf"]').inputValue();
      const tab = new URL(c.url, BASE_URL).searchParams.get("tab")!;
      const response = await page.request.post(c.url, {
        form: { csrf, tab, redirectTo: "", ...c.fields, ...(c.press === "sendCode" ? { intent: "send-code" } : {}) },
      });
      expect(response.status()).toBe(400);
      const html = await response.text();
      for (const { message } of Object.values(c.errors)) expect(html).toContain(message);
    });
  }
});

test.describe("switches", () => {
  test.afterEach(async () => {
    await setFeatures({ MOBILEVERCODELOGIN3: true, MOBILELOGIN3: true });
  });

  test("SMS login off: no SMS tab, and its address shows the username form", async ({ page }, testInfo) => {
    await setFeatures({ MOBILEVERCODELOGIN3: false });
    await open(page, "/login", testInfo);
    await expect(page.getByRole("link", { name: T.tabMobile, exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: T.tabSms, exact: true })).toHaveCount(0);
    await open(page, "/login?tab=sms", testInfo);
    await expect(page.locator("form#login")).toBeVisible();
    await expect(page.locator("form#login-sms")).toHaveCount(0);
    const csrf = await page.locator('form#login input[name="csrf"]').inputValue();
    const refused = await page.request.post("/login?tab=sms", {
      form: { csrf, tab: "sms", intent: "send-code", mobileNum: "13800138000" },
    });
    expect(refused.status()).toBe(404);
  });
});
