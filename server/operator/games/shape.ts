/** How the games area reads requests (language, paging, ids) and shapes its answers (games, vendor cards). */
import type { RouteContext } from "../http";
import { gameLanguageOf, type GameLanguage } from "./names";
import type { GameRow, VendorRow } from "./store";

/** The catalogue language of a request: its `language` query or body field, else its Language header, else the default. */
export function requestLanguage(ctx: RouteContext, given?: unknown): GameLanguage {
  const header = ctx.req.headers.language;
  return (
    gameLanguageOf(typeof given === "string" ? given : null) ??
    gameLanguageOf(ctx.url.searchParams.get("language")) ??
    gameLanguageOf(Array.isArray(header) ? header[0] : header) ??
    (ctx.runtime.settings.defaultLanguage === "CN" ? "cn" : "en")
  );
}

/** A positive integer query value within [1, max], or the fallback. */
export function intParam(ctx: RouteContext, name: string, fallback: number, max: number): number {
  const raw = ctx.url.searchParams.get(name);
  const n = raw === null || raw.trim() === "" ? NaN : Number(raw);
  if (!Number.isInteger(n) || n < 1) return fallback;
  return Math.min(n, max);
}

/** A query value trimmed, or undefined when absent or blank. */
export function textParam(ctx: RouteContext, name: string): string | undefined {
  const value = ctx.url.searchParams.get(name)?.trim();
  return value ? value : undefined;
}

/** An id field of a body: a non-blank string or a number, as text. */
export function idField(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string" && value.trim() !== "") return value.trim();
  return null;
}

export const pagesOf = (total: number, pageSize: number) => Math.ceil(total / pageSize);

export const gameIconPath = (game: Pick<GameRow, "game_id" | "node_id">) =>
  `/res/games/${encodeURIComponent(game.game_id ?? String(game.node_id))}.svg`;
export const vendorIconPath = (code: string) => `/res/vendors/${encodeURIComponent(code)}.svg`;

/** A game as every list answers it (document 001's game fields, plus gameClassify, isHot, isNew). */
export function gameJson(game: GameRow) {
  return {
    nodeId: game.node_id,
    nodeName: game.name,
    gameName: game.name,
    gameId: game.game_id,
    roomId: game.room_id,
    vassalage: game.vendor,
    vendor: game.vendor,
    gameType: game.game_type,
    showIcon: gameIconPath(game),
    supportPlay: game.support_play,
    appNewWindow: game.app_new_window,
    matchId: game.match_id,
    leagueId: game.league_id,
    platform: "html5-desktop",
    sourceType: null,
    marketingDetailId: null,
    gameClassify: game.classify,
    isHot: game.is_hot,
    isNew: game.is_new,
  };
}

/** The maintenance window of a vendor under maintenance: started an hour ago, ends in three hours (whole minutes). */
export function maintenanceWindow(now: number): { maintenanceStart: string; maintenanceEnd: string } {
  const minute = Math.floor(now / 60_000) * 60_000;
  return {
    maintenanceStart: new Date(minute - 60 * 60_000).toISOString(),
    maintenanceEnd: new Date(minute + 3 * 60 * 60_000).toISOString(),
  };
}

/** A vendor card of the vendor list (document 001, section 3). */
export function vendorCard(vendor: VendorRow, freeplay: boolean, now: number) {
  return {
    accountTypeId: vendor.id,
    accountTypeName: vendor.code,
    displayName: vendor.display_name,
    smallIcon: vendorIconPath(vendor.code),
    lagerIcon: vendorIconPath(vendor.code),
    freeplay: freeplay ? 1 : 0,
    gameType: vendor.game_type,
    isGame: vendor.vassalage === 1 ? "VASSALAGE" : "game",
    openAccountType: null,
    noOpenWindow: vendor.no_open_window,
    canEnterPage: vendor.can_enter_page,
    page: vendor.code,
    isHot: vendor.is_hot,
    rebeat: vendor.rebate ?? "",
    isShow: 1,
    isHide: 0,
    cardId: vendor.id,
    title: vendor.display_name,
    child: [],
    ...(vendor.maintenance === 1 ? maintenanceWindow(now) : {}),
  };
}
