/**
 * Where games live in the URL (document 001, section 2): one lobby path per game type, the slot
 * lobby at /electron, the SEO paths that answer with a lobby, and the popup list of a vassalage
 * vendor. Menus, tabs, tiles and the routes all read this one table (the sitemap reads each route's
 * handle: app/lib/seo.ts).
 */
import type { GameType, SlotCategory } from "./types";

/** The lobby of each game type: the lowercased category, and /electron for slots. */
export const LOBBY_PATH: Record<GameType, string> = {
  LIVE: "/live",
  SPORTS: "/sports",
  FISH: "/fish",
  PVP: "/pvp",
  ESPORTS: "/esports",
  RNG: "/electron",
};

/**
 * Every path that answers with a lobby, with the game type it shows and, for the SEO paths that
 * name a slot category (arcade, table), that category as the default filter.
 */
export const LOBBY_ROUTES: Record<string, { gameType: GameType; category?: SlotCategory }> = {
  "/live": { gameType: "LIVE" },
  "/casino": { gameType: "LIVE" },
  "/sports": { gameType: "SPORTS" },
  "/fish": { gameType: "FISH" },
  "/pvp": { gameType: "PVP" },
  "/esports": { gameType: "ESPORTS" },
  "/electron": { gameType: "RNG" },
  "/rng": { gameType: "RNG" },
  "/arcade": { gameType: "RNG", category: "AC" },
  "/table": { gameType: "RNG", category: "TG" },
};

/** The slot lobby's pseudo-vendors (page=hot|recentGameList|favGameList). */
export const SLOT_TABS = ["hot", "recentGameList", "favGameList"] as const;
export type SlotTab = (typeof SLOT_TABS)[number];

export function lobbyHref(gameType: GameType, vendor?: string | null): string {
  const path = LOBBY_PATH[gameType];
  return vendor ? `${path}?page=${encodeURIComponent(vendor)}` : path;
}

/** A vassalage vendor's games open as a route-based dialog (a page without scripts). */
export function vendorGamesHref(vendor: string, pageNo = 1): string {
  const base = `/games/vendor/${encodeURIComponent(vendor)}`;
  return pageNo > 1 ? `${base}?pageNo=${pageNo}` : base;
}

/** The lobby's address with the given filters; empty ones are left out so addresses stay short. */
export function lobbyUrl(path: string, filters: { page?: string; type?: string; keyword?: string; pageNo?: number }): string {
  const params = new URLSearchParams();
  if (filters.page) params.set("page", filters.page);
  if (filters.type) params.set("type", filters.type);
  if (filters.keyword) params.set("keyword", filters.keyword);
  if (filters.pageNo && filters.pageNo > 1) params.set("pageNo", String(filters.pageNo));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
