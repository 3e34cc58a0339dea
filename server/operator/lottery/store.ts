/**
 * SQL of the lottery area: the draws (kept, so that a draw once made never changes, restarts
 * included), the games a member launched (recent), the launch tickets of the demo lottery page,
 * and the test clock's offset. Times are epoch milliseconds.
 */
import { hashToken } from "../crypto";
import { ensureColumns, type Db } from "../db";
import { LOTTERY_GAMES, type LotteryGame } from "./catalogue";
import { drawnIssues, drawWinNo, type Issue } from "./clock";

export const LOTTERY_SCHEMA = `
CREATE TABLE IF NOT EXISTS lottery_draws (
  game_code TEXT NOT NULL,
  numero    TEXT NOT NULL,
  win_no    TEXT NOT NULL,
  draw_at   INTEGER NOT NULL,
  PRIMARY KEY (game_code, numero)
);
CREATE INDEX IF NOT EXISTS lottery_draws_recent ON lottery_draws (game_code, draw_at DESC);
CREATE TABLE IF NOT EXISTS lottery_recent (
  member_id INTEGER NOT NULL REFERENCES members(id),
  game_code TEXT NOT NULL,
  played_at INTEGER NOT NULL,
  PRIMARY KEY (member_id, game_code)
);
CREATE TABLE IF NOT EXISTS lottery_tickets (
  ticket_hash TEXT PRIMARY KEY,
  member_id   INTEGER NOT NULL REFERENCES members(id),
  account     TEXT NOT NULL,
  game_code   TEXT,                -- null: the lobby
  area        TEXT NOT NULL,
  prize_mode  TEXT NOT NULL,
  view        TEXT NOT NULL,
  bet_param   TEXT,
  back_url    TEXT,
  language    TEXT NOT NULL DEFAULT 'cn',
  expires_at  INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS lottery_clock (
  id        INTEGER PRIMARY KEY CHECK (id = 1),
  offset_ms INTEGER NOT NULL
);
`;

/** Draws kept per game: enough for every list and the trend chart. */
export const DRAWS_KEPT = 60;
const TICKET_TTL_MS = 12 * 3_600_000;

// ── the clock ────────────────────────────────────────────────────────────────────────────────

/** The lottery's time: the server's clock plus the offset a test set (0 unless one did). */
export function lotteryNow(db: Db, now: number): number {
  const row = db.prepare("SELECT offset_ms FROM lottery_clock WHERE id = 1").get() as { offset_ms: number } | undefined;
  return now + (row?.offset_ms ?? 0);
}

export function setClockOffset(db: Db, offsetMs: number): void {
  db.prepare("INSERT INTO lottery_clock (id, offset_ms) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET offset_ms = excluded.offset_ms").run(
    offsetMs,
  );
}

// ── draws ────────────────────────────────────────────────────────────────────────────────────

export interface DrawRow {
  game_code: string;
  numero: string;
  win_no: string;
  draw_at: number;
}

/**
 * Draws every closed issue of the game that has no draw yet, among the last DRAWS_KEPT: an issue
 * is drawn once, the first time anyone asks after it closed, and kept.
 */
export function settleDraws(db: Db, game: LotteryGame, t: number): void {
  const insert = db.prepare("INSERT OR IGNORE INTO lottery_draws (game_code, numero, win_no, draw_at) VALUES (?, ?, ?, ?)");
  const known = db.prepare("SELECT 1 FROM lottery_draws WHERE game_code = ? AND numero = ?");
  const newest = drawnIssues(game, t, 1)[0];
  if (known.get(game.gameCode, newest.numero)) return;
  db.transaction((issues: Issue[]) => {
    for (const issue of issues) insert.run(game.gameCode, issue.numero, drawWinNo(game.kind), issue.drawAt);
  })(drawnIssues(game, t, DRAWS_KEPT));
}

/** The last `count` draws of a game, newest first. */
export function lastDraws(db: Db, game: LotteryGame, t: number, count: number): DrawRow[] {
  settleDraws(db, game, t);
  return db
    .prepare("SELECT * FROM lottery_draws WHERE game_code = ? AND draw_at <= ? ORDER BY draw_at DESC LIMIT ?")
    .all(game.gameCode, t, count) as DrawRow[];
}

export function drawOf(db: Db, game: LotteryGame, numero: string, t: number): DrawRow | undefined {
  settleDraws(db, game, t);
  return db.prepare("SELECT * FROM lottery_draws WHERE game_code = ? AND numero = ? AND draw_at <= ?").get(game.gameCode, numero, t) as
    DrawRow | undefined;
}

// ── recent games and launch tickets ──────────────────────────────────────────────────────────

export function recordRecentLottery(db: Db, memberId: number, gameCode: string, now: number): void {
  db.prepare(
    "INSERT INTO lottery_recent (member_id, game_code, played_at) VALUES (?, ?, ?) ON CONFLICT (member_id, game_code) DO UPDATE SET played_at = excluded.played_at",
  ).run(memberId, gameCode, now);
}

export function recentLotteries(db: Db, memberId: number, limit: number): LotteryGame[] {
  const rows = db
    .prepare("SELECT game_code FROM lottery_recent WHERE member_id = ? ORDER BY played_at DESC LIMIT ?")
    .all(memberId, limit) as { game_code: string }[];
  return rows.flatMap((r) => LOTTERY_GAMES.filter((g) => g.gameCode === r.game_code));
}

export interface LotteryTicket {
  member_id: number;
  account: string;
  game_code: string | null;
  area: string;
  prize_mode: string;
  view: string;
  bet_param: string | null;
  back_url: string | null;
  language: string;
}

export function createLotteryTicket(db: Db, ticket: string, row: LotteryTicket, now: number): void {
  db.prepare(
    `INSERT INTO lottery_tickets (ticket_hash, member_id, account, game_code, area, prize_mode, view, bet_param, back_url, language, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    hashToken(ticket),
    row.member_id,
    row.account,
    row.game_code,
    row.area,
    row.prize_mode,
    row.view,
    row.bet_param,
    row.back_url,
    row.language,
    now + TICKET_TTL_MS,
  );
}

export function openLotteryTicket(db: Db, ticket: string, now: number): LotteryTicket | undefined {
  return db.prepare("SELECT * FROM lottery_tickets WHERE ticket_hash = ? AND expires_at > ?").get(hashToken(ticket), now) as
    LotteryTicket | undefined;
}

/** A database file from before the tickets kept their language gets the column. */
export function seedLottery(db: Db): void {
  ensureColumns(db, "lottery_tickets", { language: "TEXT NOT NULL DEFAULT 'cn'" });
}
