/**
 * The member centre's pages (issue 10), scripts on and off: a transfer and the balances after it
 * (with its refusals beside the field), the single-wallet account, the cashier hand-off, the
 * inbox's read state, payment confirmation both ways (the proof's second press), feedback's
 * rules, the rank, the referral QR and a rebate claim.
 */
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL, loginAs, open, OPERATOR_URL, PLAYER, scriptsOn, type Account } from "./helpers";

const SINGLE: Account = { username: "single01", password: "Single123", nickname: "Single Wallet", balance: "" };
const PAYEE: Account = { username: "payee01", password: "Payee1234", nickname: "Payee Player", balance: "" };
const REBATE: Account = { username: "rebate01", password: "Rebate123", nickname: "Rebate Player", balance: "" };

const reference = async (path: string, init?: RequestInit) =>
  ((await (await fetch(`${OPERATOR_URL}${path}`, init)).json()) as { value: any }).value;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const fieldError = (page: Page, name: string) => page.locator(`.field:has([name="${name}"]) .field__error`);

test("a transfer between two game wallets shows the balances after it; refusals stand beside the amount", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  const before = await reference("/__reference/wallets?username=player01");
  await open(page, "/member/transferFund?from=AGL", testInfo);
  await page.locator('select[name="to"]').selectOption("KYC");
  await page.locator('input[name="amount"]').fill("999999");
  await page.getByRole("button", { name: "确认转账" }).click();
  await expect(fieldError(page, "amount")).toHaveText("金额超过转出钱包的余额。");
  await expect(page.locator(".error-summary")).toContainText("金额超过转出钱包的余额。");
  await expect(page.locator('input[name="amount"]')).toHaveValue("999999");
  await page.locator('input[name="amount"]').fill("1.005");
  await page.getByRole("button", { name: "确认转账" }).click();
  await expect(fieldError(page, "amount")).toHaveText("金额须为正数，最多两位小数。");
  await page.locator('input[name="amount"]').fill("10.00");
  await page.getByRole("button", { name: "确认转账" }).click();
  await expect(page.getByText("转账成功，余额已更新。")).toBeVisible();
  const after = await reference("/__reference/wallets?username=player01");
  expect(Number(after.wallets.AGL)).toBeCloseTo(Number(before.wallets.AGL) - 10, 2);
  expect(Number(after.wallets.KYC)).toBeCloseTo(Number(before.wallets.KYC) + 10, 2);
  const kyc = page.locator('.transfer-page .wallet-list [data-wallet="KYC"] .wallet-list__balance');
  await expect(kyc).toHaveText(`¥${Number(after.wallets.KYC).toLocaleString("en-US", { minimumFractionDigits: 2 })}`);
});

test("a single-wallet account has no transfer page", async ({ page }, testInfo) => {
  await loginAs(page, SINGLE, testInfo);
  await open(page, "/member", testInfo);
  await expect(page.locator('.member-menu a[data-route-key="securityCenter"]')).toBeVisible();
  await expect(page.locator('.member-menu a[data-route-key="transferFund"]')).toHaveCount(0);
});

test("deposit hands the player to the operator's cashier", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await open(page, "/member/depositv2", testInfo);
  await expect(page.getByText("存款在运营商的收银台完成")).toBeVisible();
  await page.getByRole("button", { name: "前往存款" }).click();
  await expect(page).toHaveURL(new RegExp(`^${OPERATOR_URL}/demo-cashier/`));
  await expect(page.getByRole("heading", { name: "Deposit" })).toBeVisible();
  await expect(page.getByText("player01")).toBeVisible();
});

test("opening a message marks it read and the header's count follows", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await open(page, "/member/messageV2?read=unread", testInfo);
  const count = Number(await page.getByTestId("header-unread").textContent());
  const first = page.locator(".inbox-item--unread a").first();
  const subject = (await first.locator(".inbox-item__subject").textContent())!;
  await first.click();
  await expect(page.getByRole("heading", { name: subject })).toBeVisible();
  if (scriptsOn(testInfo)) {
    await expect(page.locator("dialog.modal")).toBeVisible();
    await page.keyboard.press("Escape");
  } else {
    await page.getByRole("link", { name: "返回消息列表" }).click();
  }
  await expect(page).toHaveURL(/\/member\/messageV2\?read=unread$/);
  await expect(page.locator(".inbox-item__subject", { hasText: subject })).toHaveCount(0);
  if (count > 1) await expect(page.getByTestId("header-unread")).toHaveText(String(count - 1));
});

