/**
 * Launching games from a lobby tile (document 001, sections 4 and 5; document 000, section 8):
 * a player's Play opens the demo game in a new window; a guest is sent to the login (the pop-up
 * login with scripts); a trial account is refused; each failure's dialog (a modal over the lobby
 * with scripts — its blank window closed —, a page in the new tab without); the in-page game and
 * its Back; the free trial. Every test runs with scripts and without.
 *
 * Each lobby tile is `<li class="game-tile" data-game="<vendor>:<nodeId>">` with PlayForm and
 * TrialForm inside.
 */
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { readFileSync } from "node:fs";
import { BASE_URL, loginAs, loginFreePlay, OPERATOR_URL, open, PLAYER, scriptsOn, waitForHydration } from "./helpers";

const load = (ns: string) => JSON.parse(readFileSync(`public/locales/CN/${ns}.json`, "utf8")) as Record<string, string>;
const T = { ...load("common"), ...load("games") };
const PLAY = /Play|开始游戏/;
const TRIAL = /Free trial|免费试玩/;

interface DemoErrorGame {
  vendor: string;
  gameType: string;
  gameId: string;
  nodeId: string;
  name: string;
}
interface DemoErrorGames {
  vendorUnderMaintenance: { vendor: string; gameType: string; gameIds: string[] };
  balanceNotEnough: DemoErrorGame;
  domainNotAvailable: DemoErrorGame;
  gameMaintenance: DemoErrorGame;
  esportsMaintenance: DemoErrorGame;
}

async function operatorGet<T>(path: string): Promise<T> {
  const res = await fetch(`${OPERATOR_URL}${path}`, { headers: { Merchant: "demo", Device: "web", Language: "EN" } });
  const body = (await res.json()) as { success: boolean; value: T };
  if (!body.success) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.value;
}

const errorGames = () => operatorGet<DemoErrorGames>("/__reference/demo-error-games");

interface ListedGame {
  nodeId: string;
  gameId: string | null;
  gameName: string;
  supportPlay: number;
  appNewWindow: number;
}
/** The games of a vendor's lobby, as the lobby lists them. */
async function gamesOf(vendor: string, gameType: string): Promise<ListedGame[]> {
  const q = new URLSearchParams({ gameType, vassalage: vendor, pageNo: "1", pageSize: "40", platform: "html5-desktop", clientType: "3" });
  return (await operatorGet<{ games: ListedGame[] }>(`/wps/relay/GCSGAME_gameList?${q}`)).games;
}
const plain = (g: ListedGame) => !g.gameName.startsWith("Test:");

async function openSessions(vendor: string) {
  const sessions = await operatorGet<Array<{ vendor: string; open: boolean }>>("/__reference/game-sessions?account=player01");
  return sessions.filter((s) => s.vendor === vendor && s.open).length;
}

const tile = (page: Page, nodeId: string) => page.locator(`li.game-tile[data-game$=":${nodeId}"]`);

/**
 * Presses a tile's Play of a new-window game. Without scripts the form's new tab shows the
 * answer; with scripts the blank window shows the game, or is closed and the page shows a modal.
 * Answers where the outcome is to be read: the new window (game), or the dialog / page.
 */
async function pressPlay(
  page: Page,
  nodeId: string,
  testInfo: TestInfo,
  expectGame: boolean,
): Promise<{ popup: Page | null; surface: Locator }> {
  const popupPromise = page.context().waitForEvent("page");
  await tile(page, nodeId).getByRole("button", { name: PLAY }).click();
  const popup = await popupPromise;
  if (expectGame) return { popup, surface: popup.locator("body") };
  if (scriptsOn(testInfo)) {
    // The blank window of the original, closed on the failure; the dialog opens over the lobby.
    await expect.poll(() => popup.isClosed()).toBe(true);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    return { popup: null, surface: dialog };
  }
  await popup.waitForLoadState();
  return { popup, surface: popup.locator("main") };
}

