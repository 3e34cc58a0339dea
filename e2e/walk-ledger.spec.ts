/**
 * One ledger for every money move (issue 23, decision 037), scripts on and off: a player's wallet
 * transfer and an agent's transfer to a downline appear in account records (the agent's and the
 * downline's), each balance after adding up to the wallet's real balance; an account with one
 * wallet is offered no transfer between wallets; amount fields bring up a keypad with a decimal
 * point; MYWALL and PLYRBT hide their pages.
 */
import Decimal from "decimal.js";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { BASE_URL, loginAs, open, PLAYER, reference, scriptsOn, setFeatures, submitLogin, type Account } from "./helpers";

const DOWN: Account = { username: "down01", password: "Down1234", nickname: "Downline Player", balance: "" };

const rows = (page: Page) => page.locator(".records-table tbody tr");
const cell = (page: Page, row: number, label: string) => rows(page).nth(row).locator(`td[data-label="${label}"]`);
/** "¥1,234.56", "-1.11" → a decimal. */
const decimalOf = (text: string | null) => new Decimal((text ?? "").replace(/[^\d.-]/g, "").replace(/^-$/, "0") || "0");
const mainOf = async (username: string) => new Decimal((await reference(`/__reference/wallets?username=${username}`)).main);

/** The newest row says what moved, and the two newest rows' balances add up to the wallet's balance now. */
async function expectNewestRow(page: Page, username: string, name: string, amount: string) {
  await open(page, "/member/transactionHistory", test.info());
  await expect(cell(page, 0, "交易类型")).toHaveText(name);
  expect(decimalOf(await cell(page, 0, "金额").textContent()).toFixed(2)).toBe(amount);
  const after = decimalOf(await cell(page, 0, "交易后余额").textContent());
  expect(after.toFixed(2)).toBe((await mainOf(username)).toFixed(2));
  if ((await rows(page).count()) > 1) {
    const before = decimalOf(await cell(page, 1, "交易后余额").textContent());
    expect(before.plus(amount).toFixed(2)).toBe(after.toFixed(2));
  }
}

async function freshMember(page: Page, testInfo: TestInfo, prefix: string, agentType = 0): Promise<string> {
  const username = `${prefix}${scriptsOn(testInfo) ? "a" : "b"}${Date.now().toString(36).slice(-7)}`.slice(0, 13);
  await reference("/__reference/members", { username, password: "Agent1234", agentType, nickname: "Ledger", balance: "500.00" });
  await open(page, "/login", testInfo);
  await submitLogin(page, { username, password: "Agent1234" });
  await expect(page).toHaveURL(`${BASE_URL}/`);
  return username;
}

test.afterEach(async () => {
  await setFeatures({ MYWALL: true, PLYRBT: true });
});

test("a wallet transfer appears in account records, and the balance after is the wallet's", async ({ page }, testInfo) => {
  await loginAs(page, DOWN, testInfo);
  await open(page, "/member/transferFund", testInfo);
  const amount = page.getByLabel("转账金额");
  await expect(amount).toHaveAttribute("inputmode", "decimal");
  await page.getByLabel("转出钱包").selectOption("MAIN");
  await page.getByLabel("转入钱包").selectOption("AGL");
  await amount.fill("1.11");
  await page.getByRole("button", { name: "确认转账" }).click();
  await expect(page.getByText("转账成功，余额已更新。")).toBeVisible();
  await expectNewestRow(page, DOWN.username, "转入 AG Live", "-1.11");

  await open(page, "/member/transferFund?from=AGL", testInfo);
  await page.getByLabel("转账金额").fill("1.11");
  await page.getByRole("button", { name: "确认转账" }).click();
  await expect(page.getByText("转账成功，余额已更新。")).toBeVisible();
  await expectNewestRow(page, DOWN.username, "AG Live 转回", "1.11");
});

