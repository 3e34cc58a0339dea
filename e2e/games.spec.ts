/**
 * Games (issue 9): the home page's game blocks and popular games, every lobby type, vendor
 * switch, category filter, search with spaces around the word, paging, favourites and their
 * tab — each journey with scripts and without (the two projects), and a lobby on a phone.
 */
import { expect, test, type Page } from "@playwright/test";
import { loginAs, open, PLAYER, scriptsOn } from "./helpers";

const PHONE = { width: 390, height: 844 };
const tiles = (page: Page) => page.locator("ul.tile-grid > li.game-tile");
const lobbyTabs = (page: Page) => page.locator("section.lobby nav.tabs");

test.describe("the home page's games", () => {
  test("a guest sees the game blocks with at most three vendors and the popular games", async ({ page }, testInfo) => {
    await open(page, "/", testInfo);
    for (const type of ["sports", "live", "fish", "pvp", "rng"]) {
      const block = page.getByTestId(`home-block-${type}`);
      await expect(block).toBeVisible();
      const vendors = await block.locator(".vendor-card").count();
      expect(vendors).toBeGreaterThan(0);
      expect(vendors).toBeLessThanOrEqual(3);
    }
    const popular = page.locator("details.popular-games");
    await expect(popular.locator("li.game-tile").first()).toBeVisible();
    // Collapsible without scripts: a <details>.
    await popular.locator("summary").click();
    await expect(popular.locator("li.game-tile").first()).toBeHidden();
    await popular.locator("summary").click();
    await expect(popular.locator("li.game-tile").first()).toBeVisible();
  });

  test("'more games' leads to the block's lobby, for a player too", async ({ page }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);
    await open(page, "/", testInfo);
    await page.getByTestId("home-block-live").locator(".game-block__more").click();
    await expect(page).toHaveURL(/\/live$/);
    await expect(page.locator("h1#lobby-title")).toHaveText("真人视讯");
    await expect(tiles(page).first()).toBeVisible();
  });
});

test.describe("lobbies", () => {
  for (const [path, title] of [
    ["/live", "真人视讯"],
    ["/sports", "体育赛事"],
    ["/fish", "捕鱼游戏"],
    ["/pvp", "棋牌游戏"],
    ["/esports", "电子竞技"],
    ["/electron", "电子游艺"],
  ] as const) {
    test(`${path} shows its vendors and games, and a vendor switch changes the grid`, async ({ page }, testInfo) => {
      await open(page, path, testInfo);
      await expect(page.locator("h1#lobby-title")).toHaveText(title);
      await expect(page).toHaveTitle(new RegExp(`^${title} - `));
      await expect(tiles(page).first()).toBeVisible();
      const tabs = lobbyTabs(page).locator("a");
      const current = lobbyTabs(page).locator("a[aria-current=page]");
      await expect(current).toHaveCount(1);
      // The next vendor that a guest may open (tabs closed to guests lead to the login).
      const next = lobbyTabs(page).locator("a:not([aria-current]):not([data-gated])").last();
      const name = (await next.textContent())!.trim();
      const before = await tiles(page).first().getAttribute("data-game");
      await next.click();
      await expect(lobbyTabs(page).locator("a[aria-current=page]")).toContainText(name);
      await expect(tiles(page).first()).not.toHaveAttribute("data-game", before!);
      expect(await tabs.count()).toBeGreaterThanOrEqual(3);
    });
  }

  test("the slot lobby filters by category, finds a name typed with spaces around it, and pages", async ({ page }, testInfo) => {
    await open(page, "/electron?page=SLO", testInfo);
    await expect(tiles(page)).toHaveCount(40);
    await page.locator("nav.chips").getByRole("link", { name: "视频扑克" }).click();
    await expect(page).toHaveURL(/type=VP/);
    await expect(page.locator("nav.chips a[aria-current=page]")).toHaveText("视频扑克");
    const name = (await tiles(page).first().locator(".game-tile__name").textContent())!.trim();
    const word = [...name].slice(0, 2).join("");
    await page.getByRole("searchbox").fill(`  ${word}  `);
    await page.getByRole("search").getByRole("button").click();
    await expect(page).toHaveURL(/keyword=/);
    await expect(page.getByRole("searchbox")).toHaveValue(word);
    for (const tileName of await tiles(page).locator(".game-tile__name").allTextContents()) expect(tileName).toContain(word);
    // Paging: the category kept, the search cleared.
    await open(page, "/electron?page=SLO", testInfo);
    const first = await tiles(page).first().getAttribute("data-game");
    await page
      .locator("nav.pager")
      .getByRole("link", { name: /^第 2 页/ })
      .click();
    await expect(page).toHaveURL(/pageNo=2/);
    await expect(page.locator("nav.pager [aria-current=page]")).toHaveText("2");
    await expect(tiles(page).first()).not.toHaveAttribute("data-game", first!);
    await page.goBack();
    await expect(tiles(page).first()).toHaveAttribute("data-game", first!);
  });

  test("a search that finds nothing says so", async ({ page }, testInfo) => {
    await open(page, "/electron?page=SLO&keyword=zzzzqqqq", testInfo);
    await expect(page.getByTestId("no-data")).toContainText("zzzzqqqq");
    await expect(tiles(page)).toHaveCount(0);
  });

  test("a guest asking for favourites is asked to log in, and comes back to them", async ({ page }, testInfo) => {
    await open(page, "/electron", testInfo);
    await lobbyTabs(page).getByRole("link", { name: "我的收藏" }).click();
    if (scriptsOn(testInfo)) {
      // The pop-up login (loginPop is on): the page stays.
      await expect(page.locator("dialog.login-popup")).toBeVisible();
    } else {
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Felectron%3Fpage%3DfavGameList/);
    }
  });
});

test.describe("favourites", () => {
  test("a player adds a game from a tile, finds it in the favourites tab, and removes it; the lobby keeps its filters", async ({
    page,
  }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);
    await open(page, "/electron?page=JWL&type=TG", testInfo);
    const tile = tiles(page).nth(1);
    const key = await tile.getAttribute("data-game");
    const star = tile.locator("button.favourite-button");
    await expect(star).toHaveAttribute("aria-pressed", "false");
    await star.click();
    await expect(page).toHaveURL(/\/electron\?page=JWL&type=TG$/);
    await expect(tiles(page).nth(1).locator("button.favourite-button")).toHaveAttribute("aria-pressed", "true");

    await lobbyTabs(page).getByRole("link", { name: "我的收藏" }).click();
    const favourite = page.locator(`li.game-tile[data-game="${key}"]`);
    await expect(favourite).toBeVisible();
    await favourite.locator("button.favourite-button").click();
    await expect(page.locator(`li.game-tile[data-game="${key}"]`)).toHaveCount(0);
  });

  test("the recent tab lists what the player launched", async ({ page }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);
    await open(page, "/electron?page=recentGameList", testInfo);
    await expect(lobbyTabs(page).locator("a[aria-current=page]")).toHaveText("最近玩过");
  });
});

test.describe("a lobby on a phone", () => {
  test("tiles stand two to a row and nothing overflows the screen", async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    await open(page, "/electron?page=SLO", testInfo);
    const a = (await tiles(page).nth(0).boundingBox())!;
    const b = (await tiles(page).nth(1).boundingBox())!;
    const c = (await tiles(page).nth(2).boundingBox())!;
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    expect(c.y).toBeGreaterThan(a.y + a.height - 1);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
  });
});
