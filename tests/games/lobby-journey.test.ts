/**
 * Lobbies, the vassalage popup list, favourites and the home page's games through the route
 * modules, against the reference operator's catalogue: what a guest and a player see, every
 * filter in the URL, and one wave of upstream calls per page view.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { args, CookieJar, getRequest, postRequest, run, startPortalEnv } from "../support/portal";
import { robotsAllows } from "../support/robots";
import type { LobbyPageData } from "~/features/games/lobby-view";
import type { VendorView } from "~/features/games/types";

let operator: ReferenceOperator;
let root: typeof import("~/root");
let login: typeof import("~/routes/_auth+/login");
let electron: typeof import("~/routes/_games+/electron");
let live: typeof import("~/routes/_games+/live");
let arcade: typeof import("~/routes/_games+/arcade");
let pvp: typeof import("~/routes/_games+/pvp");
let favourite: typeof import("~/routes/games+/favourite");
let vendorGames: typeof import("~/routes/games+/vendor.$vendor");
let home: typeof import("~/routes/_index");
let robots: typeof import("~/routes/robots[.]txt");
let sitemap: typeof import("~/routes/sitemap[.]xml");

beforeAll(async () => {
  operator = await startPortalEnv();
  root = await import("~/root");
  login = await import("~/routes/_auth+/login");
  electron = await import("~/routes/_games+/electron");
  live = await import("~/routes/_games+/live");
  arcade = await import("~/routes/_games+/arcade");
  pvp = await import("~/routes/_games+/pvp");
  favourite = await import("~/routes/games+/favourite");
  vendorGames = await import("~/routes/games+/vendor.$vendor");
  home = await import("~/routes/_index");
  robots = await import("~/routes/robots[.]txt");
  sitemap = await import("~/routes/sitemap[.]xml");
});

afterAll(async () => {
  await operator.close();
});

type Loader = (a: ReturnType<typeof args>) => Promise<unknown> | unknown;

async function visitor() {
  const jar = new CookieJar();
  const { csrfToken } = await jar.take(await run(() => root.loader(args(getRequest("/login", jar))))).json();
  const get = async (url: string, loader: Loader, params: Record<string, string> = {}) =>
    jar.take(await run(() => loader({ ...args(getRequest(url, jar)), params })));
  const lobby = async (url: string, loader: Loader = electron.loader) => {
    const response = await get(url, loader);
    expect(response.status, url).toBe(200);
    return (await response.json()) as LobbyPageData;
  };
  const post = async (url: string, fields: Record<string, string>, action: Loader) =>
    jar.take(await run(() => action(args(postRequest(url, { csrf: jar.csrf() ?? csrfToken, ...fields }, jar)))));
  return { jar, get, lobby, post };
}

async function player() {
  const v = await visitor();
  const response = await v.post("/login", { username: "player01", password: "Player123", redirectTo: "" }, login.action);
  expect(response.status).toBe(303);
  return v;
}

const vendorsOf = async (type: "RNG" | "LIVE") =>
  (await (await visitor()).lobby(type === "RNG" ? "/electron" : "/live", type === "RNG" ? electron.loader : live.loader)).vendors;

/** A slot vendor with more than one page of games and a guest-open lobby. */
async function bigSlotVendor(): Promise<VendorView> {
  const g = await visitor();
  for (const v of await vendorsOf("RNG")) {
    if (!v.openToGuests || v.maintenance) continue;
    const page = await g.lobby(`/electron?page=${v.code}`);
    if (page.totalPages > 1) return v;
  }
  throw new Error("no slot vendor with two pages of games");
}

