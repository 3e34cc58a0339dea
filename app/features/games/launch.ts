/**
 * The rules of a game launch (document 001, sections 3 to 5), as pure functions: the launch
 * parameters, the platform (flash for some live and fishing vendors), the game language, the
 * launch CDN, which answers count as a game address, the maintenance times as a player reads
 * them, and the slides of the recommendation overlay. The action that uses them is
 * launch.server.ts; tests/games/launch-params.test.ts holds them to the spec.
 */
import { HTML_LANG, isLocale, type Locale } from "~/i18n/config";
import { pageOfList } from "~/lib/paging";
import type { GameType } from "./types";

/** The platform of every read and of most launches. */
export const PLATFORM = "html5-desktop";
/** Vendors whose live and fishing games launch as flash (document 001, section 3). */
export const FLASH_VENDORS: readonly string[] = ["PT", "PTSS", "DG"];
export const FLASH_GAME_TYPES: readonly string[] = ["LIVE", "FISH"];
/** Hot games per slide of the recommendation overlay (document 001, section 9). */
export const RECOMMEND_SLIDE_SIZE = 12;

/** `flash` for PT, PTSS and DG when the game type is LIVE or FISH; `html5-desktop` otherwise. */
export function launchPlatform(vendor: string, gameType: string): "flash" | typeof PLATFORM {
  return FLASH_VENDORS.includes(vendor.toUpperCase()) && FLASH_GAME_TYPES.includes(gameType.toUpperCase()) ? "flash" : PLATFORM;
}

/**
 * The game's language: the saved language, falling back to CN when it is zh_CN (the operator's
 * spelling of CN) or empty (document 001, section 5). A value that is none of the portal's six
 * codes also falls back to CN rather than reaching the vendor.
 */
export function gameLanguage(saved: string | null | undefined): Locale {
  const value = (saved ?? "").trim();
  if (value === "" || value === "zh_CN") return "CN";
  return isLocale(value) ? value : "CN";
}

/** What a Play or free-trial form says about its game (launch-schema.ts checks it). */
export interface LaunchGame {
  vendor: string;
  gameType: GameType;
  gameId?: string;
  roomId?: string;
  nodeId?: string;
  matchId?: string;
  leagueId?: string;
  sourceType?: string;
  marketingDetailId?: string;
}

export interface LaunchContext {
  /** 1: real money (launchGame); 0: the free trial (trialLaunch). */
  accountType: 0 | 1;
  /** The saved language of the player (the portal's locale). */
  language: string | null | undefined;
  merchantCode: string;
  /** The logged-in account's username; none for a trial. */
  username?: string | null;
  /** Absolute URL on the portal to come back to. */
  backUrl: string;
}

/**
 * The launch parameters of document 001, section 3, for launchGame and trialLaunch. The token
 * is not among them: the operator client sends it as Authorization on launchGame, the one way
 * the portal hands it to the operator. Empty ids are left out.
 */
export function launchParams(game: LaunchGame, ctx: LaunchContext): Record<string, string | number> {
  const params: Record<string, string | number> = {
    accountType: ctx.accountType,
    confirmTrans: 0,
    vassalage: game.vendor,
    gameType: game.gameType,
    launchMode: "GLS",
    platform: launchPlatform(game.vendor, game.gameType),
    clientType: 3,
    language: gameLanguage(ctx.language),
    merchantCode: ctx.merchantCode,
    backUrl: ctx.backUrl,
  };
  const ids = {
    gameId: game.gameId,
    nodeId: game.nodeId,
    roomId: game.roomId,
    matchId: game.matchId,
    leagueId: game.leagueId,
    sourceType: game.sourceType,
    marketingDetailId: game.marketingDetailId,
  };
  for (const [name, value] of Object.entries(ids)) if (value) params[name] = value;
  if (ctx.accountType === 1 && ctx.username) params.username = ctx.username;
  return params;
}

/** The absolute URL of a path on the portal (backUrl): the path is already a checked local one. */
export function portalUrl(origin: string, path: string): string {
  return new URL(path, origin).toString();
}

/** An absolute http(s) URL, or null: anything else (javascript:, data:, a bare path, garbage) is no game address. */
export function httpUrl(value: string | null | undefined): URL | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" ? url : null;
}

/**
 * The origins of the status' launchGameCDNs that can serve a game: each entry is an origin
 * ("https://cdn1.example.com") or a bare host ("cdn1.example.com", read as https); only its
 * origin counts (a path on an entry is ignored); entries that are not http(s) are dropped.
 */
