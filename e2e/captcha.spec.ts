/**
 * Journey 3: after three wrong passwords in a row the operator wants a captcha for the
 * username; the answer comes from the reference operator's test route for this browser's
 * device id. agent001 is used so that the player01 journeys are not affected.
 */
import { expect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import {
  AGENT,
  captchaAnswer,
  CN,
  deviceIdOf,
  isLoginPost,
  landedAt,
  loginForm,
  open,
  resetLoginFailures,
  scriptsOn,
  submitLogin,
} from "./helpers";
import { fillRegister, isRegisterPost, registerForm, uniqueMember } from "./register-helpers";

/** The two captcha messages, from public/locales/<lng>/auth.json and common.json. */
const CAPTCHA_TEXT = {
  CN: { missing: "请输入图中的验证码。", wrong: "验证码错误。已换一张新图片，请输入新图片中的验证码。" },
  TW: { missing: "請輸入圖中的驗證碼。", wrong: "驗證碼錯誤。已換一張新圖片，請輸入新圖片中的驗證碼。" },
} as const;

/** The digits a reference captcha image shows (its SVG text). */
function digitsOf(src: string | null): string {
  const svg = Buffer.from((src ?? "").split(",")[1] ?? "", "base64").toString();
  return [...svg.matchAll(/>(\d)<\/text>/g)].map((m) => m[1]).join("");
}

/** Three wrong passwords from a fresh browser: the operator asks for a captcha, the form shows it. */
async function facingCaptcha(page: Page, context: BrowserContext, testInfo: TestInfo, url = "/login") {
  const f = loginForm(page);
  await open(page, url, testInfo);
  for (let attempt = 1; attempt <= 3; attempt++) {
    await submitLogin(page, { username: AGENT.username, password: `Wrong${attempt}234` });
  }
  await expect(f.captchaImage).toBeVisible();
  const device = await deviceIdOf(context);
  return { f, device };
}

test.describe("captcha after repeated failures", () => {
  test.beforeEach(async () => {
    // Start from zero failures whatever ran before (the success below resets it too).
    await resetLoginFailures(AGENT);
  });

  test("three wrong passwords → captcha; refresh changes it; the right answer logs in", async ({ page, context }, testInfo) => {
    const f = loginForm(page);
    await open(page, "/login", testInfo);
    await expect(f.captcha).toHaveCount(0);

    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await submitLogin(page, { username: AGENT.username, password: `Wrong${attempt}234` });
      expect(response.status()).toBe(400);
      await expect(f.fieldError("password")).toHaveText(CN.incorrectPassword);
      if (attempt < 3) {
        await expect(f.captcha, `no captcha after ${attempt} failure(s)`).toHaveCount(0);
        await expect(f.captchaImage).toHaveCount(0);
      }
    }
    await expect(f.captcha).toBeVisible();
    await expect(f.captchaImage).toBeVisible();
    const firstImage = await f.captchaImage.getAttribute("src");
    expect(firstImage).toMatch(/^data:image\//);

    const device = await deviceIdOf(context);
    const firstAnswer = await captchaAnswer(device);
    expect(firstAnswer).toMatch(/^\d{4}$/);

    // A refresh is honoured at most once a second. That clock is the portal's, in the server
    // process the journeys drive from outside (page.clock moves the browser's only): the journey
    // lets the second pass.
    await page.waitForTimeout(1_200);
    await page.getByRole("link", { name: CN.captchaRefresh, exact: true }).click();
    await expect(page).toHaveURL(/\/login\?captcha=refresh/);
    await expect(f.captchaImage).toBeVisible();
    await expect.poll(() => f.captchaImage.getAttribute("src")).not.toBe(firstImage);
    await expect(f.captcha).toBeVisible();

    const answer = await captchaAnswer(device);
    expect(answer).toMatch(/^\d{4}$/);

    const response = await submitLogin(page, { ...AGENT, captcha: answer! });
    expect([204, 303]).toContain(response.status());
    await expect(page).toHaveURL(landedAt("/"));
    await expect(page.getByTestId("nickname")).toHaveText(AGENT.nickname);
    await expect(page.getByTestId("balance")).toHaveText(AGENT.balance);
  });

  test("a wrong answer: its own message, and at once a new image whose digits log in", async ({ page, context }, testInfo) => {
    const { f, device } = await facingCaptcha(page, context, testInfo);
    expect(digitsOf(await f.captchaImage.getAttribute("src"))).toBe(await captchaAnswer(device));

    // No answer: the form says so (in the browser when scripts run, else after the post).
    await f.username.fill(AGENT.username);
    await f.password.fill(AGENT.password);
    await f.captcha.fill("");
    if (scriptsOn(testInfo)) await f.submit.click();
    else expect((await Promise.all([page.waitForResponse(isLoginPost), f.submit.click()]))[0].status()).toBe(400);
    await expect(f.fieldError("captcha")).toHaveText(CAPTCHA_TEXT.CN.missing);

    // A wrong answer: the operator used the image up, so the page shows the one it issued next.
    const shown = await f.captchaImage.getAttribute("src");
    const wrong = await submitLogin(page, { ...AGENT, captcha: digitsOf(shown) === "0000" ? "1111" : "0000" });
    expect(wrong.status()).toBe(400);
    await expect(f.fieldError("captcha")).toHaveText(CAPTCHA_TEXT.CN.wrong);
    await expect.poll(() => f.captchaImage.getAttribute("src")).not.toBe(shown);
    const next = await f.captchaImage.getAttribute("src");
    expect(digitsOf(next)).toBe(await captchaAnswer(device));

    // The digits the page shows now are the ones that work.
    const response = await submitLogin(page, { ...AGENT, captcha: digitsOf(next) });
    expect([204, 303]).toContain(response.status());
    await expect(page).toHaveURL(landedAt("/"));
    await expect(page.getByTestId("nickname")).toHaveText(AGENT.nickname);
  });

  test("in 繁體中文 (?lng=TW kept across the posts) the wrong-answer message is Traditional Chinese", async ({
    page,
    context,
  }, testInfo) => {
    const { f, device } = await facingCaptcha(page, context, testInfo, "/login?lng=TW");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-TW");
    const answer = await captchaAnswer(device);
    const wrong = await submitLogin(page, { ...AGENT, captcha: answer === "0000" ? "1111" : "0000" });
    expect(wrong.status()).toBe(400);
    await expect(f.fieldError("captcha")).toHaveText(CAPTCHA_TEXT.TW.wrong);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-TW");
  });

  test("registration: a wrong answer shows its message and a new image whose digits register", async ({ page, context }, testInfo) => {
    const member = uniqueMember();
    const f = registerForm(page);
    await open(page, "/register?step=form", testInfo);
    const device = await deviceIdOf(context);
    const shown = await f.form.locator(".captcha img").getAttribute("src");
    expect(digitsOf(shown)).toBe(await captchaAnswer(device));

    const values = { username: member.username, mobileNum: member.mobile, password: "Secret123", verifyPwd: "Secret123" };
    await fillRegister(page, { ...values, captcha: digitsOf(shown) === "0000" ? "1111" : "0000" });
    const [refused] = await Promise.all([page.waitForResponse(isRegisterPost), f.submit.click()]);
    expect(refused.status()).toBe(400);
    await expect(f.fieldError("captcha")).toHaveText(CAPTCHA_TEXT.CN.wrong);
    await expect.poll(() => f.form.locator(".captcha img").getAttribute("src")).not.toBe(shown);
    const next = await f.form.locator(".captcha img").getAttribute("src");
    expect(digitsOf(next)).toBe(await captchaAnswer(device));

    // Secrets are not sent back: the passwords and the new image's digits are typed again.
    await fillRegister(page, { ...values, captcha: digitsOf(next) });
    const [registered] = await Promise.all([page.waitForResponse(isRegisterPost), f.submit.click()]);
    expect([200, 204, 303]).toContain(registered.status());
    await expect(page).toHaveURL(landedAt("/"));
    await expect(page.getByTestId("nickname")).toHaveText(member.username);
  });
});
