/**
 * The agent centre (issue 11, decision 032), scripts on and off: an agent opens it from the
 * game menu (over the page with scripts), a downline registered and found in team management, a
 * transfer to it with both balances after, a report filtered by dates, and members and trial
 * accounts refused.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { AGENT, BASE_URL, loginAs, open, PLAYER, reference, routerIdle, scriptsOn, submitLogin } from "./helpers";

async function freshAgent(page: Page, testInfo: TestInfo, tag: string): Promise<string> {
  const username = `ea${tag}${Date.now().toString(36).slice(-7)}`.slice(0, 13);
  await reference("/__reference/members", { username, password: "Agent1234", agentType: 1, nickname: "Fresh Agent", balance: "500.00" });
  await open(page, "/login", testInfo);
  await submitLogin(page, { username, password: "Agent1234" });
  await expect(page).toHaveURL(`${BASE_URL}/`);
  return username;
}

test("an agent opens the centre from the game menu and reads the team overview", async ({ page }, testInfo) => {
  await loginAs(page, AGENT, testInfo);
  await page.getByTestId("menu-agent").click();
  await expect(page).toHaveURL(`${BASE_URL}/agent/agentTeamOverview`);
  const centre = page.getByTestId("agent");
  if (scriptsOn(testInfo)) await expect(centre).toHaveAttribute("role", "dialog");
  else await expect(centre).not.toHaveAttribute("role", "dialog");
  await expect(page.getByRole("heading", { name: "团队总览" })).toBeVisible();
  await expect(page.getByTestId("affiliate-code")).toHaveText("AGENT001");
  await expect(page.locator('.member-menu a[data-route-key="agentDividendRecordCopy2"]')).toBeVisible();
  await page.locator('.member-menu a[data-route-key="teamManagement"]').click();
  await page.getByLabel("搜索账号或昵称").fill("team2");
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page.getByTestId("downline-link")).toHaveCount(3);
  await page.getByTestId("downline-link").first().click();
  await expect(page.getByTestId("downline-detail")).toContainText("agent002");
  await page.getByTestId("agent-close").click();
  await expect(page).toHaveURL(scriptsOn(testInfo) ? `${BASE_URL}/` : `${BASE_URL}/`);
});

test("a downline is registered, found in the team, and receives a transfer; both balances after", async ({ page }, testInfo) => {
  const agent = await freshAgent(page, testInfo, scriptsOn(testInfo) ? "a" : "b");
  const downline = `${agent.slice(0, 9)}d1`;
  await open(page, "/agent/registerCenter", testInfo);
  await page.getByLabel("账号", { exact: true }).fill(downline);
  await page.getByLabel("密码", { exact: true }).fill("Abc12345");
  await page.getByLabel("确认密码").fill("Abc99999");
  await page.getByRole("button", { name: "开设账号" }).click();
  await expect(
    page.locator(".field:has(#register-downline-verifyPwd) .field__error, .field:has([name=verifyPwd]) .field__error"),
  ).toBeVisible();
  await expect(page.getByLabel("账号", { exact: true })).toHaveValue(downline);
  // The server's answer never carries a password back (with scripts the browser refuses before sending).
  if (!scriptsOn(testInfo)) await expect(page.getByLabel("密码", { exact: true })).toHaveValue("");
  await page.getByLabel("密码", { exact: true }).fill("Abc12345");
  await page.getByLabel("确认密码").fill("Abc12345");
  await page.getByRole("button", { name: "开设账号" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/agent/teamManagement?q=${downline}`);
  await expect(page.getByText("账号已开设，已加入您的团队。")).toBeVisible();
  await expect(page.getByTestId("downline-link")).toHaveCount(1);

  await page.getByRole("link", { name: "转账", exact: true }).click();
  await expect(page.locator('input[name="to"]')).toHaveValue(downline);
  await page.locator('input[name="amount"]').fill("600");
  await page.getByRole("button", { name: "确认转账" }).click();
  await expect(page.locator('.field:has([name="amount"]) .field__error')).toHaveText("金额超过转出钱包的余额。");
  await page.locator('input[name="amount"]').fill("75.25");
  await page.getByRole("button", { name: "确认转账" }).click();
  await expect(page.getByTestId(`after-${downline}`)).toHaveText("75.25");
  await expect(page.getByTestId("agent-main-balance")).toHaveText("¥424.75");
  expect((await reference(`/__reference/wallets?username=${agent}`)).main).toBe("424.75");
  expect((await reference(`/__reference/wallets?username=${downline}`)).main).toBe("75.25");
});

test("team betting filtered by dates shows rows and totals", async ({ page }, testInfo) => {
  await loginAs(page, AGENT, testInfo);
  await open(page, "/agent/teamBetting", testInfo);
  await page.getByRole("link", { name: "近 30 天" }).click();
  await expect(page.locator(".records-table tbody tr").first()).toBeVisible();
  await expect(page.locator(".records-table tfoot")).toContainText("合计");
  await open(page, "/agent/teamBetting?start=2026-11-20&end=2026-11-01", testInfo);
  await expect(page.locator(".error-summary")).toBeVisible();
});

test("members and trial accounts are refused", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await open(page, "/agent/teamManagement", testInfo);
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByText("此页面仅限代理使用。")).toBeVisible();
  await expect(page.getByTestId("menu-agent")).toHaveCount(0);
});

test("the agent-menu kind 41 reads the centre but opens no accounts and moves no money; trial accounts are refused", async ({
  page,
}, testInfo) => {
  const tag = scriptsOn(testInfo) ? "v" : "w";
  const viewer = `e41${tag}${Date.now().toString(36).slice(-6)}`;
  await reference("/__reference/members", { username: viewer, password: "Agent1234", agentType: 41, nickname: "Viewer" });
  await open(page, "/login", testInfo);
  await submitLogin(page, { username: viewer, password: "Agent1234" });
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await page.getByTestId("menu-agent").click();
  await expect(page.locator('.member-menu a[data-route-key="teamManagement"]')).toBeVisible();
  await expect(page.locator('.member-menu a[data-route-key="registerCenter"]')).toHaveCount(0);
  await expect(page.locator('.member-menu a[data-route-key="transferDownline"]')).toHaveCount(0);
  await open(page, "/agent/transferDownline", testInfo);
  await expect(page).toHaveURL(/\/agent\/agentTeamOverview$/);
  await expect(page.getByText("该页面暂未开放。")).toBeVisible();

  await page.context().clearCookies();
  const trial = `etr${tag}${Date.now().toString(36).slice(-6)}`;
  await reference("/__reference/members", { username: trial, password: "Trial1234", agentType: 4 });
  await open(page, "/login", testInfo);
  await submitLogin(page, { username: trial, password: "Trial1234" });
  // The login's own landing must finish first: a late read of home would take the flash
  // that the refused /agent leaves for the next view.
  await expect(page).toHaveURL(`${BASE_URL}/`);
  if (scriptsOn(testInfo)) await routerIdle(page);
  await open(page, "/agent", testInfo);
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByText("请使用真实账号：试玩账号无法打开此页面。")).toBeVisible();
});
