/** SQL of the games area: the catalogue, favourites, recent games and launch tickets. Times are epoch milliseconds. */
import { hashToken } from "../crypto";
import type { Db } from "../db";
import type { GameLanguage } from "./names";
import { foldName } from "./seed";

export interface VendorRow {
  code: string;
  id: number;
  display_name: string;
  game_type: string;
  sort: number;
  rebate: string | null;
  is_hot: number;
  can_enter_page: number;
  no_open_window: number;
  vassalage: number;
  maintenance: number;
}

export interface GameRow {
  node_id: number;
  game_id: string | null;
  room_id: string | null;
  vendor: string;
  game_type: string;
  classify: string | null;
  support_play: number;
  app_new_window: number;
  match_id: string | null;
  league_id: string | null;
  is_hot: number;
  is_new: number;
  launch_error: string | null;
  sort: number;
  /** The name in the language asked for. */
  name: string;
}

export interface GameFilter {
  gameType?: string;
  vendor?: string;
  classify?: string;
  /** Part of the name, in the filter's language. */
  search?: string;
  isNew?: boolean;
  hot?: boolean;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

const GAME_SELECT = `SELECT g.*, n.name FROM games g JOIN game_names n ON n.node_id = g.node_id AND n.language = @lang
  JOIN game_vendors v ON v.code = g.vendor`;

export function vendors(db: Db): VendorRow[] {
  return db.prepare("SELECT * FROM game_vendors ORDER BY sort").all() as VendorRow[];
}

export function vendorByCode(db: Db, code: string): VendorRow | undefined {
  return db.prepare("SELECT * FROM game_vendors WHERE code = ?").get(code) as VendorRow | undefined;
}

function where(filter: GameFilter): string {
  const parts = ["1 = 1"];
  if (filter.gameType) parts.push("g.game_type = @gameType");
  if (filter.vendor) parts.push("g.vendor = @vendor");
  if (filter.classify) parts.push("g.classify = @classify");
  if (filter.search) parts.push("instr(n.folded, @search) > 0");
  if (filter.isNew) parts.push("g.is_new = 1");
  if (filter.hot) parts.push("g.is_hot = 1");
  return parts.join(" AND ");
}

function params(lang: GameLanguage, filter: GameFilter) {
  return {
    lang,
    gameType: filter.gameType ?? null,
    vendor: filter.vendor ?? null,
    classify: filter.classify ?? null,
    search: filter.search ? foldName(filter.search) : null,
  };
}

/** One page (1-based) of the games matching the filter, in catalogue order. */
export function listGames(db: Db, lang: GameLanguage, filter: GameFilter, pageNo: number, pageSize: number): Page<GameRow> {
  const p = params(lang, filter);
  const w = where(filter);
  const { n } = db
    .prepare(`SELECT COUNT(*) AS n FROM games g JOIN game_names n ON n.node_id = g.node_id AND n.language = @lang WHERE ${w}`)
    .get(p) as { n: number };
  const rows = db
    .prepare(`${GAME_SELECT} WHERE ${w} ORDER BY v.sort, g.sort LIMIT @limit OFFSET @offset`)
    .all({ ...p, limit: pageSize, offset: (pageNo - 1) * pageSize }) as GameRow[];
  return { rows, total: n };
}

/** Hot games, spread over the vendors (each vendor's first hot games first). */
export function hotGames(db: Db, lang: GameLanguage, gameType: string | undefined, count: number): GameRow[] {
  const p = params(lang, { gameType });
  return db
    .prepare(
      `${GAME_SELECT} WHERE ${where({ gameType, hot: true })}
       ORDER BY (SELECT COUNT(*) FROM games h WHERE h.vendor = g.vendor AND h.is_hot = 1 AND h.sort < g.sort), v.sort LIMIT @count`,
    )
    .all({ ...p, count }) as GameRow[];
}

export function gameBy(db: Db, lang: GameLanguage, column: "game_id" | "room_id" | "node_id", value: string): GameRow | undefined {
  return db.prepare(`${GAME_SELECT} WHERE g.${column} = @value`).get({ lang, value }) as GameRow | undefined;
}

export function rooms(db: Db, lang: GameLanguage, vendor: string | undefined): GameRow[] {
  return db
    .prepare(`${GAME_SELECT} WHERE g.room_id IS NOT NULL AND (@vendor IS NULL OR g.vendor = @vendor) ORDER BY v.sort, g.sort`)
    .all({ lang, vendor: vendor ?? null }) as GameRow[];
}

/** The slot categories a vendor's games fall into, in a fixed order. */
export function classifiesOf(db: Db, vendor: string): string[] {
  const rows = db.prepare("SELECT DISTINCT classify FROM games WHERE vendor = ? AND classify IS NOT NULL").all(vendor) as {
    classify: string;
  }[];
  const order = ["SC", "VP", "TG", "AC", "JP"];
  return rows.map((r) => r.classify).sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** Sports games that carry a match (the game match call). */
export function matches(db: Db, lang: GameLanguage): GameRow[] {
  return db.prepare(`${GAME_SELECT} WHERE g.match_id IS NOT NULL ORDER BY v.sort, g.sort`).all({ lang }) as GameRow[];
}

// ── favourites ──────────────────────────────────────────────────────────────────────────────

export function addFavourite(db: Db, memberId: number, nodeId: number, now: number): void {
  db.prepare("INSERT OR IGNORE INTO favourite_games (member_id, node_id, created_at) VALUES (?, ?, ?)").run(memberId, nodeId, now);
}

export function removeFavourite(db: Db, memberId: number, nodeId: number): void {
  db.prepare("DELETE FROM favourite_games WHERE member_id = ? AND node_id = ?").run(memberId, nodeId);
}

/** A member's favourites, newest first. */
export function favourites(db: Db, lang: GameLanguage, memberId: number, pageNo: number, pageSize: number): Page<GameRow> {
  const { n } = db.prepare("SELECT COUNT(*) AS n FROM favourite_games WHERE member_id = ?").get(memberId) as { n: number };
  const rows = db
    .prepare(
      `${GAME_SELECT} JOIN favourite_games f ON f.node_id = g.node_id AND f.member_id = @memberId
       ORDER BY f.created_at DESC, f.rowid DESC LIMIT @limit OFFSET @offset`,
    )
    .all({ lang, memberId, limit: pageSize, offset: (pageNo - 1) * pageSize }) as GameRow[];
  return { rows, total: n };
}

// ── recent games ────────────────────────────────────────────────────────────────────────────

export const RECENT_LIMIT = 40;

/** A launch moves the game to the front of the member's recent games. */
export function recordRecent(db: Db, memberId: number, nodeId: number, now: number): void {
  db.transaction(() => {
    // Deleted and inserted again: the new rowid orders launches within one millisecond.
    db.prepare("DELETE FROM recent_games WHERE member_id = ? AND node_id = ?").run(memberId, nodeId);
    db.prepare("INSERT INTO recent_games (member_id, node_id, played_at) VALUES (?, ?, ?)").run(memberId, nodeId, now);
  })();
}

export function recentGames(db: Db, lang: GameLanguage, memberId: number): GameRow[] {
  return db
    .prepare(
      `${GAME_SELECT} JOIN recent_games r ON r.node_id = g.node_id AND r.member_id = @memberId
       ORDER BY r.played_at DESC, r.rowid DESC LIMIT ${RECENT_LIMIT}`,
    )
    .all({ lang, memberId }) as GameRow[];
}

// ── launch tickets ──────────────────────────────────────────────────────────────────────────

/** How long a demo game page stays open without a game logout. */
export const TICKET_TTL_MS = 12 * 60 * 60 * 1000;

export interface TicketRow {
  id: number;
  merchant_code: string;
  member_id: number | null;
  account: string;
  node_id: number;
  vendor: string;
  mode: "real" | "trial";
  language: string;
  back_url: string | null;
  created_at: number;
  expires_at: number;
  closed_at: number | null;
}

export interface NewTicket {
  ticket: string;
  merchantCode: string;
  memberId: number | null;
  account: string;
  nodeId: number;
  vendor: string;
  mode: "real" | "trial";
  language: string;
  backUrl: string | null;
  now: number;
}

export function createTicket(db: Db, t: NewTicket): void {
  db.prepare(
    `INSERT INTO game_tickets (ticket_hash, merchant_code, member_id, account, node_id, vendor, mode, language, back_url, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    hashToken(t.ticket),
    t.merchantCode,
    t.memberId,
    t.account,
    t.nodeId,
    t.vendor,
    t.mode,
    t.language,
    t.backUrl,
    t.now,
    t.now + TICKET_TTL_MS,
  );
}

/** The open (not logged out, not expired) launch of a ticket. */
export function openTicket(db: Db, ticket: string, now: number): TicketRow | undefined {
  return db
    .prepare("SELECT * FROM game_tickets WHERE ticket_hash = ? AND closed_at IS NULL AND expires_at > ?")
    .get(hashToken(ticket), now) as TicketRow | undefined;
}

/** Closes a member's open launches (of one vendor, or all); answers how many. */
export function closeTickets(db: Db, memberId: number, vendor: string | null, now: number): number {
  return db
    .prepare("UPDATE game_tickets SET closed_at = ? WHERE member_id = ? AND closed_at IS NULL AND (? IS NULL OR vendor = ?)")
    .run(now, memberId, vendor, vendor).changes;
}

export function ticketsOf(db: Db, memberId: number): (TicketRow & { game_id: string | null })[] {
  return db
    .prepare("SELECT t.*, g.game_id FROM game_tickets t JOIN games g ON g.node_id = t.node_id WHERE t.member_id = ? ORDER BY t.id DESC")
    .all(memberId) as (TicketRow & { game_id: string | null })[];
}

/** Vendors with at least one game offering a free trial. */
export function trialVendors(db: Db): Set<string> {
  const rows = db.prepare("SELECT DISTINCT vendor FROM games WHERE support_play = 0").all() as { vendor: string }[];
  return new Set(rows.map((r) => r.vendor));
}