test("a transfer to a downline appears in the agent's account records and the downline's", async ({ page }, testInfo) => {
  const agent = await freshMember(page, testInfo, "lg", 1);
  const downline = `${agent.slice(0, 9)}d1`;
  await open(page, "/agent/registerCenter", testInfo);
  await page.getByLabel("账号", { exact: true }).fill(downline);
  await page.getByLabel("密码", { exact: true }).fill("Abc12345");
  await page.getByLabel("确认密码").fill("Abc12345");
  await page.getByRole("button", { name: "开设账号" }).click();
  await expect(page.getByText("账号已开设，已加入您的团队。")).toBeVisible();
  await open(page, `/agent/transferDownline?to=${downline}`, testInfo);
  await expect(page.locator('input[name="amount"]')).toHaveAttribute("inputmode", "decimal");
  await page.locator('input[name="amount"]').fill("75.25");
  await page.getByRole("button", { name: "确认转账" }).click();
  await expect(page.getByTestId(`after-${downline}`)).toHaveText("75.25");

  await expectNewestRow(page, agent, `转给下级 ${downline}`, "-75.25");
  await expect(cell(page, 0, "交易后余额")).toContainText("424.75");

  await page.context().clearCookies();
  await open(page, "/login", testInfo);
  await submitLogin(page, { username: downline, password: "Abc12345" });
  await expectNewestRow(page, downline, `上级 ${agent} 转入`, "75.25");
  await expect(cell(page, 0, "交易后余额")).toContainText("75.25");
});

test("an account with one wallet is offered no transfer between wallets", async ({ page }, testInfo) => {
  await freshMember(page, testInfo, "lo");
  await open(page, "/member/transferFund", testInfo);
  await expect(page.locator(".transfer-page").getByTestId("wallet-list").locator("li")).toHaveCount(1);
  await expect(page.getByTestId("transfer-one-wallet")).toHaveText("您只有一个钱包，无需在钱包之间转账。");
  await expect(page.locator("form.transfer-form")).toHaveCount(0);
});

test("MYWALL off hides My wallet and its transfers; PLYRBT off hides the player rebate", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await open(page, "/member", testInfo);
  await expect(page.locator('.member-menu a[data-route-key="transferFund"]')).toBeVisible();
  await expect(page.locator('.member-menu a[data-route-key="bonusDetails"]')).toBeVisible();

  // A player's switches are read as the centre opens: off before the next login.
  await setFeatures({ MYWALL: false, PLYRBT: false });
  await page.context().clearCookies();
  await loginAs(page, PLAYER, testInfo);
  await open(page, "/member", testInfo);
  await expect(page.locator('.member-menu a[data-route-key="transferFund"]')).toHaveCount(0);
  await expect(page.locator('.member-menu a[data-route-key="bonusDetails"]')).toHaveCount(0);
  // The info bar's wallet list is My wallet's too; the balance stays.
  await expect(page.locator(".wallet-menu")).toHaveCount(0);
  await expect(page.getByTestId("info-balance")).toHaveText(PLAYER.balance);
  for (const path of ["/member/transferFund", "/member/bonusDetails"]) {
    await open(page, path, testInfo);
    await expect(page).toHaveURL(/\/member$/);
    await expect(page.getByText("该页面当前未对您开放。")).toBeVisible();
  }
});

test("the operator's wallet names follow the page's language, also right after a switch", async ({ page }, testInfo) => {
  await loginAs(page, DOWN, testInfo);
  const mainName = page.locator('.transfer-page [data-wallet="MAIN"] .wallet-list__name');
  await open(page, "/member/transferFund", testInfo);
  await expect(mainName).toHaveText("主钱包");
  // Thai is a language the operator names no wallet in: English, not the Chinese just shown.
  await open(page, "/member/transferFund?lng=TH", testInfo);
  await expect(mainName).toHaveText("Main wallet");
  await open(page, "/member/transferFund?lng=CN", testInfo);
  await expect(mainName).toHaveText("主钱包");
});
