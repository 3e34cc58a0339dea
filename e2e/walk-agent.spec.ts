/**
 * What the walk of issue 23 found in the agent centre and the contracts, scripts on and off:
 * the affiliate link that joins the agent's team, the tier tables and the phone layouts, and
 * the messages that said the wrong thing.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { AGENT, BASE_URL, captchaAnswer, deviceIdOf, loginAs, open, reference, scriptsOn, submitLogin } from "./helpers";
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

/** A first-level agent with the reference operator's contract requests, logged in. */
async function contractAgent(page: Page, testInfo: TestInfo, tag: string) {
  const username = `wc${tag}${Date.now().toString(36).slice(-7)}`.slice(0, 13);
  await reference("/__reference/members", { username, password: "Agent1234", agentType: 1, nickname: "Contract Agent" });
  await reference("/__reference/contracts/reset", { username });
  await open(page, "/login", testInfo);
  await submitLogin(page, { username, password: "Agent1234" });
  // The login leads to the waiting contracts first; the next page opened before that landed
  // would still see them unseen, and their dialog would open over it.
  await expect(page).toHaveURL(/\/contracts/);
  return username;
}

const dailyCard = (page: Page) => page.locator('[data-testid="contract-card"][data-kind="daily"][data-product="RNG"]').first();

test("contract tiers: every column in view in a half-width card, every value named on a phone; headings read as words", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await contractAgent(page, testInfo, scriptsOn(testInfo) ? "a" : "b");
  await open(page, "/contracts?lng=VI", testInfo);
  const table = dailyCard(page).locator("table.contract-tiers");
  await expect(table.locator("thead th")).toHaveText(["Bậc", "Khối lượng cược", "Thành viên hoạt động", "Mức lương"]);
  const frame = await table.locator("xpath=..").boundingBox();
  const last = await table.locator("thead th").last().boundingBox();
  expect(frame && last && last.x + last.width <= frame.x + frame.width + 0.5).toBe(true);

  await open(page, "/contracts?lng=EN", testInfo);
  // The heading's text is what a screen reader reads: kind and product as two words.
  await expect(page.locator('[data-kind="dividend"][data-product="LIVE"] h3').first()).toHaveText("Dividend, Live casino");

  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/contracts?lng=EN", testInfo);
  const cells = dailyCard(page).locator("tbody tr").first().locator("td");
  const shown = await cells.evaluateAll((tds) => tds.map((td) => getComputedStyle(td, "::before").content));
  expect(shown).toEqual(['"Tier"', '"Bet volume"', '"Active members"', '"Salary rate"']);
});

test("on a phone the agent menu shows every page, the months are named and the team balance has its currency", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, AGENT, testInfo);
  await open(page, "/agent/agentTeamOverview", testInfo);
  const links = page.locator(".member-menu a");
  expect(await links.count()).toBeGreaterThan(10);
  const boxes = await links.evaluateAll((as) => as.map((a) => a.getBoundingClientRect()).map((r) => [r.left, r.right]));
  for (const [left, right] of boxes) expect(left >= 0 && right <= 390).toBe(true);
  const cells = page.locator(".agent-months tbody tr").first().locator("td");
  expect(await cells.evaluateAll((tds) => tds.map((td) => getComputedStyle(td, "::before").content))).toEqual(['"本月"', '"上月"']);
  await expect(page.getByTestId("team-balance")).toHaveText(/^¥\d{1,3}(,\d{3})*\.\d{2}$/);
});

