/**
 * What a walk through the points mall met (issue 23), scripts on and off: the records and
 * transactions tables whole at 1280×800, the redeem quantity and the conversion amount forced
 * into range with scripts as without, and the price of each way to pay shown before it is taken.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { readFileSync } from "node:fs";
import { BASE_URL, open, reference, scriptsOn, submitLogin } from "./helpers";

const load = (lng: string) => JSON.parse(readFileSync(`public/locales/${lng}/points.json`, "utf8")) as Record<string, string>;
const CN = load("CN");
const TABLET = 4;

async function freshPlayer(page: Page, testInfo: TestInfo, tag: string, points = "50000", balance = "5000"): Promise<string> {
  const username = `pw${tag}${scriptsOn(testInfo) ? "j" : "n"}${Date.now().toString(36).slice(-6)}`.slice(0, 13);
  await reference("/__reference/members", { username, password: "Points123", balance, nickname: "Mall Walker" });
  await reference("/__reference/points", { username, balance: points });
  await open(page, "/login", testInfo);
  await submitLogin(page, { username, password: "Points123" });
  await expect(page).toHaveURL(`${BASE_URL}/`);
  return username;
}

const state = (username: string) =>
  reference(`/__reference/points?username=${username}`) as Promise<{ balance: string; wallet: string; redemptions: number }>;

async function fillRedeem(page: Page, quantity: string) {
  await page.getByLabel("支付密码").fill("Points123");
  await page.getByLabel("收货人姓名").fill("王小明");
  await page.getByLabel("收货地址").fill("上海市浦东新区世纪大道 100 号");
  await page.getByLabel("联系电话").fill("13800138000");
  await page.getByLabel("数量").fill(quantity);
}

test.describe("points mall at 1280×800", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the records and transactions tables show every column inside the page", async ({ page }, testInfo) => {
    const username = await freshPlayer(page, testInfo, "t");
    await open(page, "/member/pointMall/reward/14", testInfo);
    await fillRedeem(page, "1");
    await page.getByRole("button", { name: "立即兑换" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/member/pointMall/records`);
    expect((await state(username)).redemptions).toBe(1);
    for (const [path, lng] of [
      ["/member/pointMall/records", "EN"],
      ["/member/pointMall/transactions", "EN"],
      ["/member/pointMall/records", "VI"],
      ["/member/pointMall/transactions", "VI"],
    ]) {
      await open(page, `${path}?lng=${lng}`, testInfo);
      const wrap = page.locator(".records-table-wrap");
      await expect(wrap.locator("tbody tr").first()).toBeVisible();
      const overflow = await wrap.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow, `${path} ${lng}`).toBeLessThanOrEqual(1);
      const last = await wrap.locator("thead th").last().boundingBox();
      expect(last!.x + last!.width, `${path} ${lng}`).toBeLessThanOrEqual(1280);
    }
  });
});

test.describe("forced into range, with scripts as without", () => {
  test("the redeem quantity: 0 becomes 1 and 999 the stock, with the message, and nothing is redeemed", async ({ page }, testInfo) => {
    const username = await freshPlayer(page, testInfo, "q");
    await reference("/__reference/points", { rewardId: TABLET, inventory: 8 });
    await open(page, `/member/pointMall/reward/${TABLET}`, testInfo);
    for (const [typed, forced] of [
      ["0", "1"],
      ["999", "8"],
    ]) {
      await fillRedeem(page, typed);
      await page.getByRole("button", { name: "立即兑换" }).click();
      await expect(page.getByLabel("数量")).toHaveValue(forced);
      await expect(page.locator(".field--error").filter({ has: page.getByLabel("数量") })).toContainText(CN.points_quantity_invalid);
      await expect(page.locator(".error-summary")).toContainText(CN.points_quantity_invalid);
    }
    await expect(page).toHaveURL(new RegExp(`/member/pointMall/reward/${TABLET}`));
    expect((await state(username)).redemptions).toBe(0);
  });

  test("the conversion amount: 0 becomes 1, with the message, and nothing is converted", async ({ page }, testInfo) => {
    const username = await freshPlayer(page, testInfo, "a", "0", "500");
    await open(page, "/member/pointMall/rules", testInfo);
    await page.getByLabel("兑换金额").fill("0");
    await page.getByLabel("支付密码").fill("Points123");
    await page.getByRole("button", { name: "确认兑换" }).click();
    await expect(page.getByLabel("兑换金额")).toHaveValue("1");
    await expect(page.locator(".error-summary")).toContainText(CN.points_amount_invalid);
    const after = await state(username);
    expect([Number(after.balance), Number(after.wallet)]).toEqual([0, 500]);
  });
});

test("points plus money: each way shows what it takes, and that is what is taken", async ({ page }, testInfo) => {
  const username = await freshPlayer(page, testInfo, "m", "20000", "5000");
  const before = await state(username);
  await open(page, "/member/pointMall/reward/11", testInfo);
  await expect(page.getByTestId("type-price-P")).toHaveText("12,800 积分");
  await expect(page.getByTestId("type-price-PM")).toHaveText("6,400 积分 + ¥699.00");
  await fillRedeem(page, "1");
  await page
    .getByLabel(/积分\+现金|积分 \+ 现金/)
    .first()
    .check();
  // Nothing on the page says ¥0.00 is to pay for points plus money.
  await expect(page.locator(".redeem-form")).not.toContainText("¥0.00");
  if (scriptsOn(testInfo)) await expect(page.getByTestId("pay-money")).toHaveText("¥699.00");
  await page.getByRole("button", { name: "立即兑换" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/member/pointMall/records`);
  const after = await state(username);
  expect(Number(before.balance) - Number(after.balance)).toBe(6400);
  expect(Number(before.wallet) - Number(after.wallet)).toBe(699);
});
