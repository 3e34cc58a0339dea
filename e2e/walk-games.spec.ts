/**
 * What a walk through the lobbies met (issue 23): a vendor named by its display name, a page
 * number past the end, the vendor tabs and the tiles' rows at 1280 px. Scripts on and off.
 */
import { expect, test, type Page } from "@playwright/test";
import { open } from "./helpers";

const tiles = (page: Page) => page.locator("ul.tile-grid > li.game-tile");
const lobbyTabs = (page: Page) => page.locator("section.lobby nav.tabs");

test.describe("lobby addresses", () => {
  test("a vendor's display name opens that vendor's lobby at its code's address", async ({ page }, testInfo) => {
    await open(page, "/electron?page=Slot%20Orchard&type=VP", testInfo);
    await expect(page).toHaveURL(/\/electron\?page=SLO&type=VP$/);
    await expect(lobbyTabs(page).locator("a[aria-current=page]")).toContainText("Slot Orchard");
    await open(page, "/electron?page=slot%20orchard", testInfo);
    await expect(page).toHaveURL(/\/electron\?page=SLO$/);
    // A name no vendor has is still no vendor: the lobby's first tab.
    await open(page, "/electron?page=No%20Such%20Vendor", testInfo);
    await expect(page).toHaveURL(/\/electron$/);
  });

  test("a page number past the end shows the last page, and the pager says so", async ({ page }, testInfo) => {
    // Slot Orchard has 60 games: two pages of 40.
    await open(page, "/electron?page=SLO&pageNo=7", testInfo);
    await expect(page).toHaveURL(/\/electron\?page=SLO&pageNo=2$/);
    await expect(tiles(page)).toHaveCount(20);
    await expect(page.getByTestId("no-data")).toHaveCount(0);
    await expect(page.locator("nav.pager [aria-current=page]")).toHaveText("2");
    // A tab's own list (hot) pages in the portal: past its end, its first and only page.
    await open(page, "/electron?page=hot&pageNo=50", testInfo);
    await expect(page).toHaveURL(/\/electron\?page=hot$/);
    await expect(tiles(page).first()).toBeVisible();
  });
});
