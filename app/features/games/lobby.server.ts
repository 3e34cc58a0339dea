/**
 * A lobby page (document 001, section 2, screen 7): the vendor tabs of one game type, for slots
 * the hot, recent and favourite tabs, the category filter, the name search and one page of 40
 * games. Every filter is in the URL (?page=<vendor|tab>&type=<category>&keyword=…&pageNo=…), so
 * a lobby bookmarks, goes back and works without scripts.
 */
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { bindOperator, type BoundOperator } from "~/operator/operator.server";
import { getLocale } from "~/i18n/i18n.server";
import { getSession } from "~/server/session.server";
import { requirePlayer } from "~/server/gate.server";
import { pageOfList } from "~/lib/paging";
import { pageParam } from "~/lib/page-number";
import type { Game } from "~/operator/answers";
import {
  favouriteKeys,
  gameViews,
  LOBBY_PAGE_SIZE,
  loadLanes,
  loadFavourites,
  loadGameList,
  loadHotGames,
  loadImageCdns,
  loadRecentGames,
  vendorsOfType,
  vendorViews,
} from "./catalogue.server";
import { LOBBY_PATH, LOBBY_ROUTES, SLOT_TABS, type SlotTab } from "./links";
import { formatMaintenanceTime } from "./launch";
import { SLOT_CATEGORIES, type GameType, type GameView, type SlotCategory, type VendorView } from "./types";

/** Longest search a player may type; longer input is cut, not refused (a GET form has no error summary). */
export const KEYWORD_MAX = 50;

/**
 * The lobby's query. Nothing here can fail: an unknown category or a page number that is not
 * one reads as none, as a player who edits the address would expect.
 */
