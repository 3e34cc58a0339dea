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

/** Paths that are a player's own or a step of a flow: never indexed. */
export const PRIVATE_PATHS = [
  "/member",
  "/games/",
  "/resources/",
  "/seamless",
  "/trial",
  "/lottery",
  "/seaLottery",
  "/login",
  "/logout",
  "/change-password",
  "/forgot-password",
] as const;