test("the higher-rate confirmation over the contracts leaves no page to scroll behind it", async ({ page }, testInfo) => {
  test.skip(!scriptsOn(testInfo), "without scripts the confirmation is a page of its own, nothing behind it");
  await page.setViewportSize({ width: 390, height: 844 });
  await contractAgent(page, testInfo, "h");
  await open(page, "/", testInfo);
  await page.locator('header a[href^="/contracts"]').first().click();
  await dailyCard(page).waitFor();
  await page.locator('[data-testid="contract-card"][data-kind="daily"][data-product="FISH"]').getByRole("link", { name: "同意" }).click();
  await expect(page.getByTestId("higher-rate-warning")).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 2000));
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("transfers to several downlines: the overdraft names the total; the balances after under a heading on a phone", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const agent = await freshAgent(page, testInfo, scriptsOn(testInfo) ? "c" : "d", { agentType: 1 });
  const names = [`${agent.username.slice(0, 10)}x1`, `${agent.username.slice(0, 10)}x2`];
  for (const name of names) {
    await open(page, "/agent/registerCenter", testInfo);
    await page.getByLabel("账号", { exact: true }).fill(name);
    await page.getByLabel("密码", { exact: true }).fill("Abc12345");
    await page.getByLabel("确认密码").fill("Abc12345");
    await page.getByRole("button", { name: "开设账号" }).click();
    await expect(page).toHaveURL(/teamManagement/);
  }
  await open(page, "/agent/transferDownline", testInfo);
  await page.locator('input[name="to"]').fill(names.join(","));
  await page.locator('input[name="amount"]').fill("300");
  await page.getByRole("button", { name: "确认转账" }).click();
  const overdraft = "转给每位下级的金额合计超过了您主钱包的余额（金额 × 下级人数）。";
  await expect(page.locator('.field:has([name="amount"]) .field__error')).toHaveText(overdraft);
  await expect(page.locator(".error-summary")).toContainText(overdraft);
  await page.locator('input[name="amount"]').fill("100");
  await page.getByRole("button", { name: "确认转账" }).click();
  const heading = page.getByRole("heading", { name: "转账后余额" });
  await expect(heading).toBeVisible();
  expect((await heading.boundingBox())!.height).toBeLessThan(40);
  await expect(page.getByRole("table", { name: "转账后余额" })).toBeVisible();
  await expect(page.getByTestId(`after-${names[0]}`)).toHaveText("100.00");
});

test("two identical short passwords for a downline report the length rule, not a mismatch", async ({ page }, testInfo) => {
  await freshAgent(page, testInfo, scriptsOn(testInfo) ? "e" : "f");
  await open(page, "/agent/registerCenter", testInfo);
  await page.getByLabel("账号", { exact: true }).fill("shortpw01");
  await page.getByLabel("密码", { exact: true }).fill("abc");
  await page.getByLabel("确认密码").fill("abc");
  await page.getByRole("button", { name: "开设账号" }).click();
  await expect(page.locator('.field:has([name="password"]) .field__error')).toHaveText("密码须为6至16位字符。");
  await expect(page.locator('.field:has([name="verifyPwd"]) .field__error')).toHaveCount(0);
  await expect(page.locator(".error-summary")).not.toContainText("不一致");
});

test("red envelopes past the last page show the last page; a stray type= is ignored", async ({ page }, testInfo) => {
  await loginAs(page, AGENT, testInfo);
  await open(page, "/agent/agentRedRain", testInfo);
  await page.getByRole("link", { name: "近 30 天" }).click();
  await expect(page.locator(".records-table tbody tr")).toHaveCount(3);
  await open(page, `${page.url()}&page=9`, testInfo);
  await expect(page.locator(".records-table tbody tr")).toHaveCount(3);
  for (const path of ["/agent/agentRedRain?type=x", "/agent/teamLoss?type=", "/agent/agentHourSalary?type=DIVIDEND"]) {
    const response = await open(page, path, testInfo);
    expect(response?.status()).toBe(200);
    await expect(page.locator(".error-summary")).toHaveCount(0);
  }
});

test("a stale tab after a reject in another tab says the agent rejected it", async ({ page, context }, testInfo) => {
  await contractAgent(page, testInfo, scriptsOn(testInfo) ? "s" : "t");
  await open(page, "/contracts", testInfo);
  const other = await context.newPage();
  await open(other, "/contracts", testInfo);
  await other.locator('[data-testid="contract-card"][data-kind="daily"][data-product="RNG"]').getByRole("button", { name: "拒绝" }).click();
  await expect(other.getByTestId("contracts-done")).toHaveText("已拒绝该合约。");
  await dailyCard(page).getByRole("button", { name: "拒绝" }).click();
  await expect(page.getByTestId("contracts-error")).toHaveText("您已在其他标签页或窗口中拒绝了该合约，列表已更新。");
});