export const lobbyQuery = z.object({
  // A vendor code, a slot tab, or a vendor's display name (document 001, section 2), which the
  // loader turns into the code's address.
  page: z
    .string()
    .transform((v) => v.replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .max(64)
        .regex(/^[\p{L}\p{M}\p{N} _.&'()+-]*$/u),
    )
    .catch(""),
  type: z.enum(["", ...SLOT_CATEGORIES]).catch(""),
  // Search keywords are trimmed (document 001, section 5); whitespace inside collapses.
  keyword: z
    .string()
    .catch("")
    .transform((v) => v.replace(/\s+/g, " ").trim().slice(0, KEYWORD_MAX)),
  pageNo: pageParam,
});
export type LobbyQuery = z.output<typeof lobbyQuery>;

/** The first value of each name: a repeated parameter is not an error. */
export function readLobbyQuery(url: URL, defaults: { type?: SlotCategory } = {}): LobbyQuery {
  const first = (name: string) => url.searchParams.get(name) ?? undefined;
  return lobbyQuery.parse({
    page: first("page") ?? "",
    type: first("type") ?? defaults.type ?? "",
    keyword: first("keyword") ?? "",
    pageNo: first("pageNo"),
  });
}

export function isSlotTab(page: string): page is SlotTab {
  return (SLOT_TABS as readonly string[]).includes(page);
}

export interface LobbyData {
  gameType: GameType;
  /** The path this lobby answers at (an SEO path keeps its own). */
  path: string;
  vendors: VendorView[];
  /** The selected vendor code or slot tab. */
  current: string;
  slotTabs: boolean;
  query: LobbyQuery;
  games: GameView[];
  totalPages: number;
  player: boolean;
  /** The selected vendor's maintenance window, in the player's language ("—" when a time is missing). */
  maintenance: { start: string; end: string } | null;
}

export async function loadLobby(request: Request): Promise<LobbyData> {
  const url = new URL(request.url);
  const route = LOBBY_ROUTES[url.pathname.toLowerCase()] ?? LOBBY_ROUTES[LOBBY_PATH.RNG];
  const { gameType } = route;
  const query = readLobbyQuery(url, { type: route.category });
  const slotTabs = gameType === "RNG";
  const [session, locale] = await Promise.all([getSession(request), getLocale(request)]);
  const player = Boolean(session.get("token"));
  const tab = slotTabs && isSlotTab(query.page) ? query.page : null;
  // Recent and favourite games are a player's own (document 001, section 5: favourites require login).
  if (tab && tab !== "hot" && !player) await requirePlayer(request);
  const operator = bindOperator(session, locale);

  const listQuery = (vendor: string) => ({
    gameType,
    vendor,
    category: query.type,
    keyword: query.keyword,
    pageNo: query.pageNo,
    pageSize: LOBBY_PAGE_SIZE,
  });
  // One wave: the vendor named in the address is asked for its games beside the vendor list,
  // before that list says whether the vendor is offered (an answer for a vendor that is not is dropped).
  const [imageCdns, lanes, listed, named, favourites] = await Promise.all([
    loadImageCdns(operator),
    loadLanes(request, operator),
    tab ? loadTab(request, operator, tab) : null,
    !tab && VENDOR_CODE.test(query.page) ? loadGameList(request, operator, locale, listQuery(query.page)) : null,
    player ? loadFavourites(request, operator) : Promise.resolve([] as Game[]),
  ]);
  const vendors = vendorsOfType(vendorViews(lanes, imageCdns), gameType);

  let current: string = tab ?? query.page;
  if (!tab) {
    const asked = vendors.find((v) => v.code.toLowerCase() === query.page.toLowerCase());
    const byName = asked ? null : vendors.find((v) => v.name.toLocaleLowerCase() === query.page.toLocaleLowerCase());
    // A display name opens its vendor at the code's address, the one the tabs link to.
    if (byName) throw redirect(withParams(url, { page: byName.code }), 302);
    if (query.page && !asked) {
      // A vendor that is no longer offered: its lobby's first tab rather than an empty page.
      throw redirect(url.pathname, 302);
    }
    const vendor = asked ?? (slotTabs ? null : vendors[0]);
    if (!vendor && slotTabs) current = "hot";
    else if (vendor) {
      if (!vendor.openToGuests && !player) await requirePlayer(request);
      current = vendor.code;
    }
  }

  const favouriteSet = favouriteKeys(favourites);
  let games: GameView[];
  let totalPages: number;
  if (isSlotTab(current)) {
    const list = listed ?? (await loadTab(request, operator, current));
    const filtered = filterLocally(gameViews(list, vendors, imageCdns, favouriteSet), query);
    ({ rows: games, totalPages } = pageOfList(filtered, LOBBY_PAGE_SIZE, query.pageNo));
  } else if (current) {
    const page = named && current === query.page ? named : await loadGameList(request, operator, locale, listQuery(current));
    games = gameViews(page.games, vendors, imageCdns, favouriteSet);
    totalPages = page.totalPages;
  } else {
    games = [];
    totalPages = 1;
  }

  // Past the last page: the last page, at its own address (the pager then agrees with the list).
  if (query.pageNo > Math.max(1, totalPages)) throw redirect(withParams(url, { pageNo: totalPages > 1 ? String(totalPages) : null }), 302);

  const down = vendors.find((v) => v.code === current)?.maintenance;
  return {
    maintenance: down
      ? { start: formatMaintenanceTime(down.start, locale) ?? "—", end: formatMaintenanceTime(down.end, locale) ?? "—" }
      : null,
    gameType,
    path: url.pathname.toLowerCase(),
    vendors,
    current,
    slotTabs,
    query,
    games,
    totalPages,
    player,
  };
}

/** What a vendor code looks like: anything else in ?page= is a display name or nothing. */
const VENDOR_CODE = /^[\w-]+$/;

/** The lobby's own address with some parameters set (null: removed), the rest as asked. */
function withParams(url: URL, values: Record<string, string | null>): string {
  const params = new URLSearchParams(url.search);
  for (const [name, value] of Object.entries(values)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const search = params.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

function loadTab(request: Request, operator: BoundOperator, tab: SlotTab): Promise<Game[]> {
  if (tab === "hot") return loadHotGames(request, operator, "RNG");
  if (tab === "recentGameList") return loadRecentGames(request, operator);
  return loadFavourites(request, operator);
}

/** The hot, recent and favourite lists come whole: their filters and pages are ours. */
export function filterLocally(games: GameView[], query: Pick<LobbyQuery, "type" | "keyword">): GameView[] {
  const keyword = query.keyword.toLocaleLowerCase();
  return games.filter(
    (g) =>
      (!keyword || g.name.toLocaleLowerCase().includes(keyword)) &&
      // A game whose operator names no category matches no category filter.
      (!query.type || g.category === query.type),
  );
}
