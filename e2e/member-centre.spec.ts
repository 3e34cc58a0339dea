/**
 * The member centre's frame (issue 10), scripts on and off: the menu by member type and switches,
 * the overlay over the page the player came from (scripts on) or a page (off), and the balance's
 * refresh and hide/show buttons.
 */
import { expect, test } from "@playwright/test";
import { AGENT, loginAs, open, PLAYER, scriptsOn, setFeatures } from "./helpers";

const menuLink = (page: import("@playwright/test").Page, key: string) => page.locator(`.member-menu a[data-route-key="${key}"]`);

test.afterEach(async () => {
  await setFeatures({ CREDITMAR3: false, MAILCEN: true });
});

test("a member's menu lists the account, records, rewards and service pages", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await open(page, "/member", testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "账户总览" })).toBeVisible();
  for (const key of [
    "securityCenter",
    "transferFund",
    "depositv2",
    "withdraw",
    "personalHistoryCopy",
    "playerRank",
    "messageV2",
    "feedback",
  ]) {
    await expect(menuLink(page, key)).toBeVisible();
  }
  await expect(menuLink(page, "transferUpline")).toHaveCount(0);
  await expect(page.getByTestId("member-info")).toContainText("Gold");
  await expect(page.getByTestId("member-balance")).toHaveText(PLAYER.balance);
});

test("the credit margin switch hides deposit and withdraw, and their address says so", async ({ page }, testInfo) => {
  await setFeatures({ CREDITMAR3: true, MAILCEN: false });
  await loginAs(page, PLAYER, testInfo);
  await open(page, "/member", testInfo);
  await expect(menuLink(page, "securityCenter")).toBeVisible();
  await expect(menuLink(page, "depositv2")).toHaveCount(0);
  await expect(menuLink(page, "withdraw")).toHaveCount(0);
  await expect(menuLink(page, "messageV2")).toHaveCount(0);
  await open(page, "/member/depositv2", testInfo);
  await expect(page).toHaveURL(/\/member$/);
  await expect(page.getByText("该页面当前未对您开放。")).toBeVisible();
});

test("an agent has no referral page", async ({ page }, testInfo) => {
  await loginAs(page, AGENT, testInfo);
  await open(page, "/member", testInfo);
  await expect(menuLink(page, "securityCenter")).toBeVisible();
  await expect(menuLink(page, "referral")).toHaveCount(0);
});

test("the centre opens over the page the player was on and closes back to it", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await open(page, "/electron", testInfo);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator(".header-menu a[href='/member']").click();
  await expect(page).toHaveURL(/\/member$/);
  if (scriptsOn(testInfo)) {
    // The lobby stays drawn under the centre, inert.
    await expect(page.locator(".member-centre--overlay")).toBeVisible();
    await expect(page.locator(".member-backdrop .game-tile").first()).toBeAttached();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/electron$/);
    await expect(page.locator(".member-centre")).toHaveCount(0);
    await page.locator(".header-menu a[href='/member']").click();
    await menuLink(page, "playerRank").click();
    await expect(page).toHaveURL(/\/member\/playerRank$/);
    await page.getByTestId("member-close").click();
    await expect(page).toHaveURL(/\/electron$/);
  } else {
    await expect(page.locator(".member-centre--overlay")).toHaveCount(0);
    await expect(page.getByTestId("member-close")).toHaveAttribute("href", "/");
  }
});

test("the page under the centre keeps the stylesheets of its area", async ({ page }, testInfo) => {
  test.skip(!scriptsOn(testInfo), "without scripts the centre is a page of its own");
  await loginAs(page, PLAYER, testInfo);
  await page.setViewportSize({ width: 1280, height: 800 });
  const vendorText = (scope: string) =>
    page
      .locator(`${scope} .vendor-card__text`)
      .first()
      .evaluate((el) => getComputedStyle(el).display);
  // games.css (linked by the home page, not by the centre) lays out a vendor card's name.
  expect(await vendorText("main.site-main")).toBe("grid");
  await page.locator(".header-menu a[href='/member']").click();
  await expect(page.locator(".member-centre--overlay")).toBeVisible();
  expect(await vendorText(".member-backdrop")).toBe("grid");
});

test("the balance can be hidden, shown and refreshed", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await open(page, "/member", testInfo);
  const header = page.locator(".site-header");
  await expect(header.getByTestId("balance")).toHaveText(PLAYER.balance);
  await header.getByRole("button", { name: "隐藏余额" }).click();
  await expect(header.getByTestId("balance")).toHaveText("****");
  await expect(page).toHaveURL(/\/member$/);
  // Remembered: a new page view keeps it hidden, in the centre too.
  await open(page, "/member", testInfo);
  await expect(header.getByTestId("balance")).toHaveText("****");
  await expect(page.getByTestId("member-balance")).toHaveText("****");
  await header.getByRole("button", { name: "显示余额" }).click();
  await expect(header.getByTestId("balance")).toHaveText(PLAYER.balance);
  await header.getByRole("button", { name: "刷新余额" }).click();
  await expect(header.getByTestId("balance")).toHaveText(PLAYER.balance);
  await expect(page).toHaveURL(/\/member$/);
});
