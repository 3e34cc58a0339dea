/**
 * What the walk through the member centre met (issue 23), scripts on and off: payment
 * confirmation one receipt at a time to the end, the inbox on a phone, the switched-off inbox,
 * the one count of promotions, the claim's warnings together, the picture picker, the referral
 * link from the page's own address and an accepted daily salary.
 */
import { expect, test } from "@playwright/test";
import {
  BASE_URL,
  loginAs,
  open,
  OPERATOR_URL,
  PLAYER,
  scriptsOn,
  setFeatures,
  submitLogin,
  waitForHydration,
  type Account,
} from "./helpers";

const PAYEE: Account = { username: "payee01", password: "Payee1234", nickname: "Payee Player", balance: "" };

const reference = async (path: string, init?: RequestInit) =>
  ((await (await fetch(`${OPERATOR_URL}${path}`, init)).json()) as { value: any }).value;
const resetConfirmations = () =>
  reference("/__reference/payment-confirmations/reset", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });

test("payment confirmation moves through all three receipts one at a time and closes when none is left", async ({ page }, testInfo) => {
  await resetConfirmations();
  if (scriptsOn(testInfo)) await page.clock.install();
  await loginAs(page, PAYEE, testInfo);
  if (!scriptsOn(testInfo)) await page.getByTestId("confirmation-notice").getByRole("link").click();
  const panel = page.getByTestId("payment-confirmation");
  for (const [position, total] of [
    [1, 3],
    [1, 2],
    [1, 1],
  ]) {
    await expect(panel).toContainText(`第 ${position} 笔，共 ${total} 笔`);
    const answering = await panel.getAttribute("data-pay-detail");
    // The page's clock stands still from here: only runFor moves it.
    if (scriptsOn(testInfo)) await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
    await panel.getByRole("button", { name: "已收到" }).click();
    if (scriptsOn(testInfo)) {
      // The answered receipt stays, marked done, for half a second; then the next one (or none).
      await expect(panel.getByRole("status")).toBeVisible();
      await expect(panel).toHaveAttribute("data-pay-detail", answering!);
      await page.clock.runFor(499);
      await expect(panel).toHaveAttribute("data-pay-detail", answering!);
      await page.clock.runFor(2);
      await page.clock.resume();
    }
    if (total > 1) {
      await expect(panel).toBeVisible();
      await expect(panel).not.toHaveAttribute("data-pay-detail", answering!);
    }
  }
  await expect(panel).toHaveCount(0);
  if (scriptsOn(testInfo)) await expect(page.locator("dialog.modal")).toHaveCount(0);
  const stored = (await reference("/__reference/payment-confirmations")) as { answer: string | null }[];
  expect(stored.map((r) => r.answer)).toEqual(["Y", "Y", "Y"]);
});

test("a message opened on a phone is at the top, read, and the badge has dropped", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, PLAYER, testInfo);
  await open(page, "/member/messageV2?read=unread", testInfo);
  const count = Number(await page.getByTestId("header-unread").textContent());
  const first = page.locator(".inbox-item--unread a").first();
  const subject = (await first.locator(".inbox-item__subject").textContent())!;
  await first.click();
  const heading = page.getByRole("heading", { name: subject });
  await expect(heading).toBeVisible();
  await expect(heading).toBeInViewport();
  const box = (await heading.boundingBox())!;
  expect(box.y).toBeLessThan(844 - box.height);
  // Read already: out of the unread list behind it, and the header's count has dropped.
  await expect(page.locator(".inbox-list .inbox-item__subject", { hasText: subject })).toHaveCount(0);
  if (count > 1) await expect(page.getByTestId("header-unread")).toHaveText(String(count - 1));
  else await expect(page.getByTestId("header-unread")).toHaveCount(0);
  await page.screenshot({ path: `/tmp/shots-h5/inbox-message-390-${testInfo.project.name}.png`, fullPage: false });
});

test("with INBOX3 off Messages leaves the menu and the header, and its addresses send to the centre", async ({ page }, testInfo) => {
  await setFeatures({ INBOX3: false, MAILCEN: true });
  try {
    await loginAs(page, PLAYER, testInfo);
    await open(page, "/member", testInfo);
    await expect(page.locator('.member-menu a[data-route-key="securityCenter"]')).toBeVisible();
    await expect(page.locator('.member-menu a[data-route-key="messageV2"]')).toHaveCount(0);
    await expect(page.getByTestId("header-unread")).toHaveCount(0);
    for (const address of ["/member/messageV2", "/member/messageV2/25"]) {
      await open(page, address, testInfo);
      await expect(page).toHaveURL(/\/member$/);
      await expect(page.getByText("该页面当前未对您开放。")).toBeVisible();
    }
  } finally {
    await setFeatures({ INBOX3: true });
  }
});

