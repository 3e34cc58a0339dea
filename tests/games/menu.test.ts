/** The main game menu's rules (document 001, section 2, screen 2): groups, children, long layout, rebate badge, agent entry. */
import { describe, expect, it } from "vitest";
import { buildGameMenu, cardShown, currentGroupId, rebateText, showsAgentEntry } from "~/features/games/menu";
import { gameVendorsAnswer, type VendorLane } from "~/operator/answers";

/** Lanes as the operator answers them, read through the answer schema like the client does. */
function lanes(raw: unknown[]): VendorLane[] {
  return gameVendorsAnswer.parse({ data: { lanes: raw } }).data.lanes;
}

const card = (code: string, extra: Record<string, unknown> = {}) => ({
  accountTypeName: code,
  displayName: `${code} name`,
  gameType: "LIVE",
  isGame: "game",
  smallIcon: `/res/vendors/${code}.svg`,
  isShow: 1,
  isHide: 0,
  ...extra,
});

const ORIGIN = "https://operator.example";

describe("the agent entry", () => {
  it.each([
    [0, false],
    [1, true],
    [2, true],
    [4, false],
    [40, false],
    [41, true],
    [42, true],
    [null, false],
  ])("isAgent %s → %s", (isAgent, shown) => {
    expect(showsAgentEntry(isAgent)).toBe(shown);
    expect(buildGameMenu([], isAgent).agent).toBe(shown);
  });
});

describe("groups and children", () => {
  it("makes one group per lane with its lobby, its cards as children linking to their lobbies", () => {
    const menu = buildGameMenu(
      lanes([
        { title: "真人视讯", gameClassify: "LIVE", cards: [card("DGL", { rebeat: "1.2%", isHot: 1 }), card("LVL")] },
        { title: "电子游艺", gameClassify: "RNG", cards: [card("SLO", { gameType: "RNG" })] },
      ]),
      0,
      { operatorOrigin: ORIGIN },
    );
    expect(menu.groups.map((g) => [g.id, g.title, g.href])).toEqual([
      ["LIVE", "真人视讯", "/live"],
      ["RNG", "电子游艺", "/electron"],
    ]);
    expect(menu.groups[0].children).toEqual([
      {
        code: "DGL",
        name: "DGL name",
        icon: `${ORIGIN}/res/vendors/DGL.svg`,
        href: "/live?page=DGL",
        rebate: "1.2%",
        hot: true,
        vassalage: false,
      },
      {
        code: "LVL",
        name: "LVL name",
        icon: `${ORIGIN}/res/vendors/LVL.svg`,
        href: "/live?page=LVL",
        rebate: null,
        hot: false,
        vassalage: false,
      },
    ]);
    expect(menu.groups[1].children[0].href).toBe("/electron?page=SLO");
  });

  it("links a vassalage card to its popup list of games", () => {
    const menu = buildGameMenu(
      lanes([{ title: "棋牌", gameClassify: "PVP", cards: [card("CRD", { gameType: "PVP", isGame: "VASSALAGE" })] }]),
      0,
    );
    expect(menu.groups[0].children[0]).toMatchObject({ href: "/games/vendor/CRD", vassalage: true });
  });

  it("puts icons on an image CDN when the status names one, and draws initials for a refused icon", () => {
    const menu = buildGameMenu(
      lanes([{ title: "Live", gameClassify: "LIVE", cards: [card("DGL"), card("BAD", { smallIcon: "javascript:alert(1)" })] }]),
      0,
      { imageCDNs: ["https://cdn.example"], operatorOrigin: ORIGIN, random: () => 0 },
    );
    expect(menu.groups[0].children.map((c) => c.icon)).toEqual(["https://cdn.example/res/vendors/DGL.svg", null]);
  });

  it("leaves out cards with isShow 0 or isHide 1, and a lane left with none", () => {
    const menu = buildGameMenu(
      lanes([
        {
          title: "Live",
          gameClassify: "LIVE",
          cards: [card("A"), card("B", { isShow: 0 }), card("C", { isHide: 1 }), card("D", { isShow: null })],
        },
        { title: "Fish", gameClassify: "FISH", cards: [card("F", { gameType: "FISH", isHide: 1 })] },
      ]),
      0,
    );
    expect(menu.groups.map((g) => g.id)).toEqual(["LIVE"]);
    expect(menu.groups[0].children.map((c) => c.code)).toEqual(["A", "D"]);
    expect(cardShown({ isShow: 1, isHide: 0 })).toBe(true);
    expect(cardShown({ isShow: 0, isHide: 0 })).toBe(false);
    expect(cardShown({ isShow: 1, isHide: 1 })).toBe(false);
  });

  it("gives more than 4 children the long layout", () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => card(`V${i}`));
    const menu = buildGameMenu(
      lanes([
        { title: "Four", gameClassify: "LIVE", cards: many(4) },
        { title: "Five", gameClassify: "SPORTS", cards: many(5).map((c) => ({ ...c, gameType: "SPORTS" })) },
        // Five cards, one hidden: four are shown, so the short layout.
        { title: "Hidden", gameClassify: "FISH", cards: [...many(4), card("H", { isHide: 1 })].map((c) => ({ ...c, gameType: "FISH" })) },
      ]),
      0,
    );
    expect(menu.groups.map((g) => [g.id, g.long])).toEqual([
      ["LIVE", false],
      ["SPORTS", true],
      ["FISH", false],
    ]);
  });

  it("answers an empty menu for no lanes (the vendor list could not be read)", () => {
    expect(buildGameMenu(null, 1)).toEqual({ groups: [], agent: true });
    expect(buildGameMenu(undefined, 0)).toEqual({ groups: [], agent: false });
  });

  it("keeps a lane of an unknown type as a group without a lobby link, its cards by their own type", () => {
    const menu = buildGameMenu(
      lanes([{ title: "Hot", gameClassify: "HOT", cards: [card("DGL"), card("ZZ", { gameType: "UNKNOWN" })] }]),
      0,
    );
    expect(menu.groups[0]).toMatchObject({ id: "lane-0", href: null });
    expect(menu.groups[0].children.map((c) => c.href)).toEqual(["/live?page=DGL"]);
  });

  it("marks the group of the lobby the page is, SEO paths included", () => {
    const menu = buildGameMenu(
      lanes([
        { title: "Live", gameClassify: "LIVE", cards: [card("DGL")] },
        { title: "Slots", gameClassify: "RNG", cards: [card("SLO", { gameType: "RNG" })] },
      ]),
      0,
    );
    expect(currentGroupId(menu, "/live")).toBe("LIVE");
    expect(currentGroupId(menu, "/casino")).toBe("LIVE");
    expect(currentGroupId(menu, "/arcade")).toBe("RNG");
    expect(currentGroupId(menu, "/login")).toBeNull();
    expect(currentGroupId(menu, "/constructor")).toBeNull();
  });
});

describe("the rebate badge text", () => {
  it.each([
    ["1.2%", "1.2%"],
    ["0.5", "0.5"],
    [" 3% ", "3%"],
    ["12", "12"],
  ])("shows %j as %j", (value, shown) => {
    expect(rebateText(value)).toBe(shown);
  });

  it.each([["1.2 %"], ["<b>1%</b>"], ["up to 2%"], ["%"], ["."], ["1%%"], ["-1%"], [""], [null], [undefined]])(
    "does not show %j",
    (value) => {
      expect(rebateText(value as string | null | undefined)).toBeNull();
    },
  );
});
