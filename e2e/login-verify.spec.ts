/**
 * Journey: the two-factor login (/login/verify). Each test makes its own member through the
 * reference operator, so the journeys neither share one-time codes nor disturb demo accounts.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { readFileSync } from "node:fs";
import { totp } from "../server/operator/session/totp";
import { BASE_URL, open, OPERATOR_URL, scriptsOn, submitLogin, waitForHydration } from "./helpers";

const SECRET = "JBSWY3DPEHPK3PXP"; // secure01's secret; every member here gets it
const PASSWORD = "TwoStep123";

const TEXT = {
  title: "安全验证",
  passed: "验证通过。",
  tabPayee: "收款人姓名",
  tabSms: "短信验证",
  tabGa: "身份验证器",
  tabEmail: "邮箱验证",
  authCode: "动态验证码",
  email: "邮箱地址",
  payee: "收款人姓名",
  smsCode: "短信验证码",
  sendCode: "获取验证码",
  codeSent: "验证码已发送。",
  submit: "验证",
  wrongAuthCode: "身份验证器验证码错误或已过期。",
  wrongSms: "手机号码或短信验证码错误，或验证码已过期。您可以重新获取验证码。",
  waitHint: /秒后可重新获取验证码/,
  emailRequired: "请输入账号绑定的邮箱地址。",
} as const;

interface Member {
  username: string;
  nickname: string;
  mobile: string;
  email: string;
  payeeName: string;
}

let serial = 0;

/** A member of this test alone (unique per project and run). */
async function createMember(testInfo: TestInfo, twoFactor: string): Promise<Member> {
  serial += 1;
  const stamp = String(Date.now()).slice(-6);
  const project = scriptsOn(testInfo) ? "a" : "b";
  const m: Member = {
    username: `tf${project}${stamp}${serial}`,
    nickname: `Two Step ${project}${serial}`,
    mobile: `158${stamp}${serial}${project === "a" ? 1 : 2}`.padEnd(11, "0").slice(0, 13),
    email: `tf${project}${stamp}${serial}@example.com`,
    payeeName: "Chen Jie",
  };
  const res = await fetch(`${OPERATOR_URL}/__reference/members`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...m, password: PASSWORD, twoFactor, totpSecret: SECRET }),
  });
  const body = (await res.json()) as { success: boolean };
  if (!body.success) throw new Error(`could not create ${m.username}`);
  return m;
}

/** Logs in with the password; the portal sends the player on to /login/verify. */
async function loginToVerify(page: Page, m: Member, testInfo: TestInfo) {
  await open(page, "/login", testInfo);
  await submitLogin(page, { username: m.username, password: PASSWORD });
  await expect(page).toHaveURL(/\/login\/verify\?redirectTo=%2F$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEXT.title);
  if (scriptsOn(testInfo)) await waitForHydration(page);
}

const isVerifyPost = (r: { request(): { method(): string }; url(): string }) =>
  r.request().method() === "POST" && new URL(r.url()).pathname === "/login/verify";

const fieldError = (page: Page, name: string) => page.locator(`.field:has(input[name="${name}"]) .field__error`);
const tab = (page: Page, name: string) => page.locator("nav.tabs").getByRole("link", { name, exact: true });

/** The live verification code the reference operator "sent" to the number. */
async function verifyCodeFor(mobile: string): Promise<string> {
  const codes = (await (await fetch(`${OPERATOR_URL}/__reference/codes?mobile=${mobile}`)).json()) as {
    value: { sms: Array<{ purpose: string; code: string }> };
  };
  const code = codes.value.sms.find((s) => s.purpose === "verify")?.code;
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

async function expectHome(page: Page, m: Member) {
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByTestId("nickname")).toHaveText(m.nickname);
  await expect(page.locator(".notice")).toHaveText(TEXT.passed);
}

