/**
 * The member centre's records (issue 10), scripts on and off: betting records, account records
 * and personal profit from the menu, a filter and a page of each kind, the quick ranges, the
 * empty state, and a bad range answered beside the filter (400 without scripts).
 */
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL, loginAs, open, PLAYER, scriptsOn } from "./helpers";

const DAY = 86_400_000;
/** A date of the merchant's day (Asia/Shanghai), `days` from today. */
const shanghaiDate = (days = 0) => new Date(Date.now() + 8 * 3_600_000 + days * DAY).toISOString().slice(0, 10);

const filterForm = (page: Page) => page.locator("form#records-filter");
const rows = (page: Page) => page.locator(".records-table tbody tr");

/** Submits the filter form and waits for the page it leads to. */
async function search(page: Page) {
  await Promise.all([page.waitForURL(/\?/), filterForm(page).getByRole("button", { name: "查询" }).click()]);
}

test("betting records: from the menu, filtered by product type, paged", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await open(page, "/member", testInfo);
  await page.locator('.member-menu a[data-route-key="personalHistoryCopy"]').click();
  await expect(page.getByRole("heading", { level: 1, name: "投注记录" })).toBeVisible();
  await expect(filterForm(page).locator('input[name="start"]')).toHaveValue(shanghaiDate(-7));
  await expect(filterForm(page).locator('input[name="end"]')).toHaveValue(shanghaiDate());
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByTestId("records-totals")).toContainText("合计");

  // Two months of live casino bets only.
  await filterForm(page).locator('input[name="start"]').fill(shanghaiDate(-60));
  await filterForm(page).locator('select[name="type"]').selectOption("LIVE");
  await search(page);
  await expect(page).toHaveURL(/type=LIVE/);
  const count = await rows(page).count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expect(rows(page).nth(i).locator('td[data-label="游戏"]')).toContainText("真人视讯");

  // The second page keeps the filter.
  const firstOrder = await rows(page).first().locator('td[data-label="注单号"]').textContent();
  await page.locator(".pager").getByRole("link", { name: "下一页" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/type=LIVE/);
  await expect(page.locator('.pager [aria-current="page"]')).toHaveText("2");
  await expect(rows(page).first().locator('td[data-label="注单号"]')).not.toHaveText(firstOrder ?? "");
});

test("account records: a quick range and a transaction type", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await open(page, "/member/transactionHistory", testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "账户记录" })).toBeVisible();
  await page.getByRole("link", { name: "近 30 天" }).click();
  await expect(page).toHaveURL(new RegExp(`start=${shanghaiDate(-30)}&end=${shanghaiDate()}`));
  await expect(page.getByRole("link", { name: "近 30 天" })).toHaveAttribute("aria-current", "true");
  await expect(filterForm(page).locator('input[name="start"]')).toHaveValue(shanghaiDate(-30));
  await filterForm(page).locator('select[name="type"]').selectOption("deposit");
  await search(page);
  await expect(page).toHaveURL(/type=deposit/);
  // Waits for the filtered table (with scripts the address changes as the new rows arrive).
  await expect(rows(page).locator('td[data-label="交易类型"]').filter({ hasNotText: "存款" })).toHaveCount(0);
  expect(await rows(page).count()).toBeGreaterThan(0);
  await expect(page.getByTestId("records-summary")).toContainText("收入");
});

test("personal profit: days with totals, and the empty state before the history began", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await open(page, "/member/personalProfit", testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "个人盈亏" })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByTestId("records-totals")).toContainText("合计");
  await expect(page.getByTestId("records-profit")).toBeVisible();

  await filterForm(page).locator('input[name="start"]').fill(shanghaiDate(-400));
  await filterForm(page).locator('input[name="end"]').fill(shanghaiDate(-390));
  await search(page);
  await expect(page.getByTestId("records-empty")).toContainText("该时间范围内没有记录");
  await expect(rows(page)).toHaveCount(0);
  // The way back to the default range.
  await page.getByRole("link", { name: "查看最近 7 天" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/member/personalProfit`);
  await expect(rows(page).first()).toBeVisible();
});

test("a bad range is answered beside the filter", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await open(page, "/member/personalHistoryCopy", testInfo);
  await filterForm(page).locator('input[name="start"]').fill(shanghaiDate(-1));
  await filterForm(page).locator('input[name="end"]').fill(shanghaiDate(-3));
  if (scriptsOn(testInfo)) {
    // Checked in the page with the same schema: no request is made.
    await filterForm(page).getByRole("button", { name: "查询" }).click();
  } else {
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/member/personalHistoryCopy"),
      filterForm(page).getByRole("button", { name: "查询" }).click(),
    ]);
    expect(response.status()).toBe(400);
  }
  const endField = page.locator('.field:has(input[name="end"])');
  await expect(endField.locator(".field__error")).toHaveText("结束日期不能早于开始日期");
  await expect(page.locator(".error-summary")).toContainText("结束日期不能早于开始日期");
  await expect(filterForm(page).locator('input[name="start"]')).toHaveValue(shanghaiDate(-1));

  // A range longer than 90 days typed into the address: the server's answer, a 400, the same place.
  const response = await open(page, `/member/personalHistoryCopy?start=${shanghaiDate(-120)}&end=${shanghaiDate()}`, testInfo);
  expect(response?.status()).toBe(400);
  await expect(endField.locator(".field__error")).toHaveText("一次最多查询 90 天");
  await expect(rows(page)).toHaveCount(0);
});
