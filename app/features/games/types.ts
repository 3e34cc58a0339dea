/**
 * What the games pages draw, as plain data (loader data reaches the browser: nothing here may
 * carry a token). Built on the server from the operator's answers (catalogue.server.ts).
 */

/** The game types of document 001 (vendor lobbies). */
export const GAME_TYPES = ["LIVE", "SPORTS", "FISH", "PVP", "ESPORTS", "RNG"] as const;
export type GameType = (typeof GAME_TYPES)[number];

export function isGameType(value: unknown): value is GameType {
  return typeof value === "string" && (GAME_TYPES as readonly string[]).includes(value);
}

/** Slot categories of the RNG lobby's filter ("" is all). */
export const SLOT_CATEGORIES = ["VP", "TG", "SC", "AC", "JP"] as const;
export type SlotCategory = (typeof SLOT_CATEGORIES)[number];

/** One game on a tile, and everything its Play and favourite forms send back. */
export interface GameView {
  /** Stable key: vendor and node (or game) id. */
  key: string;
  name: string;
  /** Resolved icon URL (image CDN or the operator's origin), or null: the tile draws its initials. */
  icon: string | null;
  vendor: string;
  vendorName: string;
  gameType: GameType;
  gameId: string | null;
  roomId: string | null;
  nodeId: string | null;
  matchId: string | null;
  leagueId: string | null;
  sourceType: string | null;
  marketingDetailId: string | null;
  /** supportPlay 0: a free trial is offered. */
  trial: boolean;
  /** Opens in a new window (appNewWindow 1), else in the page (/seamless). */
  newWindow: boolean;
  hot: boolean;
  isNew: boolean;
  /** Slot category (VP, TG, SC, AC, JP) when the operator names one. */
  category: string | null;
  /** In the player's favourites (known only for a player). */
  favourite: boolean;
}

/** A vendor as menus, tabs and the home blocks draw it. */
export interface VendorView {
  code: string;
  name: string;
  icon: string | null;
  gameType: GameType;
  /** Where its entry leads: its lobby, or (vassalage vendors) its popup game list. */
  href: string;
  vassalage: boolean;
  /** A guest may open its lobby (canEnterPage 1). */
  openToGuests: boolean;
  hot: boolean;
  /** Rebate badge text ("1.2%"), already checked to be digits, dot and percent. */
  rebate: string | null;
  /** Maintenance window (ISO times) when the vendor is under maintenance. */
  maintenance: { start: string | null; end: string | null } | null;
}
