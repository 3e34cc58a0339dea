// @vitest-environment jsdom
/**
 * The reference operator's content area: announcements by type, language, date window and image
 * format, one notice's page, promotion categories, the help centre, the winner board, the jackpot,
 * the customer-service script, the app resources and their pages, the artwork (well-formed SVG,
 * titles escaped) and the back-office helper with its reset. jsdom only parses the SVGs.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GAMES } from "../../server/operator/games/catalogue";
import { startReferenceOperator, type ReferenceOperator } from "../../server/operator/index";
import { call, launchBody, post, tokenFor } from "../support/operator-calls";

let op: ReferenceOperator;
beforeAll(async () => {
  op = await startReferenceOperator();
});
afterAll(() => op.close());
afterEach(async () => {
  vi.useRealTimers();
  expect((await helper({ reset: true })).success).toBe(true);
});

const LANGUAGES = ["zh_CN", "TW", "JA", "EN", "TH", "VI"];
const ALL = { types: "B,PL,PU,PR", platform: "W", execution: "B" };
const list = async (body: unknown = ALL, language = "EN", query = "", merchant = "demo") =>
  (await post(op, `/wps/relay/MCSFE_getListAnnouncements${query}`, body, { language, merchant })).value;
const relay = (operation: string, body: unknown = {}, language = "EN") => post(op, `/wps/relay/${operation}`, body, { language });
/** The back-office helper: no Merchant header, it acts on the operator's own merchant. */
const helper = (body: unknown) => post(op, "/__reference/announcements", body, { merchant: null });
const addItem = async (item: Record<string, unknown>) => {
  const json = await helper(item);
  expect(json.success, json.message).toBe(true);
  return json.value.id as number;
};
const svgOf = async (url: string) => {
  const response = await fetch(url);
  expect(response.headers.get("content-type")).toBe("image/svg+xml");
  const text = await response.text();
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
  return { response, text, root: doc.documentElement };
};
const GMT8 = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");