test("payment confirmation: received, then not received with the proof on the second press", async ({ page }, testInfo) => {
  await reference("/__reference/payment-confirmations/reset", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
  await loginAs(page, PAYEE, testInfo);
  if (!scriptsOn(testInfo)) {
    await page.getByTestId("confirmation-notice").getByRole("link").click();
  }
  const panel = page.getByTestId("payment-confirmation");
  await expect(panel).toBeVisible();
  await expect(panel).toContainText("第 1 笔，共 3 笔");
  await panel.getByRole("button", { name: "已收到" }).click();
  await expect(panel).toContainText("共 2 笔");
  // First press: the proof upload appears; the second press needs the file.
  await panel.getByRole("link", { name: "未收到" }).click();
  await expect(panel.getByLabel("未收到款项的凭证")).toBeVisible();
  await panel.getByLabel("未收到款项的凭证").setInputFiles({ name: "proof.png", mimeType: "image/png", buffer: PNG });
  await panel.getByRole("button", { name: "提交未收到" }).click();
  await expect(panel).toContainText("共 1 笔");
  const stored = (await reference("/__reference/payment-confirmations")) as { answer: string | null; proofBytes: number | null }[];
  expect(stored.map((r) => r.answer).sort()).toEqual(["N", "Y", null]);
  expect(stored.find((r) => r.answer === "N")?.proofBytes).toBe(PNG.length);
});

test("feedback puts each rule beside its field and sends a guest's words", async ({ page }, testInfo) => {
  await open(page, "/feedback", testInfo);
  await page.getByRole("button", { name: "提交反馈" }).click();
  await expect(fieldError(page, "sender")).toHaveText("此项不能为空。");
  await expect(fieldError(page, "content")).toHaveText("此项不能为空。");
  await expect(fieldError(page, "type")).toHaveText("请选择问题类型。");
  await expect(page.locator(".error-summary li")).toHaveCount(4);
  await page.getByLabel("联系人").fill("Ann");
  await page.getByLabel("问题描述").fill("too short");
  await page.getByRole("button", { name: "提交反馈" }).click();
  await expect(fieldError(page, "content")).toHaveText("问题描述须为20至500个字符。");
  await expect(page.getByLabel("联系人")).toHaveValue("Ann");
  // No image for a guest.
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
});

test("the rank shows its progress, the referral its link and QR, and a rebate is claimed", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await open(page, "/member/playerRank", testInfo);
  await expect(page.getByTestId("rank-label")).toHaveText("Gold");
  // The operator's colour (Gold's #D4AF37): the CSP drops a style attribute in the HTML, so there
  // is none, and with scripts it is set through the DOM.
  if (scriptsOn(testInfo)) await expect(page.getByTestId("rank-label")).toHaveCSS("color", "rgb(212, 175, 55)");
  else await expect(page.getByTestId("rank-label")).not.toHaveAttribute("style");
  await expect(page.getByTestId("rank-progress")).toHaveAttribute("value", "67");
  await open(page, "/member/referral", testInfo);
  // The portal's own address, not the operator's registerUrl (issue 23).
  await expect(page.getByTestId("referral-link")).toHaveValue(new RegExp(`^${BASE_URL}/register\\?referralCode=R`));
  await expect(page.locator(".referral__qr svg")).toBeVisible();
  await page.context().clearCookies();
  await loginAs(page, REBATE, testInfo);
  await open(page, "/member/manualRebate", testInfo);
  // The first product with rebate still waiting (each run of this journey claims one).
  const product = await page.locator(".rebate-row:has(button:not([disabled]))").first().getAttribute("data-product");
  const row = page.locator(`.rebate-row[data-product="${product}"]`);
  await row.getByRole("button", { name: "领取" }).click();
  await expect(page.getByText(/已领取返水 ¥[\d,.]+，已存入主钱包。/)).toBeVisible();
  await expect(row.getByRole("button", { name: "领取" })).toBeDisabled();
});
