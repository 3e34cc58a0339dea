/**
 * The right tool bar (document 001, section 2, screen 14): its entries, a messaging app's QR code
 * on hover and on focus, back-to-top after 200 px (always there without scripts), and the
 * collapsed choice kept in a cookie, with scripts and without.
 */
import { expect, test } from "@playwright/test";
import { BASE_URL, open, routerIdle, scriptsOn } from "./helpers";

test("a guest's tool bar leads to the site's pages, shows QR codes on hover and focus, and goes back to the top", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 800 });
  await open(page, "/", testInfo);
  const bar = page.getByRole("complementary", { name: "工具栏" });
  await expect(bar.getByRole("link", { name: "活动中心" })).toHaveAttribute("href", "/promotions");
  await expect(bar.getByRole("link", { name: "系统公告" })).toHaveAttribute("href", "/news");
  await expect(bar.getByRole("link", { name: "帮助中心" })).toHaveAttribute("href", "/help");
  await expect(bar.getByRole("link", { name: "APP 下载" })).toHaveAttribute("href", "/download");
  await expect(bar.getByRole("link", { name: "充值中心" })).toHaveAttribute("href", /^\/login\?redirectTo=%2Fmember%2Fdepositv2/);

  const qq = bar.getByRole("img", { name: "QQ二维码" });
  await expect(qq).toBeHidden();
  await bar.getByText("QQ", { exact: true }).hover();
  await expect(qq).toBeVisible();
  await page.mouse.move(10, 10);
  await expect(qq).toBeHidden();
  await bar.getByRole("button", { name: "QQ", exact: true }).focus();
  await expect(qq).toBeVisible();
  await expect(bar.getByRole("img", { name: "微信二维码" })).toBeHidden();

  const top = page.getByTestId("back-to-top");
  if (scriptsOn(testInfo)) {
    await expect(top).toBeHidden();
    // Instant steps (a wheel glides on after the test has moved on).
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect(top).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(top).toBeVisible();
  } else {
    await expect(top).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 600));
  }
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await top.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("collapsing the tool bar is remembered on the next page", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 800 });
  await open(page, "/help", testInfo);
  const bar = page.getByRole("complementary", { name: "工具栏" });
  const promotions = bar.getByRole("link", { name: "活动中心" });
  await expect(promotions).toBeVisible();
  await bar.getByRole("button", { name: "收起工具栏" }).click();
  await expect(promotions).toBeHidden();
  // With scripts the bar folds at once and the cookie's post is still on its way: let it land.
  if (scriptsOn(testInfo)) await routerIdle(page);
  await expect(page).toHaveURL(`${BASE_URL}/help`);
  await open(page, "/news", testInfo);
  await expect(bar.getByRole("link", { name: "活动中心" })).toBeHidden();
  await bar.getByRole("button", { name: "展开工具栏" }).click();
  await expect(bar.getByRole("link", { name: "活动中心" })).toBeVisible();
  if (scriptsOn(testInfo)) await routerIdle(page);
  await expect(page).toHaveURL(`${BASE_URL}/news`);
  await open(page, "/", testInfo);
  await expect(bar.getByRole("link", { name: "活动中心" })).toBeVisible();
});

test("on a phone only back-to-top stays of the tool bar", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/", testInfo);
  const bar = page.getByRole("complementary", { name: "工具栏" });
  await expect(bar.getByRole("link", { name: "活动中心" })).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect(page.getByTestId("back-to-top")).toBeVisible();
});

test("the loading overlay shows after 500 ms of a client navigation's wait, and goes when the page comes", async ({ page }, testInfo) => {
  test.skip(!scriptsOn(testInfo), "without scripts a page is the browser's own load, with the browser's indicator");
  await page.clock.install();
  await open(page, "/", testInfo);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/help\?_data=/, async (route) => {
    await held;
    await route.continue();
  });
  const overlay = page.getByTestId("page-loading");
  await page.locator("footer").getByRole("link", { name: "帮助中心" }).click();
  await page.clock.runFor(400);
  await expect(overlay).toBeHidden();
  await page.clock.runFor(200);
  await expect(overlay).toBeVisible();
  await expect(overlay).toHaveText("加载中…");
  release();
  await expect(page).toHaveURL(`${BASE_URL}/help`);
  await expect(overlay).toBeHidden();
});