test("the bonus pop-up counts the promotions the reward centre counts, the running raffle included", async ({ page }, testInfo) => {
  await reference("/__reference/promotion-claims/reset", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "player01" }),
  });
  await loginAs(page, PLAYER, testInfo);
  const popup = page.getByTestId("bonus-popup");
  await expect(popup).toBeVisible();
  const said = Number(/您有 (\d+) 个优惠可以领取/.exec((await popup.textContent())!)![1]);
  await open(page, "/member/rewardCenter", testInfo);
  await expect(page.getByTestId("available-count")).toHaveText(String(said));
  await expect(page.locator(".raffle-tip")).not.toHaveCount(0);
});

test("the referral link is this portal's /register on the address that served the page", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await open(page, "/member/referral", testInfo);
  const code = (await page.getByTestId("referral-code").textContent())!;
  expect(code).toMatch(/^R\w+$/);
  await expect(page.getByTestId("referral-link")).toHaveValue(`${BASE_URL}/register?referralCode=${code}`);
  await page.screenshot({ path: `/tmp/shots-h5/referral-1280-${testInfo.project.name}.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `/tmp/shots-h5/referral-390-${testInfo.project.name}.png` });
});

test("a daily salary the member accepted shows its tiers on the member's daily salary page", async ({ page }, testInfo) => {
  await reference("/__reference/contracts/reset", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "salary01" }),
  });
  await open(page, "/login", testInfo);
  await submitLogin(page, { username: "salary01", password: "Salary123" });
  await expect(page).toHaveURL(`${BASE_URL}/contracts?redirectTo=%2F`);
  if (scriptsOn(testInfo)) await waitForHydration(page);
  const card = page.locator('[data-testid="contract-card"][data-kind="daily"][data-product="LIVE"]');
  await card.getByRole("button", { name: "同意" }).click();
  await expect(page.getByTestId("contracts-done")).toHaveText("已同意该合约。");
  await open(page, "/member/playerMRDailySalary", testInfo);
  await expect(page.getByText("暂无工资契约。")).toHaveCount(0);
  const tiers = page.locator(".rate-chips li");
  await expect(tiers).toHaveCount(2);
  await expect(tiers.nth(0)).toContainText("¥5,000.00");
  await expect(tiers.nth(0)).toContainText("0.30%");
  await expect(tiers.nth(1)).toContainText("0.50%");
  await expect(page.getByText("暂无每日记录。")).toBeVisible();
  await page.screenshot({ path: `/tmp/shots-h5/salary-1280-${testInfo.project.name}.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `/tmp/shots-h5/salary-390-${testInfo.project.name}.png` });
});

test("the claim's pictures: a translated picker with thumbnails, a count and remove; the plain input without scripts", async ({
  page,
}, testInfo) => {
  await reference("/__reference/promotion-claims/reset", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "player01" }),
  });
  await loginAs(page, PLAYER, testInfo);
  await open(page, "/member/rewardCenter", testInfo);
  await page.locator(".reward-item", { hasText: "首存红利申请" }).getByRole("link", { name: "申请" }).click();
  const dialog = page.getByTestId("apply-reward");
  await expect(dialog).toBeVisible();
  const input = dialog.locator("input[name=pictures]");
  // A real picture (8×8 px), so the thumbnails draw.
  const picture = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGP4dNAPK2IYWhIARbaAQaZrSL0AAAAASUVORK5CYII=",
    "base64",
  );
  const png = (name: string) => ({ name, mimeType: "image/png", buffer: picture });
  if (scriptsOn(testInfo)) {
    const picker = dialog.getByTestId("picker-pictures");
    await expect(picker.getByRole("button", { name: "选择图片" })).toBeVisible();
    await expect(picker.getByTestId("picker-count")).toHaveText("0/3");
    await input.setInputFiles([png("a.png"), png("b.png")]);
    await expect(picker.getByTestId("picker-count")).toHaveText("2/3");
    await expect(picker.locator("img")).toHaveCount(2);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `/tmp/shots-h5/picker-1280-${testInfo.project.name}.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `/tmp/shots-h5/picker-390-${testInfo.project.name}.png` });
    await picker.getByRole("button", { name: "移除 a.png" }).click();
    await expect(picker.getByTestId("picker-count")).toHaveText("1/3");
    await expect(picker.locator("img")).toHaveCount(1);
  } else {
    await expect(input).toBeVisible();
    await expect(input).toHaveClass(/file-input/);
    await input.setInputFiles([png("b.png")]);
    await page.screenshot({ path: `/tmp/shots-h5/picker-1280-${testInfo.project.name}.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `/tmp/shots-h5/picker-390-${testInfo.project.name}.png` });
  }
  await dialog.locator("textarea[name=remarks]").fill("one picture");
  await dialog.getByRole("button", { name: "提交申请" }).click();
  await expect(page.locator(".notice", { hasText: "申请已提交" })).toBeVisible();
  const claims = (await reference("/__reference/promotion-claims?username=player01")) as { status: string; images: unknown[] }[];
  expect(claims.filter((c) => c.status === "PENDING").map((c) => c.images.length)).toEqual([1]);
});
