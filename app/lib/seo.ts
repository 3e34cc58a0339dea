import { z } from "zod";

/**
 * What a route tells search engines, as `seo` in its handle (`export const handle = { seo: { index: true } }`):
 * - `{ index: true }`: an indexable page of document 001, section 2 — sitemap.xml lists it;
 * - `{ crawl: true }`: crawlers may fetch it but the sitemap leaves it out (a redirect, a file, a
 *   lobby the document does not name);
 * - nothing: private, a player's own page or a step of a flow — robots.txt keeps it out. A new
 *   route is private until its handle says otherwise, so forgetting can only hide a page.
 * robots.txt and sitemap.xml read these from the server build's route table (decision 039).
 */
const routeSeoSchema = z.union([z.object({ index: z.literal(true) }).strict(), z.object({ crawl: z.literal(true) }).strict()]);
export type RouteSeo = z.infer<typeof routeSeoSchema>;
export interface SeoHandle {
  seo?: RouteSeo;
}

/** The server build's route table (`routes` of @remix-run/dev/server-build), as far as SEO reads it. */
export type SeoRoutes = Record<
  string,
  { id: string; parentId?: string; path?: string; index?: boolean; module: { handle?: unknown } } | undefined
>;

interface Page {
  id: string;
  segments: string[];
  seo: RouteSeo | undefined;
}

const isParam = (segment: string) => /^[:*]|\?$/.test(segment);
const pathOf = (segments: string[]) => `/${segments.join("/")}`;

/** Every route that answers at a URL of its own (pathless layouts and the root do not), with its full path. */
function pages(routes: SeoRoutes): Page[] {
  const segmentsOf = (id: string | undefined): string[] => {
    const route = id ? routes[id] : undefined;
    if (!route || route.id === "root") return [];
    return [...segmentsOf(route.parentId), ...(route.path ?? "").split("/").filter(Boolean)];
  };
  return Object.values(routes).flatMap((route) => {
    if (!route || route.id === "root" || (route.path === undefined && !route.index)) return [];
    const handle = route.module.handle as { seo?: unknown } | undefined;
    const seo = routeSeoSchema.optional().safeParse(handle?.seo);
    if (!seo.success) throw new Error(`${route.id}: handle.seo must be { index: true }, { crawl: true } or left out`);
    return [{ id: route.id, segments: segmentsOf(route.id), seo: seo.data }];
  });
}

/** A build's route table never changes: what is read from it is worked out once per table (about 1 ms). */
function oncePerTable(read: (routes: SeoRoutes) => string[]): (routes: SeoRoutes) => readonly string[] {
  const answers = new WeakMap<SeoRoutes, readonly string[]>();
  return (routes) => {
    const known = answers.get(routes);
    if (known) return known;
    const answer = read(routes);
    answers.set(routes, answer);
    return answer;
  };
}

/** The paths sitemap.xml lists: every route whose handle says `seo: { index: true }`, "/" first. */
export const indexablePaths = oncePerTable((routes) => {
  const paths = new Set<string>();
  for (const page of pages(routes)) {
    if (!page.seo || !("index" in page.seo)) continue;
    if (page.segments.some(isParam)) throw new Error(`${page.id}: an indexable route names one page, without parameters`);
    paths.add(pathOf(page.segments));
  }
  return [...paths].sort();
});

/**
 * The private paths robots.txt keeps out, each named as `disallowRules` reads it: the shortest
 * prefix under which every route is private — the path itself when a route answers there
 * ("/member", "/login"), else the folder ("/games/", "/lottery-list/").
 */
export const privatePaths = oncePerTable((routes) => {
  const all = pages(routes);
  const found: string[] = [];
  const visit = (prefix: string[]) => {
    const inside = all.filter((page) => prefix.every((segment, i) => page.segments[i] === segment));
    const here = inside.filter((page) => page.segments.length === prefix.length);
    if (prefix.length > 0 && inside.every((page) => !page.seo)) {
      if (prefix.some(isParam))
        throw new Error(`${pathOf(prefix)}: a private path with a parameter beside open ones cannot be named in robots.txt`);
      found.push(here.length > 0 ? pathOf(prefix) : `${pathOf(prefix)}/`);
      return;
    }
    const closed = here.find((page) => !page.seo);
    if (closed) throw new Error(`${closed.id}: private, yet routes under ${pathOf(prefix)} are open to crawlers`);
    const next = new Set(inside.filter((page) => page.segments.length > prefix.length).map((page) => page.segments[prefix.length]));
    for (const segment of [...next].sort()) visit([...prefix, segment]);
  };
  visit([]);
  return found;
});

/**
 * The Disallow rules of one private path. A name ending in "/" keeps out what lies under it; any
 * other name keeps out that page exactly, with its query and what lies under it — so "/lottery"
 * does not also keep out "/lottery-list…" or "/lottery2" ("$" ends a rule: RFC 9309 §2.2.3).
 */
export function disallowRules(path: string): string[] {
  return path.endsWith("/") ? [path] : [`${path}$`, `${path}?`, `${path}/`];
}