describe("content: announcements", () => {
  it("answers every type asked, with the seeded counts, newest notices first, all inside their dates", async () => {
    const value = await list();
    expect(Object.keys(value).sort()).toEqual(["banners", "player", "popup", "promotion"]);
    expect([value.banners.length, value.player.length, value.popup.length, value.promotion.length]).toEqual([5, 24, 2, 8]);
    expect(Math.ceil(value.player.length / 10)).toBe(3); // a 10-per-page viewer has three pages
    const now = Date.now();
    const starts = value.player.map((n: any) => n.startDate);
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect(now - Math.min(...starts)).toBeLessThan(60 * 24 * 3600_000);
    for (const n of [...value.player, ...value.popup, ...value.promotion]) {
      expect(n.startDate).toBeLessThanOrEqual(now);
      expect(n.endDate).toBeGreaterThanOrEqual(now);
      expect(n.startDateStr).toBe(GMT8(n.startDate));
      expect(n.title).not.toBe("");
      expect(n.content).toMatch(/^<(p|h3|table|ul|ol)>/);
      expect(n.content).not.toMatch(/<script|on\w+=/i);
    }
    expect(value.player.every((n: any) => n.announcementImages.length === 0)).toBe(true);
  });

  it("answers only the types asked (an empty array for the others), B,PL,PU when none are named", async () => {
    const some = await list({ ...ALL, types: "PL,PR" });
    expect([some.banners.length, some.player.length, some.popup.length, some.promotion.length]).toEqual([0, 24, 0, 8]);
    const none = await list({});
    expect([none.banners.length, none.player.length, none.popup.length, none.promotion.length]).toEqual([5, 24, 2, 0]);
    expect((await list({ ...ALL, groupName: "w_other" })).banners).toEqual([]);
    expect((await list({ ...ALL, groupName: "w_promotion" })).banners).toHaveLength(5);
  });

  it("answers in each of the six languages, and in Simplified Chinese for CN or an unknown language", async () => {
    const answers = await Promise.all(LANGUAGES.map((language) => list(ALL, language)));
    for (const pick of [(v: any) => v.banners[0].title, (v: any) => v.player[0].title, (v: any) => v.promotion[1].content]) {
      expect(new Set(answers.map(pick)).size).toBe(6);
    }
    expect(answers[0].player[0].title).toMatch(/[\u4e00-\u9fff]/);
    expect(answers[4].player[0].title).toMatch(/[\u0e00-\u0e7f]/);
    expect((await list(ALL, "CN")).player[0].title).toBe(answers[0].player[0].title);
    expect((await list(ALL, "xx")).player[0].title).toBe(answers[0].player[0].title);
  });

  it("gives each banner its linkage: internal and external URL, a promotion, the lottery, a game that launches", async () => {
    const { banners, promotion } = await list();
    expect(banners.map((b: any) => [b.bannerId, b.linkageType, b.linkage])).toEqual([
      [101, "URL", "/register"],
      [102, "URL", "https://example.com/news"],
      [103, "P", "3002"],
      [104, "G", "/lottery"],
      [105, "G", "DGL001"],
    ]);
    expect(banners.every((b: any) => b.groupName === "w_promotion")).toBe(true);
    expect(promotion.map((p: any) => p.id)).toContain(3002);
    expect(banners[3].vendor).toBe("LOTT");
    const game = banners[4];
    expect(game).toMatchObject({ vendor: "DGL", nodeId: "10001", roomId: "DGL-R001" });
    const token = await tokenFor(op, "player01", "Player123");
    const { vendor, nodeId, roomId } = game;
    const launched = await post(op, "/wps/game/launchGame", launchBody({ vendor, nodeId, roomId }), { token });
    expect(launched.success, launched.message).toBe(true);
    expect(launched.value.content.game_url).toContain("/demo-game/");
  });

  it("gives promotions their type, redirect, category and one picture; ids apart from the notices'", async () => {
    const { player, popup, promotion } = await list();
    const types = ["LOGIN", "REGISTER", "SAVIOR", "DEPOSIT", "FIRST_DEPOSIT", "DEPOSIT_COUNT", "MISSION", "REFERRAL", "UPGRADE_BONUS"];
    const redirects = [
      "APP_DOWNLOAD",
      "REGISTER",
      "DEPOSIT",
      "REWARD_CENTER",
      "MISSION",
      "INVITE_FRIENDS",
      "MEMBER",
      "POINT_MARKET",
      "REDIRECT_URL",
    ];
    for (const p of promotion) {
      expect(types).toContain(p.promotionType);
      expect(redirects).toContain(p.redirect);
      expect(["NEW", "DEPOSIT", "REBATE", "VIP"]).toContain(p.category);
      expect(p.announcementImages).toEqual([{ imageId: expect.any(Number), url: `${op.url}/demo-content/promotions/${p.id}.svg?lang=EN` }]);
    }
    expect(promotion.filter((p: any) => p.redirect === "REDIRECT_URL").map((p: any) => p.externalLink)).toEqual([
      "https://example.com/vip-club",
    ]);
    expect(popup.map((p: any) => p.redirect)).toEqual(["REGISTER", "APP_DOWNLOAD"]);
    const ids = [...player, ...popup, ...promotion].map((n: any) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps the image format asked in the artwork URLs (and drops one it does not know)", async () => {
    for (const ext of ["webp", "avif"]) {
      const { banners, promotion } = await list(ALL, "TH", `?ext=${ext}`);
      expect(banners[0].url).toBe(`${op.url}/demo-content/banners/101.svg?lang=TH&ext=${ext}`);
      expect(promotion[0].announcementImages[0].url).toMatch(new RegExp(`\\?lang=TH&ext=${ext}$`));
    }
    expect((await list(ALL, "EN", "?ext=gif")).banners[0].url).toBe(`${op.url}/demo-content/banners/101.svg?lang=EN`);
  });

  it("shows an item only between its start and end (the clock moved, never waited for)", async () => {
    const now = Date.now();
    const id = await addItem({ kind: "notice", title: "Later", content: "<p>x</p>", startDate: now + 3600_000, endDate: now + 7200_000 });
    const ids = async () => (await list({ types: "PL" })).player.map((n: any) => n.id);
    expect(await ids()).not.toContain(id);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now + 5400_000);
    expect((await ids())[0]).toBe(id);
    vi.setSystemTime(now + 8000_000);
    expect(await ids()).not.toContain(id);
  });

  it("answers one notice in full by id, a bad id with 400, an unknown or hidden one as not found", async () => {
    const { promotion } = await list(ALL, "JA");
    const json = await relay("MCSFE_getAnnouncementContent", { id: promotion[0].id }, "JA");
    expect(json).toMatchObject({ success: true, value: promotion[0] });
    expect((await relay("MCSFE_getAnnouncementContent", { id: String(promotion[0].id) }, "VI")).value.title).not.toBe(promotion[0].title);
    for (const id of [undefined, 0, -3, 1.5, "abc", null]) {
      const bad = await post(op, "/wps/relay/MCSFE_getAnnouncementContent", { id });
      expect(bad).toMatchObject({ success: false, errorCode: "request.invalid" });
    }
    for (const id of [999_999, 101, 11_001]) {
      // Unknown, a banner (no page of its own), the second merchant's.
      expect(await relay("MCSFE_getAnnouncementContent", { id })).toMatchObject({ success: false, errorCode: "announcement.not.found" });
    }
  });

  it("names the promotion categories in the language, and lists the promotions a guest may see", async () => {
    const names = await Promise.all(LANGUAGES.map(async (l) => (await relay("PROMOFE_getPromotionAnnouncementCategory", {}, l)).value));
    for (const value of names) expect(value.map((c: any) => c.code)).toEqual(["ALL", "NEW", "DEPOSIT", "REBATE", "VIP"]);
    expect(new Set(names.map((v) => v[2].name)).size).toBe(6);
    const { promotion } = await list();
    const { value } = await relay("MCSFE_getMerchantAvailablePromotions");
    expect(value.promotions).toEqual(promotion.map((p: any) => ({ id: p.id, title: p.title, promotionType: p.promotionType })));
  });

  it("keeps the second merchant's items apart", async () => {
    const other = await list(ALL, "EN", "", "demo2");
    expect(other.banners.map((b: any) => b.bannerId)).toEqual([10101, 10102, 10103, 10104, 10105]);
    expect(other.banners[2].linkage).toBe("13002");
  });
});

