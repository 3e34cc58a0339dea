/**
 * Registration journeys, with scripts and without: the agreement, then the form; by username
 * (logged in at once, the success message naming account and mobile); by mobile number with
 * the SMS code the reference operator "sent".
 */
import { expect, test } from "@playwright/test";
import { BASE_URL, captchaAnswer, deviceIdOf, open, scriptsOn, waitForHydration } from "./helpers";
import {
  fillRegister,
  isRegisterPost,
  REG_CN,
  REGISTER_SWITCHES_ON,
  registerForm,
  registerSmsCode,
  setFeatures,
  uniqueMember,
} from "./register-helpers";

test.afterEach(async () => {
  await setFeatures(REGISTER_SWITCHES_ON);
});

test("agreement → form → register by username → logged in with the success message", async ({ page, context }, testInfo) => {
  const member = uniqueMember();
  await open(page, "/register", testInfo);
  await expect(page.getByRole("heading", { name: REG_CN.agreementTitle })).toBeVisible();
  await expect(page.locator(".agreement p")).toHaveCount(10);
  await expect(page.getByLabel(REG_CN.agreementTick)).toBeChecked();
  await page.getByRole("button", { name: REG_CN.agree }).click();
  await expect(page).toHaveURL(/\/register\?step=form$/);
  if (scriptsOn(testInfo)) await waitForHydration(page);

  const f = registerForm(page);
  await expect(f.input("rebateId")).toHaveCount(0);
  await expect(f.agreed).toBeChecked();
  const captcha = await captchaAnswer(await deviceIdOf(context));
  await fillRegister(page, {
    username: member.username,
    mobileNum: member.mobile,
    password: "Secret123",
    verifyPwd: "Secret123",
    captcha: captcha ?? "",
  });
  const [response] = await Promise.all([page.waitForResponse(isRegisterPost), f.submit.click()]);
  expect([200, 204, 303]).toContain(response.status());
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByRole("status").filter({ hasText: "注册成功" })).toHaveText(REG_CN.success(member.username, member.mobile));
  await expect(page.getByTestId("nickname")).toHaveText(member.username);
});

test("/register.html and a referral link open the same registration", async ({ page }, testInfo) => {
  await open(page, "/register.html?r=PROMO88", testInfo);
  await expect(page).toHaveURL(/\/register\?r=PROMO88$/);
  await page.getByRole("button", { name: REG_CN.agree }).click();
  await expect(page).toHaveURL(/\/register\?step=form&r=PROMO88$/);
  await expect(registerForm(page).input("affiliateCode")).toHaveValue("PROMO88");
});

test("mobile tab: SMS code, then registered and logged in with the message", async ({ page, context }, testInfo) => {
  await setFeatures({ MOBILENUMPASSREG3: false });
  const { mobile } = uniqueMember();
  await open(page, "/register?step=form", testInfo);
  await page.getByRole("link", { name: REG_CN.tabMobile }).click();
  await expect(page).toHaveURL(/tab=mobile/);
  if (scriptsOn(testInfo)) await waitForHydration(page);
  const f = registerForm(page);
  await expect(f.input("username")).toHaveCount(0);

  await f.input("mobileNum").fill(mobile);
  await f.sendCode.click();
  await expect(page.getByText(REG_CN.codeSent)).toBeVisible();
  await expect(f.input("mobileNum")).toHaveValue(mobile);
  if (scriptsOn(testInfo)) await expect(f.sendCode).toBeDisabled();

  const code = await registerSmsCode(mobile);
  const captcha = await captchaAnswer(await deviceIdOf(context));
  await fillRegister(page, { verificationCode: code, password: "Secret123", verifyPwd: "Secret123", captcha: captcha ?? "" });
  await f.submit.click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByRole("status").filter({ hasText: "注册成功" })).toHaveText(REG_CN.success(mobile, mobile));
});

test("mobile tab without password (MOBILENUMPASSREG3): registered with the default password, sent to the forced change", async ({
  page,
  context,
}, testInfo) => {
  const { mobile } = uniqueMember();
  await open(page, "/register?step=form&tab=mobile", testInfo);
  const f = registerForm(page);
  await expect(f.input("password")).toHaveCount(0);
  await expect(f.input("verifyPwd")).toHaveCount(0);
  await f.input("mobileNum").fill(mobile);
  await f.sendCode.click();
  await expect(page.getByText(REG_CN.codeSent)).toBeVisible();
  const code = await registerSmsCode(mobile);
  const captcha = await captchaAnswer(await deviceIdOf(context));
  await fillRegister(page, { verificationCode: code, captcha: captcha ?? "" });
  await f.submit.click();
  await expect(page).toHaveURL(`${BASE_URL}/change-password`);
});

test("registration switched off: a clear page, no form", async ({ page }, testInfo) => {
  await setFeatures({ REG3: false });
  await open(page, "/register?step=form", testInfo);
  await expect(page.getByText("暂停注册，请稍后再来。")).toBeVisible();
  await expect(page.locator("form[id^='register-']")).toHaveCount(0);
});