test.describe("launching a game", () => {
  test("a player's Play opens the demo game in a new window, showing the account; the lobby stays", async ({ page }, testInfo) => {
    const game = (await gamesOf("SLO", "RNG")).filter(plain)[2];
    await loginAs(page, PLAYER, testInfo);
    await open(page, "/electron?page=SLO", testInfo);
    const post = page.context().waitForEvent("request", (r) => r.method() === "POST" && new URL(r.url()).pathname === "/games/launch");
    const { popup } = await pressPlay(page, game.nodeId, testInfo, true);
    // With scripts the lobby posts through a fetcher (the blank window waits); without, the new tab posts.
    expect(new URL((await post).url()).searchParams.has("_data")).toBe(scriptsOn(testInfo));
    await expect(popup!).toHaveURL(new RegExp(`/demo-game/[A-Za-z0-9_-]+$`));
    await expect(popup!.locator("[data-account]")).toHaveText(PLAYER.username);
    await expect(page).toHaveURL(`${BASE_URL}/electron?page=SLO`);
    // The game's Back leads to the lobby it was launched from.
    await expect(popup!.getByRole("link", { name: "Back" })).toHaveAttribute("href", `${BASE_URL}/electron?page=SLO`);
  });

  test("a guest's Play leads to the login (the pop-up login with scripts) and back to the lobby", async ({ page }, testInfo) => {
    const game = (await gamesOf("SLO", "RNG")).filter(plain)[2];
    await open(page, "/electron?page=SLO", testInfo);
    if (scriptsOn(testInfo)) {
      await tile(page, game.nodeId).getByRole("button", { name: PLAY }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText(T.in_sorry_in)).toBeVisible();
      await expect(page).toHaveURL(`${BASE_URL}/electron?page=SLO`);
      return;
    }
    const popupPromise = page.context().waitForEvent("page");
    await tile(page, game.nodeId).getByRole("button", { name: PLAY }).click();
    const login = await popupPromise;
    await expect(login).toHaveURL(`${BASE_URL}/login?redirectTo=${encodeURIComponent("/electron?page=SLO")}`);
    await expect(login.getByText(T.in_sorry_in)).toBeVisible();
  });

  test("a trial account's Play says in_need_true_account", async ({ page }, testInfo) => {
    const game = (await gamesOf("SLO", "RNG")).filter(plain)[2];
    await loginFreePlay(page, testInfo);
    await open(page, "/electron?page=SLO", testInfo);
    const button = tile(page, game.nodeId).getByRole("button", { name: PLAY });
    if (scriptsOn(testInfo)) {
      // No window opens for what cannot open a game.
      await button.click();
      await expect(page.getByRole("dialog").getByText(T.in_need_true_account)).toBeVisible();
      expect(page.context().pages()).toHaveLength(1);
      return;
    }
    const popupPromise = page.context().waitForEvent("page");
    await button.click();
    const shown = await popupPromise;
    await expect(shown.getByText(T.in_need_true_account)).toBeVisible();
  });
});

