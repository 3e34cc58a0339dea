/**
 * Password journeys, scripts on and off: the forced change of an expired password, the
 * player's own change from the header, the reset by e-mail and the reset by SMS code.
 */
import { expect, test } from "@playwright/test";
import { BASE_URL, loginAs, logOut, open, OPERATOR_URL, submitLogin } from "./helpers";
import { createMember, field, passwordCode, PW, submitWith } from "./passwords-helpers";

test.describe("passwords", () => {
  test("an expired password: the forced change holds every page until it is done, then lands on / logged in", async ({
    page,
  }, testInfo) => {
    const m = await createMember(testInfo, { password: "Expired123", passwordExpired: true });
    await open(page, "/login", testInfo);
    await submitLogin(page, m);
    await expect(page).toHaveURL(`${BASE_URL}/change-password`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PW.cpwTitle);
    await expect(page.getByTestId("cpw-reason")).toHaveText(PW.reasonExpired);

    // Any other page comes back here.
    await open(page, "/", testInfo);
    await expect(page).toHaveURL(`${BASE_URL}/change-password`);

    await field(page, "oldPassword").fill(m.password);
    await field(page, "newPassword").fill("Renewed456");
    await field(page, "confirmNewPassword").fill("Renewed456");
    await page.getByRole("button", { name: PW.changePassword }).click();

    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.locator(".notice")).toHaveText(PW.changed);
    await expect(page.getByTestId("nickname")).toHaveText(m.nickname);
    // The hold is over: pages stay where they are.
    await open(page, "/lang", testInfo);
    await expect(page).toHaveURL(`${BASE_URL}/lang`);
  });

  test("the player changes the password from the member centre and logs in with the new one", async ({ page }, testInfo) => {
    const m = await createMember(testInfo, { password: "Before123" });
    await loginAs(page, { ...m, balance: "" }, testInfo);
    // On a wide screen the header leaves the password change to the member centre (issue 23).
    await page.locator("header.site-header").getByRole("link", { name: "会员中心" }).click();
    await page.locator("main").getByRole("link", { name: PW.changePassword }).click();
    await expect(page).toHaveURL(`${BASE_URL}/change-password`);
    await expect(page.getByTestId("cpw-reason")).toHaveCount(0);

    await field(page, "oldPassword").fill("Before123");
    await field(page, "newPassword").fill("After4567");
    await field(page, "confirmNewPassword").fill("After4567");
    await page.locator("main").getByRole("button", { name: PW.changePassword }).click();

    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.locator(".notice")).toHaveText(PW.changed);
    await expect(page.getByTestId("nickname")).toHaveText(m.nickname);

    await logOut(page);
    await expect(page.getByTestId("nickname")).toHaveCount(0);
    await loginAs(page, { ...m, password: "After4567", balance: "" }, testInfo);
  });

  test("reset by e-mail: the operator records a mail, the player reads the message on the login page", async ({ page }, testInfo) => {
    const email = `reset${Date.now()}@example.com`;
    const m = await createMember(testInfo, { password: "Mail12345", email });
    await open(page, "/login", testInfo);
    await page.getByRole("link", { name: "忘记密码？" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/forgot-password`);
    await page.getByRole("link", { name: PW.byEmail }).click();
    await expect(page).toHaveURL(`${BASE_URL}/forgot-password?tab=email`);

    const mailsBefore = await mails(m.username);
    expect(mailsBefore).toHaveLength(0);
    await field(page, "username").fill(m.username);
    await field(page, "email").fill(email);
    await page.getByRole("button", { name: PW.submit }).click();

    await expect(page).toHaveURL(`${BASE_URL}/login`);
    await expect(page.locator(".notice")).toHaveText(PW.mailSent);
    expect(await mails(m.username)).toHaveLength(1);
  });

  test("reset by SMS: code from the operator, new password, log in with it", async ({ page }, testInfo) => {
    const m = await createMember(testInfo, { password: "OldSms123", withMobile: true });
    await open(page, "/forgot-password", testInfo);
    await field(page, "username").fill(m.username);
    await field(page, "mobileNumber").fill(m.mobile!);
    const sent = await submitWith(page, page.getByRole("button", { name: PW.sendCode }), "/forgot-password");
    expect(sent.status()).toBe(200);
    await expect(page.getByText(PW.codeSent)).toBeVisible();
    // The typed account and number stay.
    await expect(field(page, "username")).toHaveValue(m.username);
    await expect(field(page, "mobileNumber")).toHaveValue(m.mobile!);

    const code = await passwordCode(m.mobile!);
    expect(code).toMatch(/^\d{6}$/);
    await field(page, "verificationCode").fill(code!);
    await field(page, "newPassword").fill("NewSms4567");
    await field(page, "confirmNewPassword").fill("NewSms4567");
    await page.locator("form#forgot-sms").getByRole("button", { name: PW.reset }).click();

    await expect(page).toHaveURL(`${BASE_URL}/login`);
    await expect(page.locator(".notice")).toHaveText(PW.resetDone);
    await submitLogin(page, { username: m.username, password: "NewSms4567" });
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByTestId("nickname")).toHaveText(m.nickname);
  });
});

async function mails(username: string): Promise<unknown[]> {
  const res = await fetch(`${OPERATOR_URL}/__reference/password-mails?username=${username}`);
  return ((await res.json()) as { value: unknown[] }).value;
}
