/**
 * Bad input on the registration form, one case for each rule of document 000, section 5.
 * Without scripts every case is a round trip answered 400 with the messages beside the fields
 * and in the summary; with scripts the same rules (built from the same register rules) show
 * the same messages before any POST, and the server still refuses a post that skips them.
 */
import { expect, test, type Page, type Request } from "@playwright/test";
import { open, requestsSoFar, scriptsOn } from "./helpers";
import { expectRegisterErrors, fillRegister, isRegisterPost, REG_CN, registerForm, uniqueMember } from "./register-helpers";

interface Case {
  title: string;
  tab?: "mobile";
  fill: (member: { username: string; mobile: string }) => Record<string, string>;
  untick?: boolean;
  sendCode?: boolean;
  fieldErrors: Record<string, string>;
  formMessage: string;
}

const valid = (m: { username: string; mobile: string }) => ({
  username: m.username,
  mobileNum: m.mobile,
  password: "Secret123",
  verifyPwd: "Secret123",
  captcha: "0000",
});

const CASES: Case[] = [
  {
    title: "username empty (required)",
    fill: (m) => ({ ...valid(m), username: "" }),
    fieldErrors: { username: REG_CN.usernamePattern },
    formMessage: REG_CN.pleaseInformation,
  },
  {
    title: "username with a symbol (pattern)",
    fill: (m) => ({ ...valid(m), username: "bad_name1" }),
    fieldErrors: { username: REG_CN.usernamePattern },
    formMessage: REG_CN.pleaseInformation,
  },
  {
    title: "username of 5 characters (min length)",
    fill: (m) => ({ ...valid(m), username: "abc12" }),
    fieldErrors: { username: REG_CN.usernamePattern },
    formMessage: REG_CN.pleaseInformation,
  },
  {
    title: "password of 3 characters (length)",
    fill: (m) => ({ ...valid(m), password: "abc", verifyPwd: "abc" }),
    fieldErrors: { password: REG_CN.passwordLength, verifyPwd: REG_CN.inconsistentTwice },
    formMessage: REG_CN.pleaseInformation,
  },
  {
    title: "mobile number with letters",
    fill: (m) => ({ ...valid(m), mobileNum: "13800abc00" }),
    fieldErrors: { mobileNum: REG_CN.phoneLimit },
    formMessage: REG_CN.pleaseInformation,
  },
  {
    title: "optional e-mail filled wrong",
    fill: (m) => ({ ...valid(m), email: "not-an-email" }),
    fieldErrors: { email: REG_CN.emailIncorrect },
    formMessage: REG_CN.pleaseInformation,
  },
  {
    title: "captcha empty (enabled, so required)",
    fill: (m) => ({ ...valid(m), captcha: "" }),
    fieldErrors: { captcha: REG_CN.enterCode },
    formMessage: REG_CN.pleaseInformation,
  },
  {
    title: "confirmation differs",
    fill: (m) => ({ ...valid(m), verifyPwd: "Secret999" }),
    fieldErrors: { verifyPwd: REG_CN.inconsistentTwice },
    formMessage: REG_CN.confirmationCorrect,
  },
  {
    title: "agreement not ticked",
    fill: valid,
    untick: true,
    fieldErrors: { agreed: REG_CN.registerAgreed },
    formMessage: REG_CN.registerAgreed,
  },
  {
    title: "mobile tab: SMS code asked for with a bad number",
    tab: "mobile",
    fill: () => ({ mobileNum: "12345" }),
    sendCode: true,
    fieldErrors: { mobileNum: REG_CN.phoneLimit },
    formMessage: REG_CN.enrightPhone,
  },
  {
    title: "mobile tab: SMS code empty",
    tab: "mobile",
    fill: (m) => ({ mobileNum: m.mobile, captcha: "0000" }),
    fieldErrors: { verificationCode: REG_CN.enterCode },
    formMessage: REG_CN.pleaseInformation,
  },
];

function trackRegisterPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/register") posts.push(request);
  });
  return posts;
}

test.describe("registration form: bad input", () => {
  for (const c of CASES) {
    test(`${c.title} → messages beside the field and in the summary, 400`, async ({ page }, testInfo) => {
      const url = c.tab ? "/register?step=form&tab=mobile" : "/register?step=form";
      await open(page, url, testInfo);
      const f = registerForm(page);
      const values = c.fill(uniqueMember());
      await fillRegister(page, values);
      if (c.untick) await f.agreed.uncheck();
      const button = c.sendCode ? f.sendCode : f.submit;

      if (!scriptsOn(testInfo)) {
        const [response] = await Promise.all([page.waitForResponse(isRegisterPost), button.click()]);
        expect(response.status()).toBe(400);
        await expectRegisterErrors(page, c.fieldErrors, c.formMessage);
        if (values.username) await expect(f.input("username")).toHaveValue(values.username);
        if (values.password) await expect(f.input("password")).toHaveValue("");
        return;
      }

      const posts = trackRegisterPosts(page);
      // Leave the last field first: its on-blur message moves the button, which a click
      // made at the old place would miss.
      await page.locator("h1").click();
      await button.click();
      await expectRegisterErrors(page, c.fieldErrors, c.formMessage);
      await requestsSoFar(page);
      expect(posts, "client validation stops the POST").toHaveLength(0);

      // The server applies the same rules to a post that skips the browser's checks.
      const hidden = async (name: string) => f.form.locator(`input[name="${name}"]`).inputValue();
      const form: Record<string, string> = {
        csrf: await hidden("csrf"),
        name__confirm: "",
        from__confirm: await hidden("from__confirm"),
        intent: c.sendCode ? "send-code" : "register",
        ...values,
      };
      if (!c.untick) form.agreed = "on";
      const response = await page.request.post(url, { form });
      expect(response.status()).toBe(400);
      const html = await response.text();
      for (const message of [...Object.values(c.fieldErrors), c.formMessage]) expect(html).toContain(message);
    });
  }

  test("a taken username → the operator's message beside it, 400, the username kept", async ({ page, context }, testInfo) => {
    await open(page, "/register?step=form", testInfo);
    const f = registerForm(page);
    const { captchaAnswer, deviceIdOf } = await import("./helpers");
    const member = uniqueMember();
    await fillRegister(page, { ...valid(member), username: "player01", captcha: (await captchaAnswer(await deviceIdOf(context))) ?? "" });
    const [response] = await Promise.all([page.waitForResponse(isRegisterPost), f.submit.click()]);
    expect(response.status()).toBe(400);
    await expectRegisterErrors(page, { username: REG_CN.usernameTaken });
    await expect(f.input("username")).toHaveValue("player01");
    await expect(f.input("password")).toHaveValue("");
  });
});
