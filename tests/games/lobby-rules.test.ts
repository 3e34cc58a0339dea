import { describe, expect, it } from "vitest";
import { filterLocally, readLobbyQuery } from "~/features/games/lobby.server";
import { gameView, shown, vendorView, vendorViews } from "~/features/games/catalogue.server";

import { lobbyHref, LOBBY_ROUTES, lobbyUrl, vendorGamesHref } from "~/features/games/links";
import { gameVendorsAnswer, gameAnswer } from "~/operator/answers";
import type { GameView } from "~/features/games/types";

const q = (search: string, defaults = {}) => readLobbyQuery(new URL(`http://portal.test/electron${search}`), defaults);

describe("the lobby's query", () => {
  it("reads vendor, category, keyword and page", () => {
    expect(q("?page=PGX&type=VP&keyword=dragon&pageNo=3")).toEqual({ page: "PGX", type: "VP", keyword: "dragon", pageNo: 3 });
  });

  it("trims the keyword and collapses the spaces inside it", () => {
    expect(q("?keyword=%20%20lucky%20%20%20dragon%20").keyword).toBe("lucky dragon");
    expect(q("?keyword=%E3%80%80%E8%B4%A2%E7%A5%9E%E3%80%80").keyword).toBe("财神");
  });

  it("reads nonsense as no filter rather than failing", () => {
    expect(q("?type=XX&pageNo=-4&page=%3Cscript%3E")).toEqual({ page: "", type: "", keyword: "", pageNo: 1 });
    expect(q("?pageNo=2.5").pageNo).toBe(1);
    expect(q("?pageNo=99999999").pageNo).toBe(1);
    expect(q(`?keyword=${"a".repeat(500)}`).keyword).toHaveLength(50);
  });

  it("keeps the first of a repeated parameter", () => {
    expect(q("?type=VP&type=JP&pageNo=2&pageNo=7")).toMatchObject({ type: "VP", pageNo: 2 });
  });

  it("takes the SEO path's category as the default filter", () => {
    expect(q("", { type: LOBBY_ROUTES["/arcade"].category }).type).toBe("AC");
    expect(q("?type=JP", { type: "TG" }).type).toBe("JP");
  });
});

describe("lobby addresses", () => {
  it("name the category and the vendor", () => {
    expect(lobbyHref("LIVE", "DGL")).toBe("/live?page=DGL");
    expect(lobbyHref("RNG", "PGX")).toBe("/electron?page=PGX");
    expect(lobbyHref("ESPORTS")).toBe("/esports");
    expect(vendorGamesHref("V&S", 2)).toBe("/games/vendor/V%26S?pageNo=2");
  });

  it("leave out empty filters and page 1", () => {
    expect(lobbyUrl("/electron", { page: "hot", type: "", keyword: "", pageNo: 1 })).toBe("/electron?page=hot");
    expect(lobbyUrl("/electron", { page: "PGX", type: "VP", keyword: "a b", pageNo: 2 })).toBe(
      "/electron?page=PGX&type=VP&keyword=a+b&pageNo=2",
    );
  });
});

const card = (extra: Record<string, unknown>) => ({
  accountTypeName: "PGX",
  displayName: "PG X",
  gameType: "RNG",
  isGame: "game",
  ...extra,
});

describe("vendor cards", () => {
  it("lead to their lobby, or to their popup list when they are vassalage vendors", () => {
    const lanes = gameVendorsAnswer.parse({
      data: { lanes: [{ title: "Slots", gameClassify: "RNG", cards: [card({}), card({ accountTypeName: "VSS", isGame: "VASSALAGE" })] }] },
    }).data.lanes;
    const [plain, vassalage] = vendorViews(lanes, []);
    expect(plain.href).toBe("/electron?page=PGX");
    expect(vassalage).toMatchObject({ href: "/games/vendor/VSS", vassalage: true });
  });

  it("show a rebate only when it is digits, a dot and a percent", () => {
    expect(vendorView(card({ rebeat: "1.2%" }) as never, [])?.rebate).toBe("1.2%");
    expect(vendorView(card({ rebeat: "<b>5%</b>" }) as never, [])?.rebate).toBeNull();
    expect(vendorView(card({ rebeat: "up to 5%" }) as never, [])?.rebate).toBeNull();
  });

  it("are left out when hidden, not shown or of an unknown game type", () => {
    expect(shown({ isShow: 0 })).toBe(false);
    expect(shown({ isHide: 1 })).toBe(false);
    expect(shown({})).toBe(true);
    expect(vendorView(card({ gameType: "LOTTO" }) as never, [])).toBeNull();
  });

  it("appear once when two lanes carry the same vendor", () => {
    const lanes = gameVendorsAnswer.parse({
      data: { lanes: [{ cards: [card({})] }, { cards: [card({}), card({ accountTypeName: "B", isHide: 1 })] }] },
    }).data.lanes;
    expect(vendorViews(lanes, []).map((v) => v.code)).toEqual(["PGX"]);
  });

  it("carry the maintenance window", () => {
    expect(
      vendorView(card({ maintenanceStart: "2026-11-22T08:00:00Z", maintenanceEnd: "2026-11-22T12:00:00Z" }) as never, [])?.maintenance,
    ).toEqual({
      start: "2026-11-22T08:00:00Z",
      end: "2026-11-22T12:00:00Z",
    });
  });
});

describe("games as tiles", () => {
  const game = (extra: Record<string, unknown>) =>
    gameAnswer.parse({
      nodeId: 7,
      gameId: "g7",
      gameName: "Lucky Dragon",
      vassalage: "PGX",
      gameType: "RNG",
      showIcon: "/res/games/g7.svg",
      ...extra,
    });

  it("read trial, window and favourite from the answer", () => {
    const view = gameView(game({ supportPlay: 0, appNewWindow: 0 }), [], ["https://cdn.example"], new Set(["PGX:7"]))!;
    expect(view).toMatchObject({
      key: "PGX:7",
      trial: true,
      newWindow: false,
      favourite: true,
      icon: "https://cdn.example/res/games/g7.svg",
    });
    expect(gameView(game({ supportPlay: 1 }), [], [], new Set())).toMatchObject({ trial: false, newWindow: true, favourite: false });
  });

  it("drop a game of no vendor or of an unknown type", () => {
    expect(gameView(game({ vassalage: null }), [], [], new Set())).toBeNull();
    expect(gameView(game({ gameType: "XYZ" }), [], [], new Set())).toBeNull();
  });

  it("filter the whole lists (hot, recent, favourites) by name and category", () => {
    const tiles = [
      { name: "Lucky Dragon", category: "VP" },
      { name: "Golden Tiger", category: "JP" },
      { name: "Dragon Gold", category: null },
    ] as GameView[];
    expect(filterLocally(tiles, { type: "", keyword: "dragon" }).map((g) => g.name)).toEqual(["Lucky Dragon", "Dragon Gold"]);
    expect(filterLocally(tiles, { type: "JP", keyword: "" }).map((g) => g.name)).toEqual(["Golden Tiger"]);
  });
});
