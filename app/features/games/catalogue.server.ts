/**
 * The operator's game catalogue as the pages draw it: vendors from the vendor list's lanes, the
 * games of a lobby (a vendor's list, or the hot, recent and favourite lists), shaped into
 * GameView and VendorView. The shared lists (vendors, game lists, hot games) carry no token and
 * come from the client's 3-minute cache; recent games and favourites are the player's own.
 */
import type { Game, VendorCard, VendorLane } from "~/operator/answers";
import { quietly, sharedOperator, type BoundOperator } from "~/operator/operator.server";
import { operatorLanguage, type Locale } from "~/i18n/config";
import { config, operatorPublicOrigin } from "~/server/config.server";
import { noteLaunchOrigins } from "~/server/security-headers.server";
import { memoByArguments } from "~/lib/memo";
import { resolveImage } from "./images";
import { lobbyHref, vendorGamesHref } from "./links";
import { cdnOrigins, PLATFORM } from "./launch";
import { isGameType, type GameType, type GameView, type VendorView } from "./types";

/** Document 001, section 9. */
export const LOBBY_PAGE_SIZE = 40;
export const POPUP_PAGE_SIZE = 10;
export const HOME_VENDORS_PER_TYPE = 3;

/** Where images without a CDN come from: the operator's origin as browsers reach it. */
export const imageOrigin = operatorPublicOrigin;

/** As long as the client keeps the settings: the spec's 3 minutes, or OPERATOR_CACHE_MS. */
const cdnTtlMs = () => config().OPERATOR_CACHE_MS ?? 3 * 60_000;
let cdns: { expires: number; list: Promise<string[]> } | undefined;

/**
 * The status' image CDNs, asked at most once per settings lifetime (the status itself is live: it carries
 * maintenance, so the client does not cache it); none when the status cannot be read.
 */
export function loadImageCdns(operator: BoundOperator, now = Date.now()): Promise<string[]> {
  if (!cdns || cdns.expires <= now) {
    const list = operator.call("status").then(
      (status) => {
        // Every page reads the status here (the header's game menu): its launch CDNs go into the
        // page's form-action and frame-src before a Play form on it is posted and redirected.
        noteLaunchOrigins(cdnOrigins(status.info?.launchGameCDNs));
        return (status.info?.imageCDNs ?? []).filter((cdn): cdn is string => typeof cdn === "string");
      },
      () => [] as string[],
    );
    cdns = { expires: now + cdnTtlMs(), list };
    // A failed look-up is not kept for the whole period: the next page view asks again.
    void list.then((found) => {
      if (!found.length && cdns?.list === list) cdns = { expires: now + Math.min(10_000, cdnTtlMs()), list };
    });
  }
  return cdns.list;
}

/** The vendor list's lanes; none when the operator cannot answer (menus then show none). */
export async function loadLanes(request: Request, operator: BoundOperator): Promise<VendorLane[]> {
  const answer = await quietly(request, operator.call("gameVendors", { query: { platform: PLATFORM } }));
  return answer?.data.lanes ?? [];
}

/**
 * Every vendor shown in some lane, once (a vendor may stand in a hot lane and its own: the first
 * counts). Built once per cached answer (lib/memo.ts): the same list object while the operator
 * cache keeps the lanes, which callers only read.
 */
export const vendorViews = memoByArguments((lanes: readonly VendorLane[], imageCdns: string[]): VendorView[] => {
  const seen = new Set<string>();
  return lanes
    .flatMap((lane) => lane.cards.filter(shown).map((card) => vendorView(card, imageCdns)))
    .filter((v): v is VendorView => v !== null && !seen.has(v.code) && Boolean(seen.add(v.code)));
});

/** isShow 0 or isHide 1 keeps a card out of every menu. */
export function shown(card: Pick<VendorCard, "isShow" | "isHide">): boolean {
  return card.isShow !== 0 && card.isHide !== 1;
}

const REBATE_TEXT = /^\d+(\.\d+)?%?$/;

export function vendorView(card: VendorCard, imageCdns: string[]): VendorView | null {
  if (!isGameType(card.gameType)) return null;
  const vassalage = card.isGame?.toUpperCase() === "VASSALAGE";
  return {
    code: card.accountTypeName,
    name: card.displayName || card.title || card.accountTypeName,
    icon: resolveImage(card.smallIcon || card.lagerIcon, imageCdns, imageOrigin()),
    gameType: card.gameType,
    href: vassalage ? vendorGamesHref(card.accountTypeName) : lobbyHref(card.gameType, card.accountTypeName),
    vassalage,
    openToGuests: card.canEnterPage === 1,
    hot: card.isHot === 1,
    rebate: card.rebeat && REBATE_TEXT.test(card.rebeat.trim()) ? card.rebeat.trim() : null,
    maintenance:
      card.maintenanceStart || card.maintenanceEnd ? { start: card.maintenanceStart ?? null, end: card.maintenanceEnd ?? null } : null,
  };
}

