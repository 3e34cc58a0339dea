/**
 * The header on a phone (issue #8, §9): one row (logo, the guest's two buttons or the player's
 * figures, a menu button); the language form and the account actions behind the menu, which is
 * a <details> and so opens without scripts.
 */
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL, loginAs, open, PLAYER } from "./helpers";

const PHONE = { width: 390, height: 844 };

/** Every element of the header's row on one line: their boxes share a band no taller than a row. */
async function expectOneRow(page: Page) {
  const header = page.locator("header.site-header");
  const box = (await header.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(64);
  for (const part of await header.locator(":scope > a, :scope > div:visible, :scope > details").all()) {
    const b = (await part.boundingBox())!;
    expect(b.y).toBeGreaterThanOrEqual(box.y);
    expect(b.y + b.height).toBeLessThanOrEqual(box.y + box.height);
    expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
  }
}

test.describe("the header on a phone", () => {
  for (const lng of ["CN", "EN", "TH"]) {
    test(`a guest's header is one row in ${lng}; the language picker is behind the menu button`, async ({ page }, testInfo) => {
      await page.setViewportSize(PHONE);
      await open(page, `/login?lng=${lng}`, testInfo);
      await expectOneRow(page);
      const header = page.locator("header.site-header");
      await expect(header.locator(".header-account a")).toHaveCount(2);
      await expect(header.locator(".language-menu")).toBeHidden();
      await header.locator(".header-menu-toggle > summary").click();
      await expect(header.locator(".language-menu")).toBeVisible();
      await header.locator(".header-menu-toggle > summary").click();
      await expect(header.locator(".language-menu")).toBeHidden();
    });
  }

  test("a player's header is one row; the menu holds the password change and logout, and closes on the way to a page", async ({
    page,
  }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);
    await page.setViewportSize(PHONE);
    await open(page, "/?lng=TH", testInfo);
    await expectOneRow(page);
    const header = page.locator("header.site-header");
    await expect(header.getByTestId("balance")).toHaveText(PLAYER.balance);
    await expect(header.getByRole("button", { name: "ออกจากระบบ" })).toBeHidden();

    // The <summary> that opens the menu, named by its visually hidden text.
    await expect(header.locator(".header-menu-toggle > summary")).toHaveText("เมนู");
    await header.locator(".header-menu-toggle > summary").click();
    await expect(header.getByRole("button", { name: "ออกจากระบบ" })).toBeVisible();
    await header.getByRole("link", { name: "เปลี่ยนรหัสผ่าน" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/change-password`);
    await expect(header.getByRole("link", { name: "เปลี่ยนรหัสผ่าน" })).toBeHidden();
  });
});
