/**
 * The one dialog (issue 24, app/components/route-dialog.tsx), scripts on and off. A dialog
 * route (a message): with scripts a modal over the inbox that Escape and × close by going back,
 * the focus back on the link that opened it; a direct visit closes onto the inbox in place;
 * without scripts the address is a page of its own with a link back. A fetched dialog (the
 * lottery's folded list, a vendor's games): Escape and × close it and the focus is back on
 * its link; without scripts the link is a page.
 */
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL, loginAs, open, PLAYER, routerIdle, scriptsOn } from "./helpers";

const INBOX = "/member/messageV2";
const modal = (page: Page) => page.locator("dialog.modal[open]");

test("a message: Escape and × go back to the inbox and the focus to its link; without scripts a page with a link back", async ({
  page,
}, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await open(page, INBOX, testInfo);
  const link = page.locator(".inbox-item a").first();
  const href = (await link.getAttribute("href"))!;
  const subject = (await link.locator(".inbox-item__subject").textContent())!;
  await link.click();
  await expect(page).toHaveURL(`${BASE_URL}${href}`);
  await expect(page.getByRole("heading", { name: subject })).toBeVisible();
  if (!scriptsOn(testInfo)) {
    // A page of its own: no dialog, a link back.
    await expect(page.locator("dialog")).toHaveCount(0);
    await expect(page.locator(".inbox-message-page")).toBeVisible();
    await page.getByRole("link", { name: "返回消息列表" }).click();
    await expect(page).toHaveURL(`${BASE_URL}${INBOX}`);
    return;
  }
  await expect(modal(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(modal(page)).toHaveCount(0);
  await expect(page).toHaveURL(`${BASE_URL}${INBOX}`);
  await expect(link).toBeFocused();
  // The close was a step back: forward opens the message again (once the back has settled).
  await routerIdle(page);
  await page.goForward();
  await expect(page).toHaveURL(`${BASE_URL}${href}`);
  await expect(modal(page)).toBeVisible({ timeout: 10_000 });
  await modal(page).getByRole("button", { name: "关闭" }).click();
  await expect(page).toHaveURL(`${BASE_URL}${INBOX}`);
  await expect(link).toBeFocused();

  // Opened directly, the message closes onto the inbox in place of its own entry.
  await open(page, href, testInfo);
  await expect(modal(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(`${BASE_URL}${INBOX}`);
  await expect(page.locator(".inbox-item").first()).toBeVisible();
});

test("the lottery's folded list: Escape and × close it and the focus is back on its link", async ({ page }, testInfo) => {
  await open(page, "/lott", testInfo);
  const more = page.getByTestId("lottery-group-1").getByTestId("lottery-group-more");
  await more.click();
  if (!scriptsOn(testInfo)) {
    await expect(page).toHaveURL(`${BASE_URL}/lottery-list/lott/1`);
    await expect(page.locator("dialog")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "返回彩票列表" })).toBeVisible();
    return;
  }
  const dialog = page.locator("dialog.lottery-list-dialog");
  await expect(dialog.getByTestId("lottery-list-games")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(more).toBeFocused();
  await more.click();
  await expect(dialog.getByTestId("lottery-list-games")).toBeVisible();
  await dialog.getByRole("button", { name: "关闭" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(more).toBeFocused();
  await expect(page).toHaveURL(`${BASE_URL}/lott`);
});

test("a vendor's games: Escape closes the dialog and the focus is back on the vendor", async ({ page }, testInfo) => {
  await open(page, "/", testInfo);
  const vendor = page.locator('a.vendor-card[href="/games/vendor/CRD"]');
  await vendor.click();
  if (!scriptsOn(testInfo)) {
    await expect(page).toHaveURL(`${BASE_URL}/games/vendor/CRD`);
    await expect(page.getByRole("heading", { name: "Card Street" })).toBeVisible();
    return;
  }
  const dialog = page.locator("dialog.vendor-games-dialog");
  await expect(dialog.getByRole("heading", { name: "Card Street" })).toBeVisible();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(vendor).toBeFocused();
});

test("home's lottery list, a shared fragment: its folded list opens in the dialog for a player, after a client-side visit too", async ({
  page,
}, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  // With scripts the home page is reached by a client-side navigation, so the fragment is drawn by
  // React in the browser, not taken from the document's markup.
  await open(page, "/live", testInfo);
  await page.locator("header").getByRole("link", { name: "首页", exact: true }).first().click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  const more = page.locator(".home-lottery").getByTestId("lottery-group-1").getByTestId("lottery-group-more");
  await more.click();
  if (!scriptsOn(testInfo)) {
    await expect(page).toHaveURL(/\/lottery-list\/\w+\/1$/);
    await expect(page.locator("dialog")).toHaveCount(0);
    return;
  }
  const dialog = page.locator("dialog.lottery-list-dialog");
  await expect(dialog.getByTestId("lottery-list-games")).toBeVisible();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(more).toBeFocused();

  // And from the document's own markup (a reload): the same.
  await page.reload();
  await more.click();
  await expect(dialog.getByTestId("lottery-list-games")).toBeVisible();
  await dialog.getByRole("button", { name: "关闭" }).click();
  await expect(dialog).toHaveCount(0);
});
