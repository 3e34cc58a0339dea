/**
 * Bad input on the password forms, one case per rule. Format rules: without scripts a round
 * trip answered 400; with scripts the browser shows the same messages without a POST, and the
 * server is then asked directly (400, the messages in the page). Rules only the server knows
 * (the old password, a code that was never sent) answer 400 in both projects.
 */
import { expect, test, type Page, type Request, type TestInfo } from "@playwright/test";
import { loginAs, open, requestsSoFar, scriptsOn } from "./helpers";
import { createMember, expectFieldErrors, field, PW, submitWith } from "./passwords-helpers";

interface Case {
  title: string;
  /** Prepares the page (log in, open the form). */
  setUp: (page: Page, testInfo: TestInfo) => Promise<void>;
  path: string;
  formId: string;
  button: string;
  values: Record<string, string>;
  /** The intent the button sends, for the direct POST. */
  intent?: string;
  errors: Array<{ name: string; label: string; message: string }>;
}

const loggedIn = async (page: Page, testInfo: TestInfo) => {
  const m = await createMember(testInfo, { password: "Before123" });
  await loginAs(page, { ...m, balance: "" }, testInfo);
  await open(page, "/change-password", testInfo);
};

const FORMAT_CASES: Case[] = [
  {
    title: "change: confirmation differs → in_confirmation_correct",
    setUp: loggedIn,
    path: "/change-password",
    formId: "change-password",
    button: PW.changePassword,
    values: { oldPassword: "Before123", newPassword: "After4567", confirmNewPassword: "After4568" },
    errors: [{ name: "confirmNewPassword", label: PW.confirmNewPassword, message: PW.mismatch }],
  },
  {
    title: "change: a weak new password → error_password",
    setUp: loggedIn,
    path: "/change-password",
    formId: "change-password",
    button: PW.changePassword,
    values: { oldPassword: "Before123", newPassword: "abc", confirmNewPassword: "abc" },
    errors: [{ name: "newPassword", label: PW.newPassword, message: PW.weak }],
  },
  {
    title: "e-mail reset: empty → account incorrect, email incorrect",
    setUp: async (page, testInfo) => void (await open(page, "/forgot-password?tab=email", testInfo)),
    path: "/forgot-password",
    formId: "forgot-email",
    button: PW.submit,
    intent: "send-mail",
    values: { username: "", email: "" },
    errors: [
      { name: "username", label: PW.username, message: PW.accountIncorrect },
      { name: "email", label: PW.email, message: PW.emailIncorrect },
    ],
  },
  {
    title: "e-mail reset: a malformed address → email incorrect",
    setUp: async (page, testInfo) => void (await open(page, "/forgot-password?tab=email", testInfo)),
    path: "/forgot-password",
    formId: "forgot-email",
    button: PW.submit,
    intent: "send-mail",
    values: { username: "player01", email: "player01@example" },
    errors: [{ name: "email", label: PW.email, message: PW.emailIncorrect }],
  },
  {
    title: "SMS reset: a malformed number → br_enright_cphone before any code is sent",
    setUp: async (page, testInfo) => void (await open(page, "/forgot-password", testInfo)),
    path: "/forgot-password",
    formId: "forgot-sms",
    button: PW.sendCode,
    intent: "send-code",
    values: { username: "player01", mobileNumber: "1380013" },
    errors: [{ name: "mobileNumber", label: PW.mobile, message: PW.badMobile }],
  },
];

function trackPosts(page: Page, path: string): Request[] {
  const posts: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === path) posts.push(r);
  });
  return posts;
}

test.describe("password forms: bad input", () => {
  for (const c of FORMAT_CASES) {
    test(c.title, async ({ page }, testInfo) => {
      await c.setUp(page, testInfo);
      const form = page.locator(`form#${c.formId}`);
      for (const [name, value] of Object.entries(c.values)) await form.locator(`input[name="${name}"]`).fill(value);
      const button = form.getByRole("button", { name: c.button });

      if (!scriptsOn(testInfo)) {
        const response = await submitWith(page, button, c.path);
        expect(response.status()).toBe(400);
        await expectFieldErrors(page, c.errors);
        for (const [name, value] of Object.entries(c.values)) {
          if (!/password/i.test(name)) await expect(field(page, name)).toHaveValue(value);
          else await expect(field(page, name)).toHaveValue("");
        }
        return;
      }

      const posts = trackPosts(page, c.path);
      await button.click();
      await expectFieldErrors(page, c.errors);
      await requestsSoFar(page);
      expect(posts, "client validation stops the POST").toHaveLength(0);

      // The server applies the same rules to a post that skips the browser's checks.
      const csrf = await form.locator('input[name="csrf"]').inputValue();
      const action = (await form.getAttribute("action")) ?? c.path;
      const response = await page.request.post(action, {
        form: { csrf, ...c.values, ...(c.intent ? { intent: c.intent } : {}) },
      });
      expect(response.status()).toBe(400);
      const html = await response.text();
      for (const { message } of c.errors) expect(html).toContain(message);
    });
  }

  test("change: a wrong old password → 'password incorrect' beside it, 400", async ({ page }, testInfo) => {
    await loggedIn(page, testInfo);
    await field(page, "oldPassword").fill("NotMine999");
    await field(page, "newPassword").fill("After4567");
    await field(page, "confirmNewPassword").fill("After4567");
    const response = await submitWith(
      page,
      page.locator("form#change-password").getByRole("button", { name: PW.changePassword }),
      "/change-password",
    );
    expect(response.status()).toBe(400);
    await expectFieldErrors(page, [{ name: "oldPassword", label: PW.oldPassword, message: PW.oldIncorrect }]);
    await expect(field(page, "oldPassword")).toHaveValue("");
    await expect(field(page, "newPassword")).toHaveValue("");
  });

  test("SMS reset: no code was sent → 'code expired' beside the code, 400", async ({ page }, testInfo) => {
    await open(page, "/forgot-password", testInfo);
    await field(page, "username").fill("player01");
    await field(page, "mobileNumber").fill("13800138000");
    await field(page, "verificationCode").fill("123456");
    await field(page, "newPassword").fill("NewPass123");
    await field(page, "confirmNewPassword").fill("NewPass123");
    const response = await submitWith(page, page.locator("form#forgot-sms").getByRole("button", { name: PW.reset }), "/forgot-password");
    expect(response.status()).toBe(400);
    await expectFieldErrors(page, [{ name: "verificationCode", label: PW.smsCode, message: PW.codeExpired }]);
    await expect(field(page, "username")).toHaveValue("player01");
    await expect(field(page, "newPassword")).toHaveValue("");
  });
});