export function vendorsOfType(vendors: readonly VendorView[], gameType: GameType): VendorView[] {
  return vendors.filter((v) => v.gameType === gameType);
}

/** A game of any list as a tile. `favourites`: the player's favourite keys (empty for a guest). */
export function gameView(
  game: Game,
  vendors: readonly VendorView[],
  imageCdns: string[],
  favourites: ReadonlySet<string>,
): GameView | null {
  const vendor = game.vassalage || game.vendor || "";
  const gameType = game.gameType?.toUpperCase();
  if (!vendor || !isGameType(gameType)) return null;
  const key = gameKey(vendor, game.nodeId ?? game.gameId ?? game.roomId ?? "");
  return {
    key,
    name: game.gameName || game.nodeName || vendor,
    icon: resolveImage(game.showIcon, imageCdns, imageOrigin()),
    vendor,
    vendorName: vendors.find((v) => v.code === vendor)?.name ?? vendor,
    gameType,
    gameId: game.gameId ?? null,
    roomId: game.roomId ?? null,
    nodeId: game.nodeId ?? null,
    matchId: game.matchId ?? null,
    leagueId: game.leagueId ?? null,
    sourceType: game.sourceType || null,
    marketingDetailId: game.marketingDetailId ?? null,
    trial: game.supportPlay === 0,
    newWindow: game.appNewWindow !== 0,
    hot: game.isHot === 1,
    isNew: game.isNew === 1,
    category: game.gameClassify || null,
    favourite: favourites.has(key),
  };
}

export function gameKey(vendor: string, node: string): string {
  return `${vendor}:${node}`;
}

export function gameViews(
  games: readonly Game[],
  vendors: readonly VendorView[],
  imageCdns: string[],
  favourites: ReadonlySet<string>,
): GameView[] {
  return games.map((g) => gameView(g, vendors, imageCdns, favourites)).filter((g): g is GameView => g !== null);
}

export interface GameListQuery {
  gameType: GameType;
  vendor: string;
  category?: string;
  keyword?: string;
  pageNo: number;
  pageSize: number;
}

/** One page of a vendor's games. Game list errors are swallowed (document 001, section 8): an empty page. */
export async function loadGameList(request: Request, operator: BoundOperator, locale: Locale, q: GameListQuery) {
  const answer = await quietly(
    request,
    operator.call("gameList", {
      query: {
        clientType: 3,
        platform: PLATFORM,
        gameType: q.gameType,
        vassalage: q.vendor,
        gameClassify: q.category || undefined,
        gameName: q.keyword || undefined,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        language: operatorLanguage(locale),
      },
    }),
  );
  return { games: answer?.games ?? [], totalPages: Math.max(1, answer?.totalPages ?? 1) };
}

/** The popular games: the same list for everyone (no token), so it takes no place in a player's six calls. */
export async function loadHotGames(request: Request, operator: BoundOperator, gameType?: GameType): Promise<Game[]> {
  const answer = await quietly(request, sharedOperator(operator).call("hotGames", { query: { platform: PLATFORM, gameType } }));
  return answer?.list ?? [];
}

export async function loadRecentGames(request: Request, operator: BoundOperator): Promise<Game[]> {
  const answer = await quietly(request, operator.call("recentGames"));
  return answer?.list ?? [];
}

/** Favourites the lobby marks on tiles: the first page of up to this many. */
export const FAVOURITES_KNOWN = 200;

export async function loadFavourites(request: Request, operator: BoundOperator): Promise<Game[]> {
  const answer = await quietly(request, operator.call("favouriteGames", { query: { pageNo: 1, pageSize: FAVOURITES_KNOWN } }));
  return answer?.content ?? [];
}

export function favouriteKeys(games: readonly Game[]): Set<string> {
  return new Set(
    games.flatMap((g) => {
      const vendor = g.vassalage || g.vendor;
      const node = g.nodeId ?? g.gameId ?? g.roomId;
      return vendor && node ? [gameKey(vendor, node)] : [];
    }),
  );
}
