/**
 * The content floor's rules (app/features/content/content.server.ts): what a banner's press does
 * by linkageType (document 001, section 3), the off-site address with a player's username, and
 * the notice viewer's page strip (seven numbers around the current page).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { BannerItem } from "~/operator/answers";
import type { VendorView } from "~/features/games/types";
import { startPortalEnv } from "../support/portal";

let content: typeof import("~/features/content/content.server");
let stripPages: typeof import("~/features/content/notices").stripPages;

beforeAll(async () => {
  await startPortalEnv();
  content = await import("~/features/content/content.server");
  ({ stripPages } = await import("~/features/content/notices"));
});

const banner = (over: Partial<BannerItem>): BannerItem => ({
  bannerId: "7",
  url: "https://cdn.example/b.png",
  title: "t",
  linkage: "",
  linkageType: "URL",
  vendor: null,
  nodeId: null,
  roomId: null,
  groupName: null,
  ...over,
});
const vendors = [{ code: "PG", gameType: "RNG" }] as VendorView[];

describe("a banner's press", () => {
  it("URL: a path of the portal is followed in place; an address off the site goes through /banner/{id}", () => {
    expect(content.bannerAction(banner({ linkage: "/register" }), vendors)).toEqual({ kind: "page", href: "/register" });
    expect(content.bannerAction(banner({ linkage: "https://example.com/x?a=1" }), vendors)).toEqual({
      kind: "away",
      href: "/banner/7",
      target: "https://example.com/x?a=1",
    });
  });

  it.each(["//evil.example", "javascript:alert(1)", "/\\evil.example", "data:text/html,x", "ftp://x", "/a b"])(
    "URL %s leads nowhere",
    (linkage) => {
      expect(content.bannerAction(banner({ linkage }), vendors)).toBeNull();
    },
  );

  it("P: the promotion's dialog on /promotions", () => {
    expect(content.bannerAction(banner({ linkageType: "P", linkage: "301" }), vendors)).toEqual({
      kind: "page",
      href: "/promotions?id=301",
    });
    expect(content.bannerAction(banner({ linkageType: "P", linkage: "../x" }), vendors)).toBeNull();
  });

  it("G: the Vietnamese lottery, the sea lottery in a window, the lottery, or the game's launch", () => {
    const g = (vendor: string, more: Partial<BannerItem> = {}) =>
      content.bannerAction(banner({ linkageType: "G", vendor, ...more }), vendors);
    expect(g("TCG_LOTTO_VN")).toEqual({ kind: "page", href: "/vnLottery" });
    expect(g("TCG_SEA")).toEqual({ kind: "window", href: "/seaLottery" });
    expect(g("LOTT")).toEqual({ kind: "page", href: "/lottery" });
    expect(g("ELOTT")).toEqual({ kind: "page", href: "/lottery" });
    expect(g("pg", { nodeId: "12", roomId: "3" })).toEqual({
      kind: "game",
      fields: { vendor: "PG", gameType: "RNG", newWindow: "1", nodeId: "12", roomId: "3" },
    });
    // A vendor the catalogue does not list cannot be launched.
    expect(g("NOPE")).toBeNull();
  });

  it("adds a player's username to the address off the site, and nothing for a guest", () => {
    expect(content.awayTarget("https://example.com/x?a=1", "player01")).toBe("https://example.com/x?a=1&username=player01");
    expect(content.awayTarget("https://example.com/x?a=1", undefined)).toBe("https://example.com/x?a=1");
    expect(content.awayTarget("https://example.com/x", "名字 &=")).toBe("https://example.com/x?username=%E5%90%8D%E5%AD%97+%26%3D");
  });
});

describe("the image format", () => {
  const req = (accept: string, data = false) => new Request(`http://x/${data ? "?_data=root" : ""}`, { headers: { Accept: accept } });
  it("follows what the browser accepts", () => {
    expect(content.imageFormatOf(req("text/html,image/avif,image/webp,*/*"))).toBe("avif");
    expect(content.imageFormatOf(req("text/html,image/webp,*/*"))).toBe("webp");
    expect(content.imageFormatOf(req("text/html,*/*"))).toBeUndefined();
    expect(content.imageFormatOf(req("*/*", true))).toBe("webp");
  });
});

describe("the notice viewer's page strip", () => {
  it("shows seven pages around the current one, all of them when there are fewer", () => {
    expect(stripPages(1, 3)).toEqual([1, 2, 3]);
    expect(stripPages(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(stripPages(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(stripPages(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(stripPages(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe("the jackpot without the operator's figure", () => {
  it("is a figure below 1e8, the same through a ten-second window and another in the next", async () => {
    const { maskedFigure, JACKPOT_CEILING } = await import("~/features/content/winners.server");
    const at = 1_764_000_000_000;
    const figure = maskedFigure(at);
    expect(figure).toBeGreaterThanOrEqual(1e7);
    expect(figure).toBeLessThan(JACKPOT_CEILING);
    expect(maskedFigure(at + 9_999 - (at % 10_000))).toBe(figure);
    expect(maskedFigure(at + 10_000)).not.toBe(figure);
    for (let i = 0; i < 1000; i++) expect(maskedFigure(at + i * 10_000)).toBeLessThan(JACKPOT_CEILING);
  });
});