describe("the slot lobby", () => {
  it("opens on the hot tab for a guest, with the vendor tabs of slots", async () => {
    const page = await (await visitor()).lobby("/electron");
    expect(page.current).toBe("hot");
    expect(page.slotTabs).toBe(true);
    expect(page.games.length).toBeGreaterThan(0);
    expect(page.games.every((g) => g.gameType === "RNG" && g.hot)).toBe(true);
    expect(page.vendors.length).toBeGreaterThanOrEqual(3);
    expect(page.vendors.every((v) => v.gameType === "RNG")).toBe(true);
  });

  it("pages a vendor's games 40 at a time, page by page", async () => {
    const vendor = await bigSlotVendor();
    const g = await visitor();
    const first = await g.lobby(`/electron?page=${vendor.code}`);
    const second = await g.lobby(`/electron?page=${vendor.code}&pageNo=2`);
    expect(first.games).toHaveLength(40);
    expect(first.games.every((game) => game.vendor === vendor.code)).toBe(true);
    const firstKeys = new Set(first.games.map((game) => game.key));
    expect(second.games.some((game) => firstKeys.has(game.key))).toBe(false);
    expect(second.query.pageNo).toBe(2);
  });

  it("filters by category and finds by name with spaces around the word", async () => {
    const vendor = await bigSlotVendor();
    const g = await visitor();
    const vp = await g.lobby(`/electron?page=${vendor.code}&type=VP`);
    expect(vp.games.length).toBeGreaterThan(0);
    expect(vp.games.every((game) => game.category === "VP")).toBe(true);
    const word = vp.games[0].name.split(/\s+/)[0];
    const found = await g.lobby(`/electron?page=${vendor.code}&keyword=${encodeURIComponent(`  ${word}  `)}`);
    expect(found.query.keyword).toBe(word);
    expect(found.games.length).toBeGreaterThan(0);
    expect(found.games.every((game) => game.name.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    const none = await g.lobby(`/electron?page=${vendor.code}&keyword=zzzzqqqq`);
    expect(none.games).toEqual([]);
  });

  it("sends a guest who asks for recent or favourite games to log in and back", async () => {
    for (const tab of ["favGameList", "recentGameList"]) {
      const response = await (await visitor()).get(`/electron?page=${tab}`, electron.loader);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/electron?page=${tab}`)}`);
    }
  });

  it("goes back to its first tab when the vendor asked for is not offered", async () => {
    const response = await (await visitor()).get("/electron?page=NOPE", electron.loader);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/electron");
  });

  it("answers the SEO paths with their lobby, title and description", async () => {
    const page = await (await visitor()).lobby("/arcade", arcade.loader);
    expect(page.gameType).toBe("RNG");
    expect(page.query.type).toBe("AC");
    expect(page.seo.title).toMatch(/ - .+/);
    expect(page.seo.description.length).toBeGreaterThan(10);
  });
});

describe("a vendor lobby", () => {
  it("shows the first vendor of its type and that vendor's games", async () => {
    const page = await (await visitor()).lobby("/live", live.loader);
    expect(page.gameType).toBe("LIVE");
    expect(page.current).toBe(page.vendors[0].code);
    expect(page.games.every((g) => g.gameType === "LIVE" && g.vendor === page.current)).toBe(true);
  });

  it("is closed to a guest when the vendor's lobby is not open to guests", async () => {
    const vendors = (await (await visitor()).lobby("/pvp", pvp.loader)).vendors;
    const closed = vendors.find((v) => !v.openToGuests && !v.vassalage);
    expect(closed, "the card games have a vendor closed to guests").toBeDefined();
    const response = await (await visitor()).get(`/pvp?page=${closed!.code}`, pvp.loader);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/pvp?page=${closed!.code}`)}`);
    const open = await (await player()).lobby(`/pvp?page=${closed!.code}`, pvp.loader);
    expect(open.current).toBe(closed!.code);
  });
});

describe("a vendor under maintenance", () => {
  it("says so on its lobby, with its start and end", async () => {
    const fish = await import("~/routes/_games+/fish");
    const g = await visitor();
    const first = await g.lobby("/fish", fish.loader);
    const down = first.vendors.find((v) => v.maintenance);
    expect(down, "the catalogue has a fishing vendor under maintenance").toBeDefined();
    expect(first.maintenance).toBeNull();
    const page = await g.lobby(`/fish?page=${down!.code}`, fish.loader);
    expect(page.maintenance?.start).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
    expect(page.maintenance?.end).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
  });
});