export function cdnOrigins(cdns: readonly unknown[] | null | undefined): string[] {
  const origins = new Set<string>();
  for (const entry of cdns ?? []) {
    if (typeof entry !== "string" || entry.trim() === "") continue;
    const text = entry.trim();
    const url = httpUrl(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (url) origins.add(url.origin);
  }
  return [...origins];
}

/**
 * The game's address on a launch CDN: when the list has usable entries, one is chosen at random
 * (uniformly, per launch) and replaces the address's origin — scheme, host and port — keeping
 * its path, query and fragment. Without usable entries the address is kept as the operator
 * answered it.
 */
export function onLaunchCdn(gameUrl: URL, cdns: readonly unknown[] | null | undefined, random: () => number = Math.random): string {
  const origins = cdnOrigins(cdns);
  if (origins.length === 0) return gameUrl.toString();
  const pick = origins[Math.min(origins.length - 1, Math.floor(random() * origins.length))];
  return new URL(`${gameUrl.pathname}${gameUrl.search}${gameUrl.hash}`, pick).toString();
}

const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A maintenance time as the player reads it, in their language. The operator's time is shown
 * as the operator wrote it: its wall-clock time, with its UTC offset when it names one
 * ("2026年11月22日 14:00 (UTC+08:00)"); the portal does not know the player's time zone on the
 * server. Null when the text is not a time.
 */
export function formatMaintenanceTime(value: string | null | undefined, locale: Locale): string | null {
  const text = (value ?? "").trim();
  if (!text || text.length > 40) return null;
  const iso = text.replace(" ", "T");
  const offset = OFFSET.exec(iso)?.[1];
  // The wall-clock time as written: read it as if it were UTC, format it in UTC.
  const wall = new Date(offset ? iso.slice(0, -offset.length) + "Z" : `${iso}Z`);
  if (Number.isNaN(wall.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(iso)) return null;
  const formatted = new Intl.DateTimeFormat(HTML_LANG[locale], {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  }).format(wall);
  if (!offset) return formatted;
  const utc = offset.toUpperCase() === "Z" ? "+00:00" : offset.includes(":") ? offset : `${offset.slice(0, 3)}:${offset.slice(3)}`;
  return `${formatted} (UTC${utc})`;
}

/** One slide of a list: pages of `size`, the slide number kept within 1..count. */
export function slideOf<T>(list: readonly T[], asked: number, size = RECOMMEND_SLIDE_SIZE): { items: T[]; slide: number; slides: number } {
  const { rows, page, totalPages } = pageOfList(list, size, Number.isInteger(asked) && asked > 1 ? asked : 1);
  return { items: rows, slide: page, slides: totalPages };
}

/** Why a launch did not open a game: each is a dialog of /games/launch-failed. */
export const LAUNCH_FAILURES = [
  "need_true_account",
  "stay_tuned",
  "maintenance",
  "balance",
  "domain",
  "recommend",
  "game_maintenance",
  "message",
] as const;
export type LaunchFailure = (typeof LAUNCH_FAILURES)[number];

export function isLaunchFailure(value: unknown): value is LaunchFailure {
  return typeof value === "string" && (LAUNCH_FAILURES as readonly string[]).includes(value);
}

export const LAUNCH_PATH = "/games/launch";
export const LAUNCH_FAILED_PATH = "/games/launch-failed";
/** The in-page game (a launch of a game that does not open a new window) and the free trial. */
export const SEAMLESS_PATH = "/seamless";
/**
 * The back URL of an in-page game (decision 038): the only portal page that may be framed. The
 * game's own Back loads it inside the frame, and it leaves the frame for `to`.
 */
export const GAME_BACK_PATH = "/games/back";
export const gameBackHref = (to: string) => `${GAME_BACK_PATH}?to=${encodeURIComponent(to)}`;
export const TRIAL_PATH = "/trial";
/** The beacon that logs the in-page game out when the page goes away. */
export const GAME_LOGOUT_PATH = "/resources/game-logout";

/**
 * The address of a failure's dialog. Its query is display data only (the reason, the vendor,
 * the maintenance times, the game to retry, where to go back to); the one text that comes from
 * the operator (reason "message") stays in the session, so no link can put words of its own in
 * the portal's mouth.
 */
export function launchFailedHref(reason: LaunchFailure, data: Record<string, string | number | null | undefined> = {}): string {
  const q = new URLSearchParams({ reason });
  for (const [name, value] of Object.entries(data)) {
    if (value !== undefined && value !== null && value !== "") q.set(name, String(value));
  }
  return `${LAUNCH_FAILED_PATH}?${q}`;
}
