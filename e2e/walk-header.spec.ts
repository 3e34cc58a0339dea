/**
 * Walk of the header (issue 23): at 1280×800 and 390×844 the brand and the player's name are read
 * whole, a Deposit leads to the cashier, the password change is left to the member centre on a
 * wide screen, one Log out per screen, and logging out asks first (a dialog with scripts, the
 * /logout page without) while a post without the form token still logs nobody out.
 */
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL, CN, loginAs, open, PLAYER, scriptsOn } from "./helpers";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Whether an element shows all of its text (no ellipsis, nothing clipped). */
const whole = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1);

/** The visible parts of the header's row, left to right: none overlaps the next, none leaves the screen. */
async function expectRowApart(page: Page, width: number) {
  const boxes = await page.locator("header.site-header").evaluate((header) => {
    const parts = header.querySelectorAll(
      ":scope > .brand, .header-account > *, .language-menu > summary, .account-nav > *, :scope > .header-menu-toggle",
    );
    return Array.from(parts)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return {
          name: `${el.className} ${el.textContent?.trim().slice(0, 20)}`,
          x: r.x,
          right: r.right,
          visible: r.width > 0 && r.height > 0,
        };
      })
      .filter((b) => b.visible)
      .sort((a, b) => a.x - b.x);
  });
  expect(boxes.length).toBeGreaterThan(2);
  for (let i = 0; i + 1 < boxes.length; i++) {
    expect(boxes[i].right, `${boxes[i].name} runs into ${boxes[i + 1].name}`).toBeLessThanOrEqual(boxes[i + 1].x + 0.5);
  }
  expect(boxes[boxes.length - 1].right).toBeLessThanOrEqual(width);
}

const visibleLogouts = (page: Page) =>
  page
    .getByRole("button", { name: CN.logout, exact: true })
    .evaluateAll((buttons) => buttons.filter((b) => (b as HTMLElement).offsetParent !== null).length);

test.describe("the header at 1280×800 and 390×844", () => {
  for (const lng of ["CN", "TH"]) {
    test(`desktop in ${lng}: brand and name whole, nothing overlaps, a Deposit, no password change, one Log out`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(DESKTOP);
      await loginAs(page, PLAYER, testInfo);
      await open(page, `/?lng=${lng}`, testInfo);
      const header = page.locator("header.site-header");
      await expect(header.locator(".brand__title")).toHaveText("Demo Gaming");
      expect(await whole(page, "header .brand__title")).toBe(true);
      await expect(header.getByTestId("nickname")).toHaveText(PLAYER.nickname);
      expect(await whole(page, "header .player-name")).toBe(true);
      await expectRowApart(page, DESKTOP.width);
      // One row: the header less the game menu's bar, which is its last line on a wide screen (issue 25).
      const bar = (await header.locator(".game-menu-frame").boundingBox())!.height;
      expect((await header.boundingBox())!.height - bar).toBeLessThanOrEqual(64);
      await expect(header.locator(".account-nav a[href='/change-password']")).toBeHidden();
      await expect(header.getByTestId("header-deposit")).toBeVisible();

      // One Log out, on home and in the member centre (whose info bar repeated it).
      const logoutName = lng === "TH" ? "ออกจากระบบ" : CN.logout;
      const count = () =>
        page
          .getByRole("button", { name: logoutName, exact: true })
          .evaluateAll((buttons) => buttons.filter((b) => (b as HTMLElement).offsetParent !== null).length);
      expect(await count()).toBe(1);
      await header.getByTestId("header-deposit").click();
      await expect(page).toHaveURL(`${BASE_URL}/member/depositv2`);
      await expect(page.getByTestId("member-info")).toBeVisible();
      expect(await count()).toBe(1);
    });
  }

  test("phone: name and figures in one row without overlap; Deposit, the password change and one Log out in the menu", async ({
    page,
  }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);
    await page.setViewportSize(PHONE);
    await open(page, "/", testInfo);
    const header = page.locator("header.site-header");
    await expect(header.getByTestId("nickname")).toHaveText(PLAYER.nickname);
    expect(await whole(page, "header .player-name")).toBe(true);
    await expectRowApart(page, PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expect(header.getByTestId("header-deposit")).toBeHidden();
    expect(await visibleLogouts(page)).toBe(0);

    await header.locator(".header-menu-toggle > summary").click();
    const menu = header.locator(".header-menu");
    await expect(menu.getByRole("link", { name: "存款", exact: true })).toHaveAttribute("href", "/member/depositv2");
    await expect(menu.getByRole("link", { name: "修改密码", exact: true })).toBeVisible();
    expect(await visibleLogouts(page)).toBe(1);

    await open(page, "/member", testInfo);
    expect(await visibleLogouts(page)).toBe(0);
  });
});

test.describe("logging out asks first (002 §4)", () => {
  test("Log out, Cancel: still in; Log out, confirm: out", async ({ page }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);
    const header = page.locator("header.site-header");
    await header.getByRole("button", { name: CN.logout, exact: true }).click();
    if (scriptsOn(testInfo)) {
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(`${BASE_URL}/`);
      await expect(dialog).toContainText("确定要退出登录吗？");
      await dialog.getByRole("button", { name: "取消", exact: true }).click();
      await expect(dialog).toHaveCount(0);
    } else {
      // A GET form without fields: /logout? (the confirmation page).
      await expect(page).toHaveURL(/\/logout\??$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(CN.logoutConfirmTitle);
      await page.locator("main").getByRole("link", { name: "取消", exact: true }).click();
      await expect(page).toHaveURL(`${BASE_URL}/`);
    }
    await expect(header.getByTestId("nickname")).toHaveText(PLAYER.nickname);

    await header.getByRole("button", { name: CN.logout, exact: true }).click();
    const scope = scriptsOn(testInfo) ? page.getByRole("dialog") : page.locator("main");
    await scope.getByRole("button", { name: CN.logout, exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.locator(".notice")).toHaveText(CN.loggedOut);
    await expect(page.getByTestId("nickname")).toHaveCount(0);
  });

  test("a post without the form token, or from another site, logs nobody out", async ({ page }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);
    const tokenless = await page.request.post("/logout", { form: { x: "1" }, headers: { Origin: BASE_URL }, maxRedirects: 0 });
    expect(tokenless.status()).toBe(403);
    const csrf = await page.locator("header input[name='csrf']").first().getAttribute("value");
    const crossSite = await page.request.post("/logout", {
      form: { csrf: csrf ?? "" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    await open(page, "/", testInfo);
    await expect(page.locator("header").getByTestId("nickname")).toHaveText(PLAYER.nickname);
  });
});

test("a guest's welcome card offers Log in and Register, not the member centre or a password change", async ({ page }, testInfo) => {
  await open(page, "/", testInfo);
  const card = page.locator("section.home-welcome");
  await expect(card.getByRole("link", { name: CN.login, exact: true })).toHaveAttribute("href", "/login");
  await expect(card.getByRole("link", { name: CN.register, exact: true })).toHaveAttribute("href", "/register");
  await expect(card.getByRole("link", { name: "会员中心" })).toHaveCount(0);
  await expect(card.getByRole("link", { name: "修改密码" })).toHaveCount(0);

  await loginAs(page, PLAYER, testInfo);
  await expect(card.getByRole("link", { name: "会员中心", exact: true })).toHaveAttribute("href", "/member");
  await expect(card.getByRole("link", { name: "修改密码", exact: true })).toHaveAttribute("href", "/change-password");
});
