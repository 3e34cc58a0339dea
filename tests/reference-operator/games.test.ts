/**
 * The reference operator's games catalogue over HTTP: vendors, game lists (paging, filters,
 * search, six languages), hot games, vassalage game types, rooms and the generated icons. Every
 * answer is parsed with the portal's own schemas (app/operator/answers.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameListAnswer, gameListOfList, gameVendorsAnswer, roomsAnswer, vassalageGameTypesAnswer } from "~/operator/answers";
import { startReferenceOperator, type ReferenceOperator } from "../../server/operator/index";
import { allGames, relayGet } from "../support/operator-calls";

let op: ReferenceOperator;
beforeAll(async () => {
  op = await startReferenceOperator();
});
afterAll(() => op.close());

const LANES = ["LIVE", "SPORTS", "FISH", "PVP", "ESPORTS", "RNG"];

describe("games: the vendor list", () => {
  it("answers one lane per game type, in order, that parses as the portal reads it", async () => {
    const json = await relayGet(op, "GCSGAME_newGameVendor", { platform: "html5-desktop" });
    expect(json.success).toBe(true);
    const { lanes } = gameVendorsAnswer.parse(json.value).data;
    expect(lanes.map((l) => l.gameClassify)).toEqual(LANES);
    for (const lane of lanes) {
      expect(lane.cards.length, lane.gameClassify!).toBeGreaterThanOrEqual(lane.gameClassify === "RNG" ? 5 : 3);
      for (const card of lane.cards) {
        expect(card.gameType).toBe(lane.gameClassify);
        expect(card.accountTypeName).toMatch(/^[A-Z0-9]{2,5}$/);
        expect(card.smallIcon).toBe(`/res/vendors/${card.accountTypeName}.svg`);
        expect(card.isShow).toBe(1);
        expect(card.isHide).toBe(0);
        if (card.rebeat) expect(card.rebeat).toMatch(/^\d+(\.\d+)?%$/);
      }
    }
    const cards = lanes.flatMap((l) => l.cards);
    const vassalage = cards.filter((c) => c.isGame === "VASSALAGE");
    expect(vassalage.map((c) => c.gameType).sort()).toEqual(["PVP", "RNG"]);
    expect(cards.filter((c) => c.isGame !== "VASSALAGE").every((c) => c.isGame === "game")).toBe(true);
    expect(cards.some((c) => c.canEnterPage === 0)).toBe(true);
    expect(cards.some((c) => c.noOpenWindow === 1)).toBe(true);
    expect(cards.some((c) => c.isHot === 1)).toBe(true);
    expect(cards.some((c) => c.rebeat)).toBe(true);
  });

  it("marks one vendor under maintenance with a window around now", async () => {
    const { value } = await relayGet(op, "GCSGAME_newGameVendor");
    const cards = gameVendorsAnswer.parse(value).data.lanes.flatMap((l) => l.cards);
    const down = cards.filter((c) => c.maintenanceStart);
    expect(down).toHaveLength(1);
    const start = Date.parse(down[0].maintenanceStart!);
    const end = Date.parse(down[0].maintenanceEnd!);
    expect(Math.abs(start - (Date.now() - 3600_000))).toBeLessThan(120_000);
    expect(Math.abs(end - (Date.now() + 3 * 3600_000))).toBeLessThan(120_000);
  });

  it("translates the lane titles by the Language header", async () => {
    const titles: Record<string, string> = {};
    for (const language of ["zh_CN", "TW", "JA", "EN", "TH", "VI"]) {
      const { value } = await relayGet(op, "GCSGAME_newGameVendor", {}, { language });
      titles[language] = value.data.lanes[0].title;
    }
    expect(titles).toEqual({
      zh_CN: "真人视讯",
      TW: "真人視訊",
      JA: "ライブカジノ",
      EN: "Live Casino",
      TH: "คาสิโนสด",
      VI: "Sòng Bài Trực Tuyến",
    });
  });
});

describe("games: the game list", () => {
  let games: any[];
  beforeAll(async () => {
    games = await allGames(op);
  });

  it("holds several hundred games, each with a unique nodeId and an icon path, that parse as the portal reads them", async () => {
    expect(games.length).toBeGreaterThan(400);
    expect(new Set(games.map((g) => g.nodeId)).size).toBe(games.length);
    const parsed = gameListAnswer.parse({ games, totalPages: 1, pageNum: 1, total: games.length });
    for (const game of parsed.games) expect(game.showIcon).toBe(`/res/games/${game.gameId ?? game.nodeId}.svg`);
    const trial = games.filter((g) => g.supportPlay === 0).length / games.length;
    expect(trial).toBeGreaterThan(0.25);
    expect(trial).toBeLessThan(0.4);
    const rng = games.filter((g) => g.gameType === "RNG");
    expect(new Set(rng.map((g) => g.gameClassify))).toEqual(new Set(["VP", "TG", "SC", "AC", "JP"]));
    const live = games.filter((g) => g.gameType === "LIVE");
    expect(live.every((g) => g.roomId)).toBe(true);
    expect(live.some((g) => g.gameId === null)).toBe(true);
    expect(games.some((g) => g.gameType === "SPORTS" && g.matchId && g.leagueId)).toBe(true);
  });

  it("opens the games of the in-page vendor in the page and every other in a new window", async () => {
    const { value } = await relayGet(op, "GCSGAME_newGameVendor");
    const inPage = new Set(
      value.data.lanes
        .flatMap((l: any) => l.cards)
        .filter((c: any) => c.noOpenWindow === 1)
        .map((c: any) => c.accountTypeName),
    );
    for (const game of games) expect(game.appNewWindow, game.gameId).toBe(inPage.has(game.vendor) ? 0 : 1);
  });

  it("names every game distinctly in each of the six languages", async () => {
    for (const language of ["zh_CN", "TW", "JA", "EN", "TH", "VI"]) {
      const named = language === "EN" ? games : await allGames(op, language);
      const names = named.map((g) => g.gameName as string);
      expect(new Set(names).size, language).toBe(names.length);
      expect(named.every((g) => g.nodeName === g.gameName)).toBe(true);
    }
    const [cn] = await allGames(op, "EN", { language: "zh_CN", vassalage: "SLO" });
    expect(cn.gameName).toMatch(/[\u4e00-\u9fff]/);
  });

  it("pages from 1 with 40 games by default and at most 100", async () => {
    const first = gameListAnswer.parse((await relayGet(op, "GCSGAME_gameList", { gameType: "RNG" })).value);
    expect(first.games).toHaveLength(40);
    expect(first.pageNum).toBe(1);
    expect(first.total).toBe(games.filter((g) => g.gameType === "RNG").length);
    expect(first.totalPages).toBe(Math.ceil(first.total! / 40));
    const second = (await relayGet(op, "GCSGAME_gameList", { gameType: "RNG", pageNo: 2 })).value;
    expect(second.games[0].nodeId).toBe(games.filter((g) => g.gameType === "RNG")[40].nodeId);
    const big = (await relayGet(op, "GCSGAME_gameList", { pageSize: 500 })).value;
    expect(big.games).toHaveLength(100);
    const beyond = (await relayGet(op, "GCSGAME_gameList", { pageNo: 999 })).value;
    expect(beyond.games).toEqual([]);
  });

  it("filters by game type, vendor, category and new games; an unknown vendor is an empty list", async () => {
    const fish = (await relayGet(op, "GCSGAME_gameList", { gameType: "FISH", pageSize: 100 })).value.games;
    expect(fish.length).toBe(games.filter((g) => g.gameType === "FISH").length);
    expect(fish.every((g: any) => g.gameType === "FISH")).toBe(true);
    const slo = (await relayGet(op, "GCSGAME_gameList", { vassalage: "SLO", gameClassify: "JP", pageSize: 100 })).value.games;
    expect(slo.length).toBeGreaterThan(0);
    expect(slo.every((g: any) => g.vendor === "SLO" && g.gameClassify === "JP")).toBe(true);
    const fresh = (await relayGet(op, "GCSGAME_gameList", { isNew: 1, pageSize: 100 })).value.games;
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.every((g: any) => g.isNew === 1)).toBe(true);
    const unknown = await relayGet(op, "GCSGAME_gameList", { vassalage: "NOPE" });
    expect(unknown.success).toBe(true);
    expect(unknown.value).toMatchObject({ games: [], total: 0 });
  });

  it("searches part of the name in the request's language, trimmed and case-insensitive", async () => {
    const en = (await relayGet(op, "GCSGAME_gameList", { gameName: "  DRAGON ", pageSize: 100 })).value.games;
    expect(en.length).toBeGreaterThan(3);
    expect(en.every((g: any) => /dragon/i.test(g.gameName))).toBe(true);
    const cn = (await relayGet(op, "GCSGAME_gameList", { gameName: "龙", language: "zh_CN", pageSize: 100 })).value.games;
    expect(cn.length).toBeGreaterThan(3);
    expect(cn.every((g: any) => g.gameName.includes("龙"))).toBe(true);
    const vi = (await relayGet(op, "GCSGAME_gameList", { gameName: "RỒNG", pageSize: 100 }, { language: "VI" })).value.games;
    expect(vi.length).toBeGreaterThan(3);
    expect(vi.every((g: any) => g.gameName.toLowerCase().includes("rồng"))).toBe(true);
    const none = (await relayGet(op, "GCSGAME_gameList", { gameName: "龙" })).value;
    expect(none.total).toBe(0);
  });
});

describe("games: hot games, vassalage game types, rooms", () => {
  it("answers 24 hot slots by default, a count on request, and no hot esports games", async () => {
    const hot = gameListOfList.parse((await relayGet(op, "GCSGAME_hotGamesV2", { platform: "html5-desktop", gameType: "RNG" })).value);
    expect(hot.list).toHaveLength(24);
    expect(hot.list.every((g) => g.isHot === 1 && g.gameType === "RNG")).toBe(true);
    expect(new Set(hot.list.map((g) => g.vendor)).size).toBeGreaterThan(1);
    expect((await relayGet(op, "GCSGAME_hotGamesV2", { gameType: "RNG", count: 30 })).value.list).toHaveLength(30);
    for (const gameType of ["LIVE", "SPORTS", "FISH", "PVP"]) {
      expect((await relayGet(op, "GCSGAME_hotGamesV2", { gameType })).value.list.length, gameType).toBeGreaterThan(0);
    }
    expect((await relayGet(op, "GCSGAME_hotGamesV2", { gameType: "ESPORTS" })).value.list).toEqual([]);
  });

  it("answers a vassalage vendor's categories and a live vendor's rooms", async () => {
    const types = vassalageGameTypesAnswer.parse(
      (await relayGet(op, "GLS2_getVassGameType", { vassalage: "MYR" }, { language: "JA" })).value,
    );
    expect(types.list.map((t) => t.code)).toEqual(["SC", "VP", "TG", "AC", "JP"]);
    expect(types.list[0].name).toBe("スロット");
    expect((await relayGet(op, "GLS2_getVassGameType", { vassalage: "NOPE" })).value.list).toEqual([]);
    const rooms = roomsAnswer.parse((await relayGet(op, "GLS2_roomList", { vassalage: "DGL" })).value);
    expect(rooms.list.length).toBeGreaterThan(5);
    expect(rooms.list.every((r) => r.roomId.startsWith("DGL-R") && r.roomName)).toBe(true);
  });
});

describe("games: icons", () => {
  async function svg(path: string) {
    const response = await fetch(op.url + path); // no Merchant header: browsers load these
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      cache: response.headers.get("cache-control"),
      text: await response.text(),
    };
  }

  it("serves a distinct square SVG per game, without external resources", async () => {
    const games = (await relayGet(op, "GCSGAME_gameList", { pageSize: 60 })).value.games as any[];
    const bodies = new Set<string>();
    for (const game of games) {
      const icon = await svg(game.showIcon);
      expect(icon.status, game.showIcon).toBe(200);
      expect(icon.type).toBe("image/svg+xml");
      expect(icon.cache).toBe("public, max-age=86400");
      expect(icon.text).toMatch(/^<svg [^>]*viewBox="0 0 128 128"/);
      expect(icon.text.replace('xmlns="http://www.w3.org/2000/svg"', "")).not.toMatch(/https?:|href=|<image|@import|url\((?!#)/);
      bodies.add(icon.text);
    }
    expect(bodies.size).toBe(games.length);
  });

  it("serves vendor icons and merchant logos, and 404 for unknown ones", async () => {
    const vendor = await svg("/res/vendors/DGL.svg");
    expect(vendor).toMatchObject({ status: 200, type: "image/svg+xml" });
    expect(vendor.text).toContain("DGL");
    const logo = await svg("/res/logo/demo2.svg");
    expect(logo).toMatchObject({ status: 200, type: "image/svg+xml" });
    expect(logo.text).toContain("Lucky Tiger");
    for (const path of ["/res/games/NOPE.svg", "/res/games/SLO001.png", "/res/vendors/NOPE.svg", "/res/logo/nope.svg"]) {
      expect((await svg(path)).status, path).toBe(404);
    }
  });
});
