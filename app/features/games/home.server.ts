/**
 * The home page's games (document 001, section 2, screens 6 and 9): per game type at most three
 * vendors with a "more games" way to the lobby, and the popular (hot) games. One wave of calls,
 * all of them shared lists from the cache after the first visitor.
 */
import { bindOperator } from "~/operator/operator.server";
import type { Locale } from "~/i18n/config";
import type { PortalSession } from "~/server/session.server";
import {
  gameViews,
  HOME_VENDORS_PER_TYPE,
  loadFavourites,
  favouriteKeys,
  loadHotGames,
  loadImageCdns,
  loadLanes,
  vendorViews,
} from "./catalogue.server";
import { memoByArguments } from "~/lib/memo";
import { lobbyHref } from "./links";
import type { Game } from "~/operator/answers";
import type { GameType, GameView, VendorView } from "./types";

/** The blocks in the order of screen 9 (lottery joins with the lottery issue). */
export const HOME_BLOCKS: readonly GameType[] = ["SPORTS", "LIVE", "FISH", "PVP", "RNG"];
/** Popular games shown on the home page. */
export const HOME_HOT_GAMES = 12;

export interface HomeBlock {
  gameType: GameType;
  vendors: VendorView[];
  more: string;
}

export async function loadHomeGames(
  request: Request,
  session: PortalSession,
  locale: Locale,
): Promise<{ blocks: HomeBlock[]; hot: GameView[] }> {
  const operator = bindOperator(session, locale);
  const player = Boolean(session.get("token"));
  const [imageCdns, lanes, hot, favourites] = await Promise.all([
    loadImageCdns(operator),
    loadLanes(request, operator),
    loadHotGames(request, operator),
    player ? loadFavourites(request, operator) : Promise.resolve([]),
  ]);
  const vendors = vendorViews(lanes, imageCdns);
  const keys = favouriteKeys(favourites);
  const tiles = hotTilesOf(hot, vendors, imageCdns);
  return { blocks: blocksOf(vendors), hot: keys.size ? tiles.map((g) => (keys.has(g.key) ? { ...g, favourite: true } : g)) : tiles };
}

const NO_FAVOURITES: ReadonlySet<string> = new Set();

/** The popular games' tiles, once per cached answer; a player's favourites are marked on a copy. */
const hotTilesOf = memoByArguments((hot: readonly Game[], vendors: readonly VendorView[], imageCdns: string[]): GameView[] =>
  gameViews(hot, vendors, imageCdns, NO_FAVOURITES).slice(0, HOME_HOT_GAMES),
);

/** The blocks, once per vendor list (the same object while its answer is cached: its fragment's digest is worked out once). */
const blocksOf = memoByArguments((vendors: readonly VendorView[]): HomeBlock[] =>
  HOME_BLOCKS.map((gameType) => ({
    gameType,
    vendors: vendors.filter((v) => v.gameType === gameType).slice(0, HOME_VENDORS_PER_TYPE),
    more: lobbyHref(gameType),
  })).filter((block) => block.vendors.length > 0),
);
