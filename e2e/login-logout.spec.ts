/** Journey 1: log in with the demo player, see the account in the header and on home, log out. */
import { expect, test } from "@playwright/test";
import { BASE_URL, CN, loginAs, logOut, PLAYER } from "./helpers";

test.describe("log in and log out", () => {
  test("player01 logs in, sees nickname and balance, and logs out with the header button", async ({ page }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);

    const header = page.locator("header.site-header");
    await expect(header.getByTestId("nickname")).toHaveText(PLAYER.nickname);
    await expect(header.getByTestId("balance")).toHaveText(PLAYER.balance);
    await expect(page.getByTestId("home-balance")).toHaveText(PLAYER.balance);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(PLAYER.nickname);
    await expect(header.getByRole("link", { name: CN.login, exact: true })).toHaveCount(0);

    await logOut(page);

    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.locator(".notice")).toHaveText(CN.loggedOut);
    await expect(header.getByRole("link", { name: CN.login, exact: true })).toBeVisible();
    await expect(header.getByRole("link", { name: CN.register, exact: true })).toBeVisible();
    await expect(page.getByTestId("nickname")).toHaveCount(0);
    await expect(page.getByTestId("balance")).toHaveCount(0);
    await expect(page.getByTestId("home-balance")).toHaveCount(0);

    // The notice is a flash message: it is gone on the next page.
    await page.reload();
    await expect(page.locator(".notice")).toHaveCount(0);
    await expect(header.getByRole("link", { name: CN.login, exact: true })).toBeVisible();
  });
});