test.describe("the dialogs of a failed launch", () => {
  test.beforeEach(async ({ page }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);
  });

  test("balance not enough: Cancel and Deposit", async ({ page }, testInfo) => {
    const game = (await errorGames()).balanceNotEnough;
    await open(page, `/electron?page=${game.vendor}`, testInfo);
    const { surface } = await pressPlay(page, game.nodeId, testInfo, false);
    await expect(surface.getByRole("heading", { name: T.launch_balance_title })).toBeVisible();
    await expect(surface.getByText(T.launch_game_balance_not_enough)).toBeVisible();
    await expect(surface.getByRole("link", { name: T.launch_deposit })).toHaveAttribute("href", "/member/depositv2");
    if (scriptsOn(testInfo)) {
      await surface.getByRole("button", { name: T.launch_cancel }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    } else {
      await expect(surface.getByRole("link", { name: T.launch_cancel })).toHaveAttribute("href", `/electron?page=${game.vendor}`);
    }
  });

  test("domain not available: Retry posts the launch again, customer service, Cancel", async ({ page }, testInfo) => {
    const game = (await errorGames()).domainNotAvailable;
    await open(page, `/electron?page=${game.vendor}`, testInfo);
    const { surface } = await pressPlay(page, game.nodeId, testInfo, false);
    await expect(surface.getByText(T.domain_not_available)).toBeVisible();
    // Two customer-service entries: a menu of them (document 000, section 2, screen 7).
    const service = surface.locator(".service-menu");
    await service.locator("summary", { hasText: T.launch_customer_service }).click();
    await expect(service.getByRole("link")).toHaveCount(2);
    await expect(service.getByRole("link").first()).toHaveAttribute("href", `${OPERATOR_URL}/demo-service/livechat`);
    const retry = surface.getByRole("button", { name: T.launch_retry });
    await expect(retry).toBeVisible();
    if (scriptsOn(testInfo)) {
      // Retry: a new blank window, closed again, and the same dialog says it once more.
      const again = page.context().waitForEvent("page");
      await retry.click();
      const popup = await again;
      await expect.poll(() => popup.isClosed()).toBe(true);
      await expect(page.getByRole("dialog")).toHaveCount(1);
      await expect(page.getByRole("dialog").getByText(T.domain_not_available)).toBeVisible();
    } else {
      await retry.click();
      await expect(surface.getByText(T.domain_not_available)).toBeVisible();
    }
  });

  test("on a phone the failure's dialog is laid out like any dialog, not by the tile it came from (issue 23)", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const game = (await errorGames()).domainNotAvailable;
    await open(page, `/electron?page=${game.vendor}`, testInfo);
    const { surface } = await pressPlay(page, game.nodeId, testInfo, false);
    const retry = surface.getByRole("button", { name: T.launch_retry });
    await expect(retry).toBeVisible();
    if (scriptsOn(testInfo)) {
      // Drawn inside the tile, the tile's action-row rules reached its Retry form.
      await expect(page.locator("li.game-tile [role=dialog], li.game-tile dialog")).toHaveCount(0);
      const box = (await page.locator("dialog[open]").boundingBox())!;
      for (const control of [retry, surface.getByRole("button", { name: T.launch_cancel })]) {
        const b = (await control.boundingBox())!;
        expect(b.x).toBeGreaterThanOrEqual(box.x);
        expect(b.x + b.width).toBeLessThanOrEqual(Math.min(box.x + box.width, 390) + 0.5);
      }
    }
  });

  test("vendor under maintenance: the maintenance notice with start and end", async ({ page }, testInfo) => {
    const e = (await errorGames()).vendorUnderMaintenance;
    const game = (await gamesOf(e.vendor, e.gameType))[0];
    await open(page, `/fish?page=${e.vendor}`, testInfo);
    const { surface } = await pressPlay(page, game.nodeId, testInfo, false);
    await expect(surface.getByText(T.vendor_under_maintenance)).toBeVisible();
    await expect(surface.getByTestId("maintenance-times")).toHaveText(
      /维护时间：\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} .+ 至 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/,
    );
  });

  test("game maintenance with resType 1: hot games to play instead, 12 a slide, slides as links", async ({ page }, testInfo) => {
    const game = (await errorGames()).gameMaintenance;
    await open(page, `/electron?page=${game.vendor}`, testInfo);
    const { surface } = await pressPlay(page, game.nodeId, testInfo, false);
    await expect(surface.getByRole("heading", { name: T.launch_recommend_title })).toBeVisible();
    await expect(surface.getByText(T.game_maintenance)).toBeVisible();
    const tiles = surface.locator(".launch-recommend__game");
    await expect(tiles.first()).toBeVisible();
    expect(await tiles.count()).toBeLessThanOrEqual(12);
    const slides = surface.getByRole("navigation").getByRole("link");
    if ((await slides.count()) > 1) {
      const first = await tiles.first().getAttribute("data-game");
      await slides.nth(1).click();
      await expect(tiles.first()).not.toHaveAttribute("data-game", first ?? "");
    }
    // A recommended game plays: in its own window with scripts; without, in this tab (the failure's
    // page is already the game's tab).
    const play = surface.locator(".launch-recommend__game").first().getByRole("button", { name: PLAY });
    if (scriptsOn(testInfo)) {
      const popupPromise = page.context().waitForEvent("page");
      await play.click();
      await expect(await popupPromise).toHaveURL(/\/demo-game\//);
    } else {
      await play.click();
      await expect(surface.page()).toHaveURL(/\/demo-game\//);
    }
  });

  test("game maintenance with no hot games: the maintenance alert", async ({ page }, testInfo) => {
    const game = (await errorGames()).esportsMaintenance;
    await open(page, `/esports?page=${game.vendor}`, testInfo);
    const { surface } = await pressPlay(page, game.nodeId, testInfo, false);
    await expect(surface.getByRole("heading", { name: T.launch_maintenance_title })).toBeVisible();
    await expect(surface.getByText(T.game_maintenance)).toBeVisible();
    await expect(surface.locator(".launch-recommend__game")).toHaveCount(0);
  });
});

