/**
 * robots.txt and sitemap.xml follow each route's handle (decision 039): over the real route
 * table (tests/support/server-build.ts reads it as the compiler does), and over small tables
 * that show what a new route gets when it says nothing.
 */
import { routes } from "@remix-run/dev/server-build";
import { describe, expect, it } from "vitest";
import { indexablePaths, privatePaths, type SeoHandle, type SeoRoutes } from "~/lib/seo";
import * as robots from "~/routes/robots[.]txt";
import * as sitemap from "~/routes/sitemap[.]xml";
import { args, getRequest, run } from "../support/portal";
import { robotsAllows } from "../support/robots";

type Route = NonNullable<SeoRoutes[string]>;

/** The URL a route answers at, its parameters filled in; null for the root and pathless layouts. */
function urlOf(table: SeoRoutes, route: Route): string | null {
  if (route.id === "root" || (route.path === undefined && !route.index)) return null;
  const segments: string[] = [];
  for (let r: Route | undefined = route; r && r.id !== "root"; r = r.parentId ? table[r.parentId] : undefined)
    segments.unshift(...(r.path ?? "").split("/").filter(Boolean));
  return `/${segments.map((s) => (s === "*" ? "anything/else" : s.startsWith(":") ? `${s.slice(1)}1` : s)).join("/")}`;
}

const seoOf = (route: Route) => (route.module.handle as SeoHandle | undefined)?.seo;

async function robotsTxt() {
  return (await run(() => robots.loader(args(getRequest("/robots.txt"))))).text();
}

async function sitemapLocs() {
  const xml = await (await run(() => sitemap.loader(args(getRequest("/sitemap.xml"))))).text();
  return [...xml.matchAll(/<loc>http:\/\/portal\.test([^<]*)<\/loc>/g)].map((m) => m[1]);
}

describe("the route table decides", () => {
  const table = routes as SeoRoutes;
  const all = Object.values(table).filter((r): r is Route => r !== undefined);

  it("sitemap.xml lists every route whose handle says seo: { index: true }, and no other", async () => {
    const indexable = all
      .filter((r) => {
        const seo = seoOf(r);
        return seo !== undefined && "index" in seo;
      })
      .map((r) => urlOf(table, r));
    expect(indexable.length).toBeGreaterThan(10);
    expect((await sitemapLocs()).sort()).toEqual([...new Set(indexable)].sort());
  });

  it("robots.txt keeps out every route whose handle says nothing, and lets crawlers reach every other", async () => {
    const allowed = robotsAllows(await robotsTxt());
    const checked = all.flatMap((route) => {
      const url = urlOf(table, route);
      return url === null ? [] : [{ url, open: seoOf(route) !== undefined }];
    });
    expect(checked.filter((c) => !c.open).length).toBeGreaterThan(50);
    for (const { url, open } of checked) {
      expect(allowed(url), url).toBe(open);
      if (!open) expect(allowed(`${url}?page=2`), `${url}?page=2`).toBe(false);
    }
  });
});

describe("a route's handle", () => {
  const route = (id: string, path: string | undefined, seo?: object, parentId = "root", index = false): Route => ({
    id,
    parentId,
    path,
    index,
    module: { handle: seo ? { i18n: "common", seo } : { i18n: "common" } },
  });
  const tableOf = (...list: Route[]): SeoRoutes =>
    Object.fromEntries([{ id: "root", path: "", module: {} }, ...list].map((r) => [r.id, r]));
  const home = route("routes/_index", undefined, { index: true }, "root", true);

  it("leaves a new route private until it says otherwise", () => {
    const bare = tableOf(home, route("routes/promotions", "promotions"));
    expect(privatePaths(bare)).toEqual(["/promotions"]);
    expect(indexablePaths(bare)).toEqual(["/"]);

    const indexed = tableOf(home, route("routes/promotions", "promotions", { index: true }));
    expect(privatePaths(indexed)).toEqual([]);
    expect(indexablePaths(indexed)).toEqual(["/", "/promotions"]);

    const crawled = tableOf(home, route("routes/promotions", "promotions", { crawl: true }));
    expect(privatePaths(crawled)).toEqual([]);
    expect(indexablePaths(crawled)).toEqual(["/"]);
  });

  it("names a private subtree once: the page when one answers at its top, else the folder", () => {
    const table = tableOf(
      home,
      route("routes/vip", "vip"),
      route("routes/vip.levels", "levels", undefined, "routes/vip"),
      route("routes/tools+/a", "tools/a"),
      route("routes/tools+/b.$id", "tools/b/:id"),
      route("routes/news+/index", "news", { index: true }),
      route("routes/news+/draft", "news/draft"),
    );
    expect(privatePaths(table)).toEqual(["/news/draft", "/tools/", "/vip"]);
    expect(indexablePaths(table)).toEqual(["/", "/news"]);
  });

  it("refuses what robots.txt or the sitemap cannot say", () => {
    expect(() => indexablePaths(tableOf(home, route("routes/news.$slug", "news/:slug", { index: true })))).toThrow(/without parameters/);
    expect(() =>
      privatePaths(tableOf(home, route("routes/lottery", "lottery"), route("routes/lottery.trend", "lottery/trend", { crawl: true }))),
    ).toThrow(/private, yet/);
    expect(() => privatePaths(tableOf(home, route("routes/$slug", ":slug"), route("routes/about", "about", { crawl: true })))).toThrow(
      /parameter/,
    );
    for (const typo of [{ index: false }, { private: true }, { index: true, crawl: true }, "index"])
      expect(() => indexablePaths(tableOf(home, route("routes/x", "x", typo as object))), JSON.stringify(typo)).toThrow(/handle\.seo/);
  });
});
