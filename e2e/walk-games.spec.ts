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

test.describe("lobby layout at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const lng of ["CN", "EN"]) {
    test(`vendor tabs stand in one row, each name on one line with its rebate under it (${lng})`, async ({ page }, testInfo) => {
      await open(page, `/electron?page=JWL&lng=${lng}`, testInfo);
      const nav = lobbyTabs(page);
      const tabs = await nav.locator(".tab").evaluateAll((els) =>
        els.map((el) => {
          const text = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE)!;
          const range = document.createRange();
          range.selectNodeContents(text);
          const name = range.getBoundingClientRect();
          const badge = el.querySelector(".tab__badge")?.getBoundingClientRect() ?? null;
          return {
            label: text.textContent,
            nameLines: range.getClientRects().length,
            nameBottom: name.bottom,
            badgeTop: badge?.top ?? null,
            top: el.getBoundingClientRect().top,
          };
        }),
      );
      expect(tabs.length).toBe(8);
      for (const tab of tabs) {
        expect(tab.nameLines, tab.label!).toBe(1);
        expect(tab.top, tab.label!).toBe(tabs[0].top);
        if (tab.badgeTop !== null) expect(tab.badgeTop, tab.label!).toBeGreaterThanOrEqual(tab.nameBottom - 1);
      }
      expect(tabs.some((tab) => tab.badgeTop !== null)).toBe(true);
      // Every tab in view: nothing scrolled away at 1280 px.
      expect(await nav.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    });
  }

  test("Play buttons line up across a row of tiles, and so do the free trials", async ({ page }, testInfo) => {
    await open(page, "/electron?page=JWL", testInfo);
    const rows = await tiles(page).evaluateAll((els) =>
      els.map((el) => {
        const [play, trial] = [...el.querySelectorAll(".game-tile__actions > form .button")].map((b) => b.getBoundingClientRect());
        return { top: el.getBoundingClientRect().top, play: play.top, trial: trial?.top ?? null, playBottom: play.bottom };
      }),
    );
    const firstRow = rows.filter((r) => r.top === rows[0].top);
    expect(firstRow.length).toBe(6);
    const withTrial = firstRow.filter((r) => r.trial !== null);
    expect(withTrial.length).toBeGreaterThan(0);
    expect(withTrial.length).toBeLessThan(firstRow.length);
    for (const r of firstRow) expect(r.play).toBeCloseTo(firstRow[0].play, 0);
    for (const r of withTrial) {
      expect(r.trial!).toBeCloseTo(withTrial[0].trial!, 0);
      expect(r.trial!).toBeGreaterThan(r.playBottom - 1);
    }
  });
});
