/** Journey 5: /index is home; a GET of /logout asks to confirm (or goes home when logged out). */
import { expect, test } from "@playwright/test";
import { BASE_URL, CN, loginAs, open, PLAYER } from "./helpers";

test.describe("redirects and the logout page", () => {
  test("/index redirects to /", async ({ page }, testInfo) => {
    const response = await open(page, "/index", testInfo);
    await expect(page).toHaveURL(`${BASE_URL}/`);
    expect(response?.status()).toBe(200);
    const redirect = response?.request().redirectedFrom();
    expect(redirect?.url()).toBe(`${BASE_URL}/index`);
    expect([301, 302, 303, 307, 308]).toContain((await redirect!.response())!.status());
  });

  test("/index keeps the query string", async ({ page }, testInfo) => {
    await open(page, "/index?lng=EN", testInfo);
    await expect(page).toHaveURL(`${BASE_URL}/?lng=EN`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("GET /logout while logged in shows a confirm page whose button logs out", async ({ page }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);

    await open(page, "/logout", testInfo);
    await expect(page).toHaveURL(`${BASE_URL}/logout`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CN.logoutConfirmTitle);
    // Only a GET: still logged in.
    await expect(page.getByTestId("nickname")).toHaveText(PLAYER.nickname);

    await page.locator("main").getByRole("button", { name: CN.logout, exact: true }).click();

    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.locator(".notice")).toHaveText(CN.loggedOut);
    await expect(page.getByTestId("nickname")).toHaveCount(0);
    await expect(page.locator("header").getByRole("link", { name: CN.login, exact: true })).toBeVisible();
  });

  test("GET /logout while logged out redirects to /", async ({ page }, testInfo) => {
    await open(page, "/logout", testInfo);
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.locator("header").getByRole("link", { name: CN.login, exact: true })).toBeVisible();
    await expect(page.locator(".notice")).toHaveCount(0);
  });
});