describe("favourites", () => {
  it("are added and removed from a tile, back to the same lobby page, and listed in their tab", async () => {
    const p = await player();
    const vendor = await bigSlotVendor();
    const back = `/electron?page=${vendor.code}&type=&pageNo=2`;
    const game = (await p.lobby(back)).games[3];
    const fields = { nodeId: game.nodeId!, vendor: game.vendor, gameType: game.gameType, redirectTo: back };
    const added = await p.post("/games/favourite", { ...fields, intent: "add" }, favourite.action);
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe(back);
    expect((await p.lobby(back)).games[3]).toMatchObject({ key: game.key, favourite: true });
    const tab = await p.lobby("/electron?page=favGameList");
    expect(tab.games.map((g) => g.key)).toContain(game.key);

    // The enhanced form gets data, not a redirect.
    const removed = await p.post("/games/favourite", { ...fields, intent: "remove", _fetcher: "1" }, favourite.action);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ ok: true });
    expect((await p.lobby("/electron?page=favGameList")).games.map((g) => g.key)).not.toContain(game.key);
  });

  it("need a login: a guest goes to log in and comes back to the lobby", async () => {
    const g = await visitor();
    const response = await g.post(
      "/games/favourite",
      { intent: "add", nodeId: "1", vendor: "X", gameType: "RNG", redirectTo: "/live?page=X" },
      favourite.action,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/live?page=X")}`);
  });

  it("refuse a tampered form with a 400 and never leave the site", async () => {
    const p = await player();
    const bad = await p.post(
      "/games/favourite",
      { intent: "add", nodeId: "<x>", vendor: "X", gameType: "RNG", redirectTo: "https://evil.example/" },
      favourite.action,
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, back: "/electron?page=favGameList" });
  });
});

describe("a vassalage vendor's games", () => {
  it("come ten to a page", async () => {
    const vassalage = [...(await vendorsOf("RNG"))].find((v) => v.vassalage);
    expect(vassalage).toBeDefined();
    const g = await visitor();
    const response = await g.get(vassalage!.href, vendorGames.loader, { vendor: vassalage!.code });
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.games.length).toBeGreaterThan(0);
    expect(data.games.length).toBeLessThanOrEqual(10);
  });
});

describe("the home page", () => {
  it("shows at most three vendors per game type with the way to each lobby, and hot games", async () => {
    for (const who of [await visitor(), await player()]) {
      const data = await (await who.get("/", home.loader)).json();
      expect(data.blocks.map((b: { gameType: string }) => b.gameType)).toEqual(["SPORTS", "LIVE", "FISH", "PVP", "RNG"]);
      for (const block of data.blocks) expect(block.vendors.length).toBeLessThanOrEqual(3);
      expect(data.blocks.find((b: { gameType: string }) => b.gameType === "RNG").more).toBe("/electron");
      expect(data.hot.length).toBeGreaterThan(0);
    }
  });
});

describe("upstream calls", () => {
  it("a lobby page view makes one wave of them", async () => {
    const p = await player();
    const vendor = await bigSlotVendor();
    operator.setDelay(50);
    try {
      operator.resetCalls();
      await p.lobby(`/electron?page=${vendor.code}&pageNo=2`);
      const calls = [...operator.calls];
      expect(calls.length).toBeGreaterThan(0);
      const firstEnd = Math.min(...calls.map((c) => c.endedAt));
      expect(calls.filter((c) => c.startedAt > firstEnd)).toEqual([]);
    } finally {
      operator.setDelay(0);
    }
  });
});

describe("robots.txt and sitemap.xml", () => {
  it("list the indexable single-segment paths and keep the player's pages out", async () => {
    const text = await (await run(() => robots.loader(args(getRequest("/robots.txt"))))).text();
    expect(text).toContain("Disallow: /member");
    expect(text).toContain("Disallow: /lottery");
    expect(text).toContain("Sitemap: http://portal.test/sitemap.xml");
    const xml = await (await run(() => sitemap.loader(args(getRequest("/sitemap.xml"))))).text();
    for (const path of ["/", "/register", "/live", "/casino", "/rng", "/arcade", "/table", "/lott", "/elott"])
      expect(xml).toContain(`<loc>http://portal.test${path}</loc>`);
    expect(xml).not.toContain("/member");
  });

  it("keep out exactly the private pages: the agent centre, contracts, feedback, payment confirmation and lottery lists, not their neighbours", async () => {
    const text = await (await run(() => robots.loader(args(getRequest("/robots.txt"))))).text();
    const allowed = robotsAllows(text);
    for (const path of [
      "/agent",
      "/agent/teamManagement",
      "/contracts",
      "/contracts/confirm",
      "/feedback",
      "/payment-confirmation",
      "/lottery-list/VN/3",
      "/lottery",
      "/lottery?gameCode=long_dragon",
      "/lottery/trend?gameCode=CQSSC",
      "/member/pointMall",
      "/seamless?url=x",
      "/games/launch",
    ])
      expect(allowed(path), path).toBe(false);
    for (const path of ["/", "/lott", "/elott", "/live", "/register", "/lottery2", "/agentur", "/feedbacks", "/members"])
      expect(allowed(path), path).toBe(true);
  });
});