describe("content: help, winners, jackpot, script", () => {
  const help = async (query: string, language?: string) => (await call(op, `/wps/system/helpCenter${query}`, { language })).value;

  it("answers the help tree in the language of the query, else the header, else Simplified Chinese", async () => {
    const tree = await help("?language=EN&device=WEB");
    const tags = (items: any[]): unknown[] => items.map((i) => (i.children.length ? [i.tag, tags(i.children)] : i.tag));
    expect(tags(tree)).toEqual([
      "register",
      ["deposit", ["deposit-bank", "deposit-ewallet"]],
      ["withdraw", ["withdraw-time", "withdraw-limits"]],
      "security",
      "responsible-gaming",
      ["faq", ["faq-password", "faq-wagering", "faq-game-stuck"]],
      "about",
    ]);
    expect(tree[0]).toMatchObject({ title: "Registering", bgColor: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    expect(tree[1].children[0].content).toMatch(/^<ol>/);
    const titles = await Promise.all(["CN", "TW", "JA", "EN", "TH", "VI"].map(async (l) => (await help(`?language=${l}`))[5].title));
    expect(new Set(titles).size).toBe(6);
    expect((await help("", "TH"))[0].title).toBe((await help("?language=TH"))[0].title);
    expect((await help("", "xx"))[0].title).toBe("注册账户");
  });

  it("ranks the winner board by amount, limits it, masks names and names real games in the language", async () => {
    const board = async (body: unknown, language = "EN") => (await relay("ODSFE2_getWinnerBoard", body, language)).value.list;
    const all = await board({});
    expect(all).toHaveLength(30);
    expect(all.map((r: any) => r.rank)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const amounts = all.map((r: any) => r.vo.winAmount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    for (const { vo } of all) {
      expect(vo.username).toMatch(/^[a-z]{2}\*\*\*\d{2}$/);
      expect(Math.round(vo.winAmount * 100) / 100).toBe(vo.winAmount);
      expect(vo.currency).toBe("CNY");
      expect(GAMES.some((g) => g.names.en === vo.gameName && g.vendor === vo.vendor)).toBe(true);
    }
    expect(await board({ limitNum: 5 })).toEqual(all.slice(0, 5));
    expect(await board({ limitNum: 500 })).toHaveLength(30);
    const ja = await board({ language: "JA", limitNum: 1 });
    expect(GAMES.some((g) => g.names.ja === ja[0].vo.gameName)).toBe(true);
    const live = await board({ gameCategory: "LIVE" });
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((r: any) => GAMES.find((g) => g.vendor === r.vo.vendor)?.gameType === "LIVE")).toBe(true);
  });

  it("grows the jackpot with time, deterministically and below 100 million", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const at = Date.now() + 3600_000;
    vi.setSystemTime(at);
    const first = (await relay("VIS_getJackpot")).value;
    vi.setSystemTime(at + 60_000);
    const later = (await relay("VIS_getJackpot")).value;
    expect(first).toMatchObject({ currency: "CNY", updatedAt: at });
    expect(later.updatedAt).toBe(at + 60_000);
    expect(Math.round((later.amount - first.amount) * 100)).toBe(60 * 1234);
    vi.setSystemTime(at + 29 * 24 * 3600_000);
    expect((await relay("VIS_getJackpot")).value.amount).toBeLessThan(1e8);
  });

  it("hands out no customer-service script", async () => {
    expect(await relay("WPSCORE_getCustomerServiceScript")).toMatchObject({ success: true, value: { script: "" } });
  });
});

describe("content: app resources, artwork and the back-office helper", () => {
  it("lists the app resources in the consolidated settings, with the install guide in the language", async () => {
    const settings = (await call(op, "/wps/system/settings/consolidated", { language: "VI" })).value;
    const base = `${op.url}/demo-content`;
    expect(settings.resources).toEqual([
      { resourceType: "IOS", url: `${base}/app/ios`, qrCodeUrl: "" },
      { resourceType: "Android", url: `${base}/app/android`, qrCodeUrl: "" },
      { resourceType: "H5", url: `${base}/app/h5`, qrCodeUrl: "" },
      { resourceType: "SpeedTest", url: "/speed-test", qrCodeUrl: "" },
      { resourceType: "WECHAT", url: "", qrCodeUrl: `${base}/qr/wechat.svg` },
      { resourceType: "QQ", url: "https://qm.qq.com/q/demo-portal", qrCodeUrl: "" },
    ]);
    expect(settings.downloadGuide.map((s: any) => s.step)).toEqual([1, 2, 3, 4, 5, 6]);
    const en = (await call(op, "/wps/system/settings/consolidated", { language: "EN" })).value.downloadGuide;
    expect(en[0].title).toBe("Open the download page");
    expect(settings.downloadGuide[0].title).not.toBe(en[0].title);
    for (const r of settings.resources.slice(0, 3)) {
      const page = await fetch(r.url);
      expect([page.status, page.headers.get("content-type")]).toEqual([200, "text/html; charset=utf-8"]);
    }
    expect((await fetch(`${base}/app/windows`)).status).toBe(404);
    const ping = await fetch(`${base}/ping.txt`);
    expect([ping.headers.get("access-control-allow-origin"), ping.headers.get("cache-control")]).toEqual(["*", "no-store"]);
    expect((await svgOf(`${base}/qr/wechat.svg`)).root.getAttribute("width")).toBe("250");
  });

  it("draws the artwork well-formed, sized, in the language asked, and 404 for an unknown id", async () => {
    const banner = await svgOf(`${op.url}/demo-content/banners/101.svg?lang=JA&ext=avif`);
    expect([banner.root.getAttribute("width"), banner.root.getAttribute("height")]).toEqual(["1200", "400"]);
    expect(banner.response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(banner.text).toContain("linearGradient");
    expect(banner.root.textContent).toContain("ボーナス");
    const promo = await svgOf(`${op.url}/demo-content/promotions/3001.svg?lang=TH`);
    expect(promo.root.getAttribute("width")).toBe("800");
    expect(promo.root.textContent).toMatch(/[\u0e00-\u0e7f]/);
    expect((await fetch(`${op.url}/demo-content/banners/999.svg`)).status).toBe(404);
    expect((await fetch(`${op.url}/demo-content/promotions/1001.svg`)).status).toBe(404); // a player notice has none
  });

  it("adds an item in every language exactly as given, escapes its title in the artwork, and resets", async () => {
    const hostile = `<p>Hi</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>`;
    const id = await addItem({
      kind: "promotion",
      title: `Tom & "Jerry" <b>`,
      content: hostile,
      promotionType: "DEPOSIT",
      category: "VIP",
    });
    for (const language of ["zh_CN", "TH"]) {
      const found = (await list(ALL, language)).promotion.find((p: any) => p.id === id);
      expect(found).toMatchObject({ title: `Tom & "Jerry" <b>`, content: hostile, promotionType: "DEPOSIT", category: "VIP" });
    }
    const art = await svgOf(`${op.url}/demo-content/promotions/${id}.svg?lang=EN`);
    expect(art.text).toContain("Tom &amp; &quot;Jerry&quot; &lt;b&gt;");
    expect(art.root.getElementsByTagName("b")).toHaveLength(0);
    const bannerId = await addItem({ kind: "banner", title: '<&"', linkageType: "G", linkage: "/lottery", vendor: "LOTT" });
    const banner = (await list()).banners.find((b: any) => b.bannerId === bannerId);
    expect(banner).toMatchObject({ title: '<&"', linkageType: "G", vendor: "LOTT", groupName: "w_promotion" });
    expect((await svgOf(banner.url)).text).toContain("&lt;&amp;&quot;");

    await helper({ reset: true });
    const after = await list();
    expect([after.banners.length, after.promotion.length]).toEqual([5, 8]);
    expect(after.promotion.some((p: any) => p.id === id)).toBe(false);
  });

  it("marks each publicity pop-up with its execution (F: a first login, A: every login), and removes what a journey added", async () => {
    const seeded = (await list()).popup.map((p: any) => [p.id, p.execution, p.redirect]);
    expect(seeded).toEqual([
      [2001, "F", "REGISTER"],
      [2002, "A", "APP_DOWNLOAD"],
    ]);
    const id = await addItem({ kind: "popup", title: "Every login", execution: "A" });
    expect((await list()).popup.find((p: any) => p.id === id)).toMatchObject({ title: "Every login", execution: "A" });
    expect((await helper({ remove: [id, "x"] })).success).toBe(true);
    expect((await list()).popup.map((p: any) => p.id)).toEqual([2001, 2002]);
  });

  it("refuses a helper body it cannot store, and one over 64 KiB", async () => {
    const bodies = [
      {},
      { kind: "news", title: "x" },
      { kind: "notice" },
      { kind: "banner", title: "x", linkageType: "Z" },
      { kind: "popup", title: "x", execution: "B" },
    ];
    for (const body of [...bodies, { kind: "notice", title: "x", startDate: "soon" }]) {
      expect(await helper(body), JSON.stringify(body)).toMatchObject({ success: false, errorCode: "request.invalid" });
    }
    const big = await helper({ kind: "notice", title: "big", content: "x".repeat(70_000) });
    expect(big).toMatchObject({ success: false, errorCode: "request.too.large" });
  });
});