test.describe("two-factor login", () => {
  test("authenticator: the password, then the code of the moment, lands on home logged in", async ({ page }, testInfo) => {
    const m = await createMember(testInfo, "G");
    await loginToVerify(page, m, testInfo);
    await expect(page.locator("nav.tabs")).toHaveCount(0); // one method: no tabs to choose from
    expect(await page.content()).not.toContain(PASSWORD);

    await page.getByLabel(TEXT.authCode).fill(totp(SECRET, Date.now()));
    const [response] = await Promise.all([
      page.waitForResponse(isVerifyPost),
      page.getByRole("button", { name: TEXT.submit, exact: true }).click(),
    ]);
    expect(response.status()).toBe(scriptsOn(testInfo) ? 204 : 303);
    await expectHome(page, m);
  });

  test("a wrong code: the catalogue's message beside the code and in the summary, 400, the code emptied", async ({ page }, testInfo) => {
    const m = await createMember(testInfo, "G");
    await loginToVerify(page, m, testInfo);
    const wrong = String((Number(totp(SECRET, Date.now())) + 500_000) % 1_000_000).padStart(6, "0");
    await page.getByLabel(TEXT.authCode).fill(wrong);
    const [response] = await Promise.all([
      page.waitForResponse(isVerifyPost),
      page.getByRole("button", { name: TEXT.submit, exact: true }).click(),
    ]);

    expect(response.status()).toBe(400);
    await expect(fieldError(page, "authCode")).toHaveText(TEXT.wrongAuthCode);
    await expect(page.locator(".error-summary").getByRole("link", { name: `${TEXT.authCode}: ${TEXT.wrongAuthCode}` })).toBeVisible();
    await expect(page.getByLabel(TEXT.authCode)).toHaveValue("");
    await expect(page).toHaveURL(/\/login\/verify/);
    await expect(page.getByTestId("nickname")).toHaveCount(0);
    expect(await page.content()).not.toContain(PASSWORD);
  });

  test("SMS: ask for a code, read it from the operator, verify, land on home", async ({ page }, testInfo) => {
    const m = await createMember(testInfo, "SG");
    await loginToVerify(page, m, testInfo);
    // Spec order: SMS comes before the authenticator, so it is the first tab.
    await expect(tab(page, TEXT.tabSms)).toHaveAttribute("aria-current", "page");

    await page.getByLabel("手机号码").fill(m.mobile);
    const [sent] = await Promise.all([page.waitForResponse(isVerifyPost), page.getByRole("button", { name: TEXT.sendCode }).click()]);
    expect(sent.status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: TEXT.codeSent })).toBeVisible();
    await expect(page.getByLabel("手机号码")).toHaveValue(m.mobile);

    const codes = (await (await fetch(`${OPERATOR_URL}/__reference/codes?mobile=${m.mobile}`)).json()) as {
      value: { sms: Array<{ purpose: string; code: string }> };
    };
    const code = codes.value.sms.find((s) => s.purpose === "verify")?.code;
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel(TEXT.smsCode).fill(code!);
    // Enter in the code field verifies (it does not ask for another code).
    await Promise.all([page.waitForResponse(isVerifyPost), page.getByLabel(TEXT.smsCode).press("Enter")]);
    await expectHome(page, m);
  });

  test("tabs: the methods in the spec's order, links that switch and clear the inputs", async ({ page }, testInfo) => {
    const m = await createMember(testInfo, "EGSP");
    await loginToVerify(page, m, testInfo);
    await expect(page.locator("nav.tabs a")).toHaveText([TEXT.tabPayee, TEXT.tabSms, TEXT.tabGa, TEXT.tabEmail]);
    await expect(tab(page, TEXT.tabPayee)).toHaveAttribute("aria-current", "page");

    await page.getByLabel(TEXT.payee).fill("Somebody");
    await tab(page, TEXT.tabEmail).click();
    await expect(page).toHaveURL(/method=E/);
    await expect(tab(page, TEXT.tabEmail)).toHaveAttribute("aria-current", "page");
    await expect(page.getByLabel(TEXT.payee)).toHaveCount(0);

    // A missing e-mail: the message beside the field and in the summary.
    const submit = page.getByRole("button", { name: TEXT.submit, exact: true });
    if (scriptsOn(testInfo)) {
      await submit.click(); // checked in the browser, no round trip needed
    } else {
      const [response] = await Promise.all([page.waitForResponse(isVerifyPost), submit.click()]);
      expect(response.status()).toBe(400);
    }
    await expect(fieldError(page, "email")).toHaveText(TEXT.emailRequired);
    await expect(page.locator(".error-summary").getByRole("link", { name: `${TEXT.email}: ${TEXT.emailRequired}` })).toBeVisible();

    await tab(page, TEXT.tabPayee).click();
    await expect(page.getByLabel(TEXT.payee)).toHaveValue("");
    await expect(page.locator(".error-summary")).toHaveCount(0);

    // The payee name completes the login.
    await page.getByLabel(TEXT.payee).fill(m.payeeName);
    await Promise.all([page.waitForResponse(isVerifyPost), page.getByRole("button", { name: TEXT.submit, exact: true }).click()]);
    await expectHome(page, m);
  });

  test("SMS: a mistyped code resets the code button; a new code comes at once and logs in (issue 23)", async ({ page }, testInfo) => {
    const m = await createMember(testInfo, "S");
    await loginToVerify(page, m, testInfo);
    await page.getByLabel("手机号码").fill(m.mobile);
    const [sent] = await Promise.all([page.waitForResponse(isVerifyPost), page.getByRole("button", { name: TEXT.sendCode }).click()]);
    expect(sent.status()).toBe(200);
    await expect(page.getByText(TEXT.waitHint)).toBeVisible();
    const code = await verifyCodeFor(m.mobile);

    await page.getByLabel(TEXT.smsCode).fill(code === "999999" ? "999998" : "999999");
    const [wrong] = await Promise.all([
      page.waitForResponse(isVerifyPost),
      page.getByRole("button", { name: TEXT.submit, exact: true }).click(),
    ]);
    expect(wrong.status()).toBe(400);
    await expect(fieldError(page, "verificationCode")).toHaveText(TEXT.wrongSms);
    // No two-minute wait: the button is free and asks for a new code at once.
    await expect(page.getByText(TEXT.waitHint)).toHaveCount(0);
    await expect(page.getByRole("button", { name: TEXT.sendCode, exact: true })).toBeEnabled();
    const [again] = await Promise.all([
      page.waitForResponse(isVerifyPost),
      page.getByRole("button", { name: TEXT.sendCode, exact: true }).click(),
    ]);
    expect(again.status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: TEXT.codeSent })).toBeVisible();
    const fresh = await verifyCodeFor(m.mobile);
    expect(fresh).not.toBe(code);
    await page.getByLabel(TEXT.smsCode).fill(fresh);
    await Promise.all([page.waitForResponse(isVerifyPost), page.getByRole("button", { name: TEXT.submit, exact: true }).click()]);
    await expectHome(page, m);
  });

  for (const lng of ["TH", "VI", "JA"] as const) {
    test(`a two-factor failure on a ${lng} page reads in that language, not the operator's English (issue 23)`, async ({
      page,
    }, testInfo) => {
      const auth = JSON.parse(readFileSync(`public/locales/${lng}/auth.json`, "utf8")) as Record<string, string>;
      const m = await createMember(testInfo, "P");
      await open(page, `/login?lng=${lng}`, testInfo);
      await submitLogin(page, { username: m.username, password: PASSWORD });
      await expect(page).toHaveURL(/\/login\/verify/);
      if (scriptsOn(testInfo)) await waitForHydration(page);
      await page.locator('input[name="payeeName"]').fill("Somebody Else");
      const [response] = await Promise.all([
        page.waitForResponse(isVerifyPost),
        page.getByRole("button", { name: auth.verify_submit, exact: true }).click(),
      ]);
      expect(response.status()).toBe(400);
      await expect(fieldError(page, "payeeName")).toHaveText(auth.verify_payee_incorrect);
      await expect(page.locator(".error-summary")).toContainText(auth.verify_payee_incorrect);
      await expect(page.locator("main")).not.toContainText("does not match");
    });
  }

  test("without a pending verification the page sends the player to the login", async ({ page }, testInfo) => {
    await open(page, "/login/verify?method=G", testInfo);
    await expect(page).toHaveURL(`${BASE_URL}/login`);
  });
});
