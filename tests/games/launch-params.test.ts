/**
 * The launch rules of document 001 (sections 3 to 5) as pure functions: platform, language,
 * launch CDN, what counts as a game address, the parameters sent, the posted form's schema, the
 * maintenance times and the recommendation slides.
 */
import { describe, expect, it } from "vitest";
import {
  cdnOrigins,
  formatMaintenanceTime,
  gameLanguage,
  httpUrl,
  launchFailedHref,
  launchParams,
  launchPlatform,
  onLaunchCdn,
  slideOf,
  type LaunchGame,
} from "~/features/games/launch";
import { launchFormValues, launchSchema } from "~/features/games/launch-schema";

describe("platform", () => {
  it.each([
    ["PT", "LIVE"],
    ["PT", "FISH"],
    ["PTSS", "LIVE"],
    ["PTSS", "FISH"],
    ["DG", "LIVE"],
    ["DG", "FISH"],
    ["dg", "live"],
  ])("%s %s launches as flash", (vendor, gameType) => {
    expect(launchPlatform(vendor, gameType)).toBe("flash");
  });

  it.each([
    ["PT", "RNG"],
    ["PT", "SPORTS"],
    ["DG", "PVP"],
    ["AG", "LIVE"],
    ["JDB", "FISH"],
    ["PTX", "LIVE"],
    ["", "LIVE"],
  ])("%s %s launches as html5-desktop", (vendor, gameType) => {
    expect(launchPlatform(vendor, gameType)).toBe("html5-desktop");
  });
});

describe("game language", () => {
  it("falls back to CN when the saved language is zh_CN or empty", () => {
    expect(gameLanguage("zh_CN")).toBe("CN");
    expect(gameLanguage("")).toBe("CN");
    expect(gameLanguage("  ")).toBe("CN");
    expect(gameLanguage(null)).toBe("CN");
    expect(gameLanguage(undefined)).toBe("CN");
  });

  it("keeps each of the portal's six languages", () => {
    for (const lng of ["CN", "TW", "JA", "EN", "TH", "VI"]) expect(gameLanguage(lng)).toBe(lng);
  });

  it("sends no unknown code on to the vendor: CN", () => {
    expect(gameLanguage("RU")).toBe("CN");
    expect(gameLanguage("en")).toBe("CN");
    expect(gameLanguage("zh_TW")).toBe("CN");
  });
});

describe("launch parameters", () => {
  const game: LaunchGame = { vendor: "PT", gameType: "LIVE", gameId: "g-1", nodeId: "n_2", sourceType: "HOT", marketingDetailId: "77" };
  const ctx = { language: "EN", merchantCode: "demo", username: "player01", backUrl: "https://portal.example/live?page=PT" };

  it("a real launch: accountType 1, confirmTrans 0, GLS, clientType 3, the vendor as vassalage, flash for PT live", () => {
    expect(launchParams(game, { ...ctx, accountType: 1 })).toEqual({
      accountType: 1,
      confirmTrans: 0,
      vassalage: "PT",
      gameType: "LIVE",
      launchMode: "GLS",
      platform: "flash",
      clientType: 3,
      language: "EN",
      merchantCode: "demo",
      backUrl: "https://portal.example/live?page=PT",
      gameId: "g-1",
      nodeId: "n_2",
      sourceType: "HOT",
      marketingDetailId: "77",
      username: "player01",
    });
  });

  it("a trial: accountType 0, no username; never a token", () => {
    const params = launchParams({ vendor: "PG", gameType: "RNG", roomId: "r1" }, { ...ctx, accountType: 0, language: "zh_CN" });
    expect(params).toMatchObject({ accountType: 0, platform: "html5-desktop", language: "CN", roomId: "r1" });
    expect(params).not.toHaveProperty("username");
    expect(params).not.toHaveProperty("gameId");
    expect(Object.keys(params)).not.toContain("token");
  });
});

describe("game address", () => {
  it("is an absolute http(s) URL, nothing else", () => {
    expect(httpUrl("https://games.example/play?t=1")?.toString()).toBe("https://games.example/play?t=1");
    expect(httpUrl("http://127.0.0.1:4010/demo/game?ticket=x")?.host).toBe("127.0.0.1:4010");
    for (const bad of [
      "javascript:alert(1)",
      "data:text/html,x",
      "/relative/path",
      "//games.example/x",
      "ftp://x/y",
      "",
      null,
      "not a url",
    ]) {
      expect(httpUrl(bad), String(bad)).toBeNull();
    }
  });
});

