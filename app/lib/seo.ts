/**
 * The search-indexable paths of document 001, section 2 — only single-segment paths, and only
 * those the portal serves today (later issues add /promotions, /help, /news, /download and /app
 * as they bring them). robots.txt and sitemap.xml read this list.
 */
export const INDEXABLE_PATHS = [
  "/",
  "/register",
  "/live",
  "/casino",
  "/sports",
  "/fish",
  "/pvp",
  "/rng",
  "/arcade",
  "/table",
  "/lott",
  "/elott",
] as const;

/**
 * Paths that are a player's own or a step of a flow: never indexed. A name ending in "/" keeps out
 * what lies under it; any other name keeps out that page exactly, with its query and what lies
 * under it — so "/lottery" does not also keep out "/lottery-list…" or "/lottery2".
 */
export const PRIVATE_PATHS = [
  "/member",
  "/agent",
  "/contracts",
  "/feedback",
  "/payment-confirmation",
  "/games/",
  "/resources/",
  "/seamless",
  "/trial",
  "/lottery",
  "/lottery-list/",
  "/seaLottery",
  "/login",
  "/logout",
  "/change-password",
  "/forgot-password",
] as const;

/** The Disallow rules of one private path, exact in the sense above ("$" ends a rule: RFC 9309 §2.2.3). */
export function disallowRules(path: string): string[] {
  return path.endsWith("/") ? [path] : [`${path}$`, `${path}?`, `${path}/`];
}
