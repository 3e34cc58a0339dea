/**
 * What the walk of issue 23 found in the agent centre and the contracts, scripts on and off:
 * the affiliate link that joins the agent's team, the tier tables and the phone layouts, and
 * the messages that said the wrong thing.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { BASE_URL, captchaAnswer, deviceIdOf, open, reference, scriptsOn, submitLogin } from "./helpers";
import { fillRegister, isRegisterPost, REG_CN, registerForm, uniqueMember } from "./register-helpers";

/** A new first-level agent with an affiliate code of its own, logged in. */
async function freshAgent(page: Page, testInfo: TestInfo, tag: string, extra: Record<string, unknown> = {}) {
  const username = `wa${tag}${Date.now().toString(36).slice(-7)}`.slice(0, 13);
  const affiliateCode = `AF${username.toUpperCase()}`;
  await reference("/__reference/members", {
    username,
    password: "Agent1234",
    agentType: 1,
    nickname: "Walk Agent",
    balance: "500.00",
    affiliateCode,
    ...extra,
  });
  await logIn(page, testInfo, username);
  return { username, affiliateCode };
}

async function logIn(page: Page, testInfo: TestInfo, username: string) {
  await open(page, "/login", testInfo);
  await submitLogin(page, { username, password: "Agent1234" });
  await expect(page).toHaveURL(`${BASE_URL}/`);
}

test("a sign-up through the agent's link joins the agent's team", async ({ page, context }, testInfo) => {
  const agent = await freshAgent(page, testInfo, scriptsOn(testInfo) ? "a" : "b");
  await open(page, "/agent/registerCenter", testInfo);
  const link = page.locator(".agent-affiliate__link");
  // Built on the address the agent reached the site by, with the code as registration reads it.
  await expect(link).toHaveText(`${BASE_URL}/register?r=${agent.affiliateCode}`);
  const href = (await link.getAttribute("href")) ?? "";

  await context.clearCookies();
  await open(page, href, testInfo);
  await page.getByRole("button", { name: REG_CN.agree }).click();
  await expect(registerForm(page).input("affiliateCode")).toHaveValue(agent.affiliateCode);
  const member = uniqueMember();
  const captcha = await captchaAnswer(await deviceIdOf(context));
  await fillRegister(page, {
    username: member.username,
    mobileNum: member.mobile,
    password: "Secret123",
    verifyPwd: "Secret123",
    captcha: captcha ?? "",
  });
  await Promise.all([page.waitForResponse(isRegisterPost), registerForm(page).submit.click()]);
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByTestId("nickname")).toHaveText(member.username);

  await context.clearCookies();
  await logIn(page, testInfo, agent.username);
  await open(page, "/agent/teamManagement", testInfo);
  await expect(page.getByTestId("downline-link")).toHaveText([member.username]);
});
