/**
 * Journey 3: after three wrong passwords in a row the operator wants a captcha for the
 * username; the answer comes from the reference operator's test route for this browser's
 * device id. agent001 is used so that the player01 journeys are not affected.
 */
import { expect, test } from "@playwright/test";
import { AGENT, BASE_URL, captchaAnswer, CN, deviceIdOf, loginForm, open, resetLoginFailures, submitLogin } from "./helpers";

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

    // A refresh is honoured at most once a second.
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
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByTestId("nickname")).toHaveText(AGENT.nickname);
    await expect(page.getByTestId("balance")).toHaveText(AGENT.balance);
  });
});