describe("launch CDN", () => {
  const game = new URL("https://origin.vendor.example:8443/launch/index.html?ticket=abc#start");

  it("keeps the operator's address when there is no usable CDN", () => {
    expect(onLaunchCdn(game, [])).toBe(game.toString());
    expect(onLaunchCdn(game, null)).toBe(game.toString());
    expect(onLaunchCdn(game, ["", "javascript:alert(1)", "ftp://cdn.example", 42])).toBe(game.toString());
  });

  it("replaces scheme, host and port with a CDN's, keeping path, query and fragment", () => {
    expect(onLaunchCdn(game, ["http://cdn1.example:8080"])).toBe("http://cdn1.example:8080/launch/index.html?ticket=abc#start");
  });

  it("reads a bare host as https and ignores a path on the entry", () => {
    expect(cdnOrigins(["cdn2.example", "https://cdn3.example/some/path/", " https://cdn3.example "])).toEqual([
      "https://cdn2.example",
      "https://cdn3.example",
    ]);
    expect(onLaunchCdn(game, ["cdn2.example"])).toBe("https://cdn2.example/launch/index.html?ticket=abc#start");
  });

  it("chooses uniformly at random among the usable entries", () => {
    const cdns = ["https://a.example", "bad entry with spaces", "https://b.example", "https://c.example"];
    expect(new URL(onLaunchCdn(game, cdns, () => 0)).origin).toBe("https://a.example");
    expect(new URL(onLaunchCdn(game, cdns, () => 0.34)).origin).toBe("https://b.example");
    expect(new URL(onLaunchCdn(game, cdns, () => 0.67)).origin).toBe("https://c.example");
    expect(new URL(onLaunchCdn(game, cdns, () => 0.999999)).origin).toBe("https://c.example");
    // A random source that reaches 1 still picks the last one.
    expect(new URL(onLaunchCdn(game, cdns, () => 1)).origin).toBe("https://c.example");
    const seen = new Set(Array.from({ length: 200 }, () => new URL(onLaunchCdn(game, cdns)).origin));
    expect([...seen].sort()).toEqual(["https://a.example", "https://b.example", "https://c.example"]);
  });
});

describe("maintenance times", () => {
  it("shows the operator's wall-clock time in the player's language, with its offset", () => {
    expect(formatMaintenanceTime("2026-11-22T14:00:00+08:00", "EN")).toBe("11/22/2026, 14:00 (UTC+08:00)");
    expect(formatMaintenanceTime("2026-11-22T06:30:00Z", "CN")).toBe("2026/11/22 06:30 (UTC+00:00)");
    expect(formatMaintenanceTime("2026-11-22 14:00:00", "JA")).toBe("2026/11/22 14:00");
    expect(formatMaintenanceTime("2026-11-22T14:00:00+0700", "TH")).toMatch(/14:00 \(UTC\+07:00\)$/);
    expect(formatMaintenanceTime("2026-11-22T14:00:00+08:00", "VI")).toBe("14:00 22/11/2026 (UTC+08:00)");
  });

  it("is null for what is not a time", () => {
    for (const bad of ["", null, undefined, "soon", "<script>", "2026-13-45T99:99:99Z", "x".repeat(100)]) {
      expect(formatMaintenanceTime(bad, "EN"), String(bad)).toBeNull();
    }
  });
});

describe("recommendation slides", () => {
  const games = Array.from({ length: 30 }, (_, i) => i + 1);

  it("pages of 12, the slide number kept in range", () => {
    expect(slideOf(games, 1)).toEqual({ items: games.slice(0, 12), slide: 1, slides: 3 });
    expect(slideOf(games, 3).items).toEqual([25, 26, 27, 28, 29, 30]);
    expect(slideOf(games, 9).slide).toBe(3);
    expect(slideOf(games, 0).slide).toBe(1);
    expect(slideOf(games, Number("abc")).slide).toBe(1);
    expect(slideOf([], 2)).toEqual({ items: [], slide: 1, slides: 1 });
  });
});

describe("the posted form", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.append(k, v);
    return launchSchema.safeParse(launchFormValues(data));
  };

  it("takes a tile's fields, empty ids as absent", () => {
    const parsed = form({
      vendor: "PG",
      gameType: "rng",
      gameId: "pg-1",
      roomId: "",
      nodeId: "n1",
      newWindow: "0",
      backTo: "/electron?page=PG",
    });
    expect(parsed.success && parsed.data).toMatchObject({ vendor: "PG", gameType: "RNG", gameId: "pg-1", newWindow: "0", intent: "play" });
    expect(parsed.success && parsed.data.roomId).toBeUndefined();
  });

  it("refuses what no tile sends", () => {
    expect(form({ gameType: "RNG", gameId: "1" }).success).toBe(false);
    expect(form({ vendor: "PG", gameType: "CASINO", gameId: "1" }).success).toBe(false);
    expect(form({ vendor: "P G", gameType: "RNG" }).success).toBe(false);
    expect(form({ vendor: "PG", gameType: "RNG", gameId: "1'; DROP TABLE" }).success).toBe(false);
    expect(form({ vendor: "PG", gameType: "RNG", gameId: "x".repeat(65) }).success).toBe(false);
    expect(form({ vendor: "PG", gameType: "RNG", newWindow: "yes" }).success).toBe(false);
    expect(form({ vendor: "PG", gameType: "RNG", intent: "admin" }).success).toBe(false);
    expect(form({ vendor: "PG", gameType: "RNG", backTo: "/".repeat(3000) }).success).toBe(false);
    expect(form({ vendor: "ＰＧ", gameType: "RNG" }).success).toBe(false);
  });
});

describe("failure dialog address", () => {
  it("carries display data only, empty parts left out", () => {
    expect(
      launchFailedHref("maintenance", { vendor: "PG", start: "2026-11-22T14:00:00+08:00", end: null, backTo: "/electron?page=PG" }),
    ).toBe("/games/launch-failed?reason=maintenance&vendor=PG&start=2026-11-22T14%3A00%3A00%2B08%3A00&backTo=%2Felectron%3Fpage%3DPG");
  });
});
