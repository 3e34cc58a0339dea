/**
 * The reference operator's launching and a member's games over HTTP: the launch and its one-time
 * ticket, the demo game page, the chosen error games, trial launches, game logout, recent games
 * and favourites.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favouriteGamesAnswer, gameListOfList, launchAnswer, launchFailureValue, merchantWalletAnswer } from "~/operator/answers";
import { DEMO_ERROR_GAMES, startReferenceOperator, type ReferenceOperator } from "../../server/operator/index";
import { allGames, call, freePlayToken, launchBody, post, relayGet, tokenFor } from "../support/operator-calls";

let op: ReferenceOperator;
let player: string;
let agent: string;
let games: any[];
beforeAll(async () => {
  op = await startReferenceOperator();
  player = await tokenFor(op, "player01", "Player123");
  agent = await tokenFor(op, "agent001", "Agent1234");
  games = await allGames(op);
});
afterAll(() => op.close());

const playable = () => games.filter((g) => g.gameId && !g.gameName.startsWith("Test:") && g.vendor !== "RFS");
const launch = (token: string, game: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  post(op, "/wps/game/launchGame", launchBody(game, extra), { token });
const gameUrl = (value: unknown) => launchAnswer.parse(value).url as string;

async function page(url: string) {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get("content-type"), html: await response.text() };
}

async function sessions(account: string) {
  return (await (await fetch(`${op.url}/__reference/game-sessions?account=${account}`)).json()).value as any[];
}

describe("games: launching", () => {
  it("answers a demo game URL with a one-time ticket, never the token", async () => {
    const game = playable()[5];
    const json = await launch(player, { gameId: game.gameId, nodeId: game.nodeId }, { backUrl: "http://localhost:3000/electron?page=SLO" });
    expect(json.success, json.message).toBe(true);
    const url = gameUrl(json.value);
    expect(url).toMatch(new RegExp(`^${op.url}/demo-game/[A-Za-z0-9_-]{32}$`));
    expect(url).not.toContain(player);
    const again = gameUrl((await launch(player, { gameId: game.gameId })).value);
    expect(again).not.toBe(url);

    const shown = await page(url);
    expect(shown.status).toBe(200);
    expect(shown.type).toContain("text/html");
    expect(shown.html).toContain(game.gameName);
    expect(shown.html).toContain("player01");
    expect(shown.html).toContain('href="http://localhost:3000/electron?page=SLO"');
    expect(shown.html).not.toContain(player);
    expect(shown.html).not.toMatch(/<script|src="http|<link/);
    expect((await page(url)).status, "a reload").toBe(200);
    expect((await page(`${op.url}/demo-game/not-a-ticket`)).status).toBe(404);
  });

  it("escapes what it shows and links back only to http(s) pages", async () => {
    const game = playable()[6];
    const url = gameUrl((await launch(player, { gameId: game.gameId }, { backUrl: "javascript:alert(1)" })).value);
    const { html } = await page(url);
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("Back</a>");
    const quoted = gameUrl((await launch(player, { gameId: game.gameId }, { backUrl: 'https://portal.test/x?a="<b>' })).value);
    expect((await page(quoted)).html).not.toContain('"<b>');
  });

  it("launches a live table by its room alone and finds a game by nodeId", async () => {
    const table = games.find((g) => g.gameType === "LIVE" && g.gameId === null);
    expect((await launch(player, { roomId: table.roomId })).success).toBe(true);
    expect((await launch(player, { nodeId: playable()[0].nodeId })).success).toBe(true);
  });

  it("refuses without GLS, without a game, for an unknown game, for a trial account and without a session", async () => {
    const game = playable()[0];
    expect((await launch(player, { gameId: game.gameId }, { launchMode: "FLASH" })).errorCode).toBe("launch_mode_invalid");
    expect((await launch(player, {})).errorCode).toBe("in_stay_tuned");
    const unknown = await launch(player, { gameId: "NOPE001" });
    expect(unknown).toMatchObject({ success: false, errorCode: "game_not_found", message: "This game does not exist" });
    const trial = await launch(await freePlayToken(op), { gameId: game.gameId });
    expect(trial).toMatchObject({ success: false, errorCode: "in_need_true_account" });
    expect((await post(op, "/wps/game/launchGame", launchBody({ gameId: game.gameId }))).errorCode).toBe("user.or.token.invalid");
  });

  it("answers each chosen error game's failure", async () => {
    const { vendorUnderMaintenance, balanceNotEnough, domainNotAvailable, gameMaintenance, esportsMaintenance } = DEMO_ERROR_GAMES;
    expect(vendorUnderMaintenance.gameIds.length).toBeGreaterThan(2);
    for (const gameId of vendorUnderMaintenance.gameIds) {
      const json = await launch(player, { gameId });
      expect(json.errorCode, gameId).toBe("vendor_under_maintenance");
      const value = launchFailureValue.parse(json.value);
      expect(Date.parse(value!.maintenanceStart!)).toBeLessThan(Date.now());
      expect(Date.parse(value!.maintenanceEnd!)).toBeGreaterThan(Date.now());
    }
    expect((await launch(player, { gameId: balanceNotEnough.gameId })).errorCode).toBe("launch_game_balance_not_enough");
    expect((await launch(player, { gameId: domainNotAvailable.gameId })).errorCode).toBe("domain_not_available");
    for (const chosen of [gameMaintenance, esportsMaintenance]) {
      const json = await post(op, "/wps/game/launchGame", launchBody({ gameId: chosen.gameId }), { token: player, language: "zh_CN" });
      expect(json).toMatchObject({ success: false, errorCode: "game_maintenance", message: "该游戏正在维护中，请试试以下游戏" });
      expect(launchFailureValue.parse(json.value)).toMatchObject({ resType: 1, maintenanceStart: expect.any(String) });
    }
    expect(esportsMaintenance.gameType).toBe("ESPORTS");
    const names = games.filter((g) => g.gameName.startsWith("Test:")).map((g) => g.gameId);
    expect(names.sort()).toEqual([balanceNotEnough, domainNotAvailable, gameMaintenance, esportsMaintenance].map((g) => g.gameId).sort());
    const helper = await (await fetch(`${op.url}/__reference/demo-error-games`)).json();
    expect(helper.value).toEqual(JSON.parse(JSON.stringify(DEMO_ERROR_GAMES)));
  });

  it("launches a trial without a session, only of a game that offers one", async () => {
    const trialGame = playable().find((g) => g.supportPlay === 0);
    const json = await post(op, "/wps/relay/GCS_gameTrialLaunch", launchBody({ gameId: trialGame.gameId }, { accountType: 0 }));
    expect(json.success, json.message).toBe(true);
    const { html } = await page(gameUrl(json.value));
    expect(html).toContain("Trial");
    expect(html).toContain(trialGame.gameName);
    const paid = playable().find((g) => g.supportPlay === 1);
    expect((await post(op, "/wps/relay/GCS_gameTrialLaunch", launchBody({ gameId: paid.gameId }))).errorCode).toBe("trial_not_supported");
  });

  it("hands out URLs on the publicUrl given", async () => {
    const other = await startReferenceOperator({ publicUrl: "https://games.example.test/" });
    try {
      const token = await tokenFor(other, "player01", "Player123");
      const json = await post(other, "/wps/game/launchGame", launchBody({ gameId: playable()[0].gameId }), { token });
      expect(gameUrl(json.value)).toMatch(/^https:\/\/games\.example\.test\/demo-game\/[\w-]+$/);
    } finally {
      await other.close();
    }
  });
});

describe("games: game logout", () => {
  it("closes the member's open game pages, of one vendor or every one", async () => {
    await post(op, "/__reference/members", { username: "logout01", password: "Logout123" }, { merchant: null });
    const member = await tokenFor(op, "logout01", "Logout123");
    const [a, b] = [playable().find((g) => g.vendor === "SLO"), playable().find((g) => g.vendor === "JWL")];
    const urlA = gameUrl((await launch(member, { gameId: a.gameId })).value);
    const urlB = gameUrl((await launch(member, { gameId: b.gameId })).value);
    expect((await sessions("logout01")).map((s) => s.open)).toEqual([true, true]);

    expect((await post(op, "/wps/relay/GCS_gameLogout", { vendor: "SLO" }, { token: member })).value).toEqual({ closed: 1 });
    expect((await page(urlA)).status).toBe(404);
    expect((await page(urlB)).status).toBe(200);
    expect((await post(op, "/wps/relay/GCS_gameLogout", {}, { token: member })).value).toEqual({ closed: 1 });
    expect((await page(urlB)).status).toBe(404);
    const after = await sessions("logout01");
    expect(after.map((s) => [s.vendor, s.open])).toEqual([
      ["JWL", false],
      ["SLO", false],
    ]);
    expect(after.every((s) => typeof s.closedAt === "number")).toBe(true);
  });
});

describe("games: recent games and favourites", () => {
  it("lists the member's launched games, most recent first, distinct, at most 40", async () => {
    await post(op, "/__reference/members", { username: "recent01", password: "Recent123" }, { merchant: null });
    const token = await tokenFor(op, "recent01", "Recent123");
    expect((await relayGet(op, "GCS_recentGame", {}, { token })).value.list).toEqual([]);
    const launched = playable().slice(0, 42);
    for (const game of launched) expect((await launch(token, { gameId: game.gameId })).success).toBe(true);
    await launch(token, { gameId: launched[3].gameId });
    const { list } = gameListOfList.parse((await relayGet(op, "GCS_recentGame", {}, { token })).value);
    expect(list).toHaveLength(40);
    expect(list[0].gameId).toBe(launched[3].gameId);
    expect(list[1].gameId).toBe(launched[41].gameId);
    expect(new Set(list.map((g) => g.nodeId)).size).toBe(40);
    // Failed launches are not played games; another member's list is their own.
    await launch(token, { gameId: DEMO_ERROR_GAMES.domainNotAvailable.gameId });
    expect((await relayGet(op, "GCS_recentGame", {}, { token })).value.list[0].gameId).toBe(launched[3].gameId);
    expect((await relayGet(op, "GCS_recentGame", {}, { token: agent })).value.list).toEqual([]);
  });

  it("adds, lists (newest first) and removes favourites per member, idempotently", async () => {
    const [g1, g2, g3] = playable().slice(10, 13);
    const fav = (g: any) => ({ nodeId: g.nodeId, vendor: g.vendor, gameType: g.gameType });
    for (const g of [g1, g2, g3, g1])
      expect((await post(op, "/wps/relay/MCSFE_addFavoriteGameV2", fav(g), { token: player })).success).toBe(true);
    const list = favouriteGamesAnswer.parse(
      (await relayGet(op, "MCSFE_getFavoriteGamesList", { pageNo: 1, pageSize: 2 }, { token: player })).value,
    );
    expect(list.content.map((g) => g.gameId)).toEqual([g3.gameId, g2.gameId]);
    expect(list).toMatchObject({ pageNum: 1, totalPages: 2 });
    expect(list.content[0]).toMatchObject({ showIcon: g3.showIcon, vendor: g3.vendor, supportPlay: g3.supportPlay });
    expect((await relayGet(op, "MCSFE_getFavoriteGamesList", {}, { token: agent })).value.content).toEqual([]);

    const removed = await call(op, "/wps/relay/MCSFE_removeFavoriteGameV2", { method: "DELETE", body: fav(g2), token: player });
    expect(removed.success).toBe(true);
    expect((await call(op, "/wps/relay/MCSFE_removeFavoriteGameV2", { method: "DELETE", body: fav(g2), token: player })).success).toBe(
      true,
    );
    const left = (await relayGet(op, "MCSFE_getFavoriteGamesList", {}, { token: player })).value.content.map((g: any) => g.gameId);
    expect(left).toEqual([g3.gameId, g1.gameId]);
  });

  it("refuses a favourite of no game with a translated message, and needs a session", async () => {
    const en = await post(op, "/wps/relay/MCSFE_addFavoriteGameV2", { nodeId: 1, vendor: "SLO", gameType: "RNG" }, { token: player });
    expect(en).toMatchObject({ success: false, errorCode: "game_not_found", message: "This game does not exist" });
    const g = playable()[0];
    const wrongVendor = { nodeId: g.nodeId, vendor: "NOPE", gameType: g.gameType };
    const zh = await post(op, "/wps/relay/MCSFE_addFavoriteGameV2", wrongVendor, { token: player, language: "zh_CN" });
    expect(zh).toMatchObject({ errorCode: "game_not_found", message: "游戏不存在" });
    expect((await relayGet(op, "MCSFE_getFavoriteGamesList")).errorCode).toBe("user.or.token.invalid");
  });

  it("answers the merchant wallet as one wallet per vendor", async () => {
    expect(merchantWalletAnswer.parse((await relayGet(op, "GCS_merchantWallet", {}, { token: player })).value)).toEqual({
      isSingle: false,
    });
  });
});