test.describe("in the page", () => {
  test("an in-page game plays in a frame; Back returns to the lobby and logs the game out", async ({ page }, testInfo) => {
    const game = (await gamesOf("KCK", "SPORTS")).filter((g) => plain(g) && g.appNewWindow === 0)[1];
    await loginAs(page, PLAYER, testInfo);
    await open(page, "/sports?page=KCK", testInfo);
    await tile(page, game.nodeId).getByRole("button", { name: PLAY }).click();
    await expect(page).toHaveURL(/\/seamless\?gameType=SPORTS&vendor=KCK&key=[A-Za-z0-9_-]+$/);
    const frame = page.frameLocator("iframe.seamless__frame");
    await expect(frame.locator("[data-account]")).toHaveText(PLAYER.username);
    expect(await openSessions("KCK")).toBeGreaterThan(0);
    await page.getByTestId("seamless-back").click();
    await expect(page).toHaveURL(`${BASE_URL}/sports?page=KCK`);
    await expect.poll(() => openSessions("KCK")).toBe(0);
  });

  test("the game's own Back leaves the frame for the lobby (issue 23)", async ({ page }, testInfo) => {
    const game = (await gamesOf("KCK", "SPORTS")).filter((g) => plain(g) && g.appNewWindow === 0)[1];
    await loginAs(page, PLAYER, testInfo);
    await open(page, "/sports?page=KCK", testInfo);
    await tile(page, game.nodeId).getByRole("button", { name: PLAY }).click();
    await expect(page).toHaveURL(/\/seamless\?/);
    const frame = page.frameLocator("iframe.seamless__frame");
    await expect(frame.locator("[data-account]")).toHaveText(PLAYER.username);
    await frame.getByRole("link", { name: "Back" }).click();
    if (!scriptsOn(testInfo)) {
      // Without scripts the frame shows the portal's way-back page; its link leaves the frame.
      await expect(frame.getByText(T.seamless_left)).toBeVisible();
      await frame.getByRole("link", { name: T.seamless_back }).click();
    }
    await expect(page).toHaveURL(`${BASE_URL}/sports?page=KCK`);
    await expect(page.locator("iframe.seamless__frame")).toHaveCount(0);
    await expect.poll(() => openSessions("KCK")).toBe(0);
  });

  test("only the way-back page may be framed, by the portal alone, and it goes nowhere but the portal", async ({ request }) => {
    const back = await request.get(`/games/back?to=${encodeURIComponent("/sports?page=KCK")}`);
    expect(back.status()).toBe(200);
    expect(back.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(back.headers()["x-frame-options"]).toBeUndefined();
    expect(await back.text()).toContain('href="/sports?page=KCK" target="_top"');
    const away = await request.get(`/games/back?to=${encodeURIComponent("https://evil.example/")}`);
    expect(await away.text()).toContain('href="/" target="_top"');
    const lobby = await request.get("/sports?page=KCK");
    expect(lobby.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  test("the free trial plays in the page without an account", async ({ page }, testInfo) => {
    const game = (await gamesOf("JWL", "RNG")).filter((g) => plain(g) && g.supportPlay === 0)[0];
    await open(page, "/electron?page=JWL", testInfo);
    await tile(page, game.nodeId).getByRole("button", { name: TRIAL }).click();
    await expect(page).toHaveURL(/\/trial\?gameType=RNG&vendor=JWL&key=[A-Za-z0-9_-]+$/);
    await expect(page.frameLocator("iframe.seamless__frame").locator("[data-account]")).toHaveText("Trial");
    await expect(page.getByText(T.seamless_trial_badge, { exact: true })).toBeVisible();
    await page.getByTestId("seamless-back").click();
    await expect(page).toHaveURL(`${BASE_URL}/electron?page=JWL`);
  });
});

test.describe("without a lobby", () => {
  test("a failure's dialog is a page of its own, with its way back", async ({ page }, testInfo) => {
    await open(page, "/games/launch-failed?reason=balance&backTo=%2Felectron%3Fpage%3DNEO", testInfo);
    await expect(page.getByRole("heading", { name: T.launch_balance_title, level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: T.launch_deposit })).toHaveAttribute("href", "/member/depositv2");
    await expect(page.getByRole("link", { name: T.launch_cancel })).toHaveAttribute("href", "/electron?page=NEO");
  });

  test("an in-page game that is over says so and leads to its lobby", async ({ page }, testInfo) => {
    const response = await open(page, "/seamless?gameType=SPORTS&vendor=KCK&key=gone", testInfo);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole("heading", { name: T.seamless_gone_title })).toBeVisible();
    await expect(page.getByRole("link", { name: T.seamless_to_lobby })).toHaveAttribute("href", "/sports");
  });
});

/**
 * Home's popular games are a shared fragment (decision 041): plain forms whose submits the page
 * delegates. They must do what a lobby tile's forms do, with scripts and without.
 */
test.describe("home's popular games", () => {
  const popular = (page: Page) => page.locator("details.popular-games li.game-tile");

  test("home hydrates its fragments without an error, for a guest and a player, and keeps the server's markup", async ({
    page,
  }, testInfo) => {
    test.skip(!scriptsOn(testInfo), "hydration needs scripts");
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    for (const login of [false, true]) {
      if (login) await loginAs(page, PLAYER, testInfo);
      const response = await open(page, "/", testInfo);
      const served = /<div class="popular-games__grid" data-fragment="[^"]+">([\s\S]*?)<\/div><p class="actions">/.exec(
        await response!.text(),
      )![1];
      await waitForHydration(page);
      // The element kept what the server sent (React did not draw it anew).
      const kept = await page.locator(".popular-games__grid").evaluate((el) => el.innerHTML);
      const normal = (html: string) => html.replaceAll("&amp;", "&").replaceAll("/>", ">");
      expect(normal(kept) === normal(served), "the grid's markup after hydration is the server's").toBe(true);
    }
    expect(errors).toEqual([]);
  });

  test("a player's Play opens the game in a new window with the account; home stays", async ({ page }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);
    await open(page, "/", testInfo);
    // The first popular game that opens in a new window (its form has a target).
    const first = popular(page)
      .filter({ has: page.locator("form.play-form[target=_blank]") })
      .first();
    const nodeId = (await first.getAttribute("data-game"))!.split(":")[1];
    const post = page.context().waitForEvent("request", (r) => r.method() === "POST" && new URL(r.url()).pathname === "/games/launch");
    const { popup } = await pressPlay(page, nodeId, testInfo, true);
    expect(new URL((await post).url()).searchParams.has("_data")).toBe(scriptsOn(testInfo));
    await expect(popup!).toHaveURL(/\/demo-game\/[A-Za-z0-9_-]+$/);
    await expect(popup!.locator("[data-account]")).toHaveText(PLAYER.username);
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(popup!.getByRole("link", { name: "Back" })).toHaveAttribute("href", `${BASE_URL}/`);
  });

  test("a guest's Play asks for the login (the pop-up with scripts) and comes back home", async ({ page }, testInfo) => {
    await open(page, "/", testInfo);
    const first = popular(page)
      .filter({ has: page.locator("form.play-form[target=_blank]") })
      .first();
    if (scriptsOn(testInfo)) {
      await first.getByRole("button", { name: PLAY }).click();
      await expect(page.getByRole("dialog", { name: "登录" }).locator('input[name="password"]')).toBeVisible();
      await expect(page).toHaveURL(`${BASE_URL}/`);
      expect(page.context().pages()).toHaveLength(1);
      return;
    }
    const popupPromise = page.context().waitForEvent("page");
    await first.getByRole("button", { name: PLAY }).click();
    const login = await popupPromise;
    await expect(login).toHaveURL(`${BASE_URL}/login?redirectTo=%2F`);
    await expect(login.getByText(T.in_sorry_in)).toBeVisible();
  });

  test("the star adds a popular game to the favourites and takes it out again, staying on home", async ({ page }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);
    await open(page, "/", testInfo);
    const key = (await popular(page).nth(2).getAttribute("data-game"))!;
    const star = () => page.locator(`details.popular-games li.game-tile[data-game="${key}"] button.favourite-button`);
    await expect(star()).toHaveAttribute("aria-pressed", "false");
    await star().click();
    await expect(star()).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(`${BASE_URL}/`);
    // What the operator holds, not only what the page shows.
    await page.reload();
    await expect(star()).toHaveAttribute("aria-pressed", "true");
    await expect(star()).toHaveAccessibleName(/取消收藏|移除|Remove/);
    await star().click();
    await expect(star()).toHaveAttribute("aria-pressed", "false");
    await page.reload();
    await expect(star()).toHaveAttribute("aria-pressed", "false");
  });
});
