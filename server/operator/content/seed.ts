/**
 * Tables and demo rows of the content area, per merchant: announcements (banners, notices,
 * pop-ups, promotions) with their texts in the six languages as one JSON column, the help
 * centre's tree, the winner board and the jackpot. Times are epoch milliseconds.
 */
import { ensureColumns, isEmpty, type Db } from "../db";
import { GAMES } from "../games/catalogue";
import { HELP_TREE, type HelpSeed } from "./help-texts";
import { itemSeeds, type ItemSeed } from "./items";

export const CONTENT_SCHEMA = `
CREATE TABLE IF NOT EXISTS content_items (
  id              INTEGER PRIMARY KEY,
  merchant_code   TEXT NOT NULL REFERENCES merchants(code),
  kind            TEXT NOT NULL,              -- banner | notice | popup | promotion
  texts           TEXT NOT NULL,              -- JSON: { cn: { title, content }, tw: …, vi: … }
  starts_at       INTEGER NOT NULL,
  ends_at         INTEGER NOT NULL,
  group_name      TEXT,                       -- banners
  linkage         TEXT,
  linkage_type    TEXT,                       -- URL | P | G
  vendor          TEXT,
  node_id         TEXT,
  room_id         TEXT,
  promotion_type  TEXT,                       -- notices, pop-ups, promotions
  redirect        TEXT,
  external_link   TEXT,
  category        TEXT,
  execution       TEXT                        -- pop-ups: A (every login) or F (a first login only)
);
CREATE INDEX IF NOT EXISTS content_items_kind ON content_items (merchant_code, kind, starts_at);
CREATE TABLE IF NOT EXISTS content_help (
  merchant_code  TEXT NOT NULL REFERENCES merchants(code),
  tag            TEXT NOT NULL,
  parent_tag     TEXT,
  sort           INTEGER NOT NULL,
  bg_color       TEXT,
  texts          TEXT NOT NULL,               -- JSON, as content_items.texts
  PRIMARY KEY (merchant_code, tag)
);
CREATE TABLE IF NOT EXISTS content_winners (
  id             INTEGER PRIMARY KEY,
  merchant_code  TEXT NOT NULL REFERENCES merchants(code),
  username       TEXT NOT NULL,               -- masked as the board shows it
  node_id        INTEGER NOT NULL,            -- a game of the catalogue (its names come from there)
  vendor         TEXT NOT NULL,
  game_type      TEXT NOT NULL,
  win_cents      INTEGER NOT NULL,
  bet_time       INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS content_jackpots (
  merchant_code     TEXT PRIMARY KEY REFERENCES merchants(code),
  base_cents        INTEGER NOT NULL,
  cents_per_second  INTEGER NOT NULL,
  started_at        INTEGER NOT NULL,
  cycle_ms          INTEGER NOT NULL          -- the pool is won and starts again from base after this long
);
`;

/** The merchants in the order they were made: the first gets the documented ids. */
export function merchantCodes(db: Db): string[] {
  return (db.prepare("SELECT code FROM merchants ORDER BY rowid").all() as { code: string }[]).map((m) => m.code);
}

export function insertItem(db: Db, merchantCode: string, item: Omit<ItemSeed, "id"> & { id?: number }): number {
  const result = db
    .prepare(
      `INSERT INTO content_items (id, merchant_code, kind, texts, starts_at, ends_at, group_name, linkage, linkage_type, vendor, node_id,
         room_id, promotion_type, redirect, external_link, category, execution)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      item.id ?? null,
      merchantCode,
      item.kind,
      JSON.stringify(item.texts),
      item.startsAt,
      item.endsAt,
      item.groupName ?? null,
      item.linkage ?? null,
      item.linkageType ?? null,
      item.vendor ?? null,
      item.nodeId ?? null,
      item.roomId ?? null,
      item.promotionType ?? null,
      item.redirect ?? null,
      item.externalLink ?? null,
      item.category ?? null,
      item.execution ?? null,
    );
  return Number(result.lastInsertRowid);
}

/** Every merchant's announcements as seeded at `now` (the reset helper runs it again). */
export function seedItems(db: Db, now: number): void {
  merchantCodes(db).forEach((code, index) => {
    for (const item of itemSeeds(now, index)) insertItem(db, code, item);
  });
}

function seedHelp(db: Db, merchantCode: string): void {
  const insert = db.prepare("INSERT INTO content_help (merchant_code, tag, parent_tag, sort, bg_color, texts) VALUES (?, ?, ?, ?, ?, ?)");
  const walk = (items: readonly HelpSeed[], parent: string | null) =>
    items.forEach((item, sort) => {
      insert.run(merchantCode, item.tag, parent, sort, item.bgColor ?? null, JSON.stringify(item.texts));
      walk(item.children ?? [], item.tag);
    });
  walk(HELP_TREE, null);
}

const WINNER_NAMES = ["player", "lucky", "tiger", "dragon", "panda", "star", "jade", "happy", "golden", "king"];

/** "pl***01": what the board shows of a username (its first two and last two characters). */
export const maskUsername = (name: string) => `${name.slice(0, 2)}***${name.slice(-2)}`;

/** 30 wins of the last week on real games of the catalogue (no error games), amounts spread from hundreds to six figures. */
function seedWinners(db: Db, merchantCode: string, now: number): void {
  const games = GAMES.filter((g) => g.error === null && ["RNG", "LIVE", "FISH", "PVP"].includes(g.gameType));
  const insert = db.prepare(
    "INSERT INTO content_winners (merchant_code, username, node_id, vendor, game_type, win_cents, bet_time) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  for (let i = 0; i < 30; i++) {
    const game = games[(i * 37 + 5) % games.length];
    const name = `${WINNER_NAMES[i % WINNER_NAMES.length]}${String((i * 7 + 1) % 100).padStart(2, "0")}`;
    const cents = 50_000 + ((i * 7919) % 313) * 61_237 + (i % 4 === 0 ? 8_000_000 : 0);
    insert.run(merchantCode, maskUsername(name), game.nodeId, game.vendor, game.gameType, cents, now - ((i * 5 + 1) % 168) * 3600_000);
  }
}

/** A pool from 8,888,888.00 growing 12.34 a second, won every 30 days: at most about 40 million. */
export const JACKPOT = { baseCents: 888_888_800, centsPerSecond: 1_234, cycleMs: 30 * 24 * 3600_000 };

export function seedContent(db: Db, now: number): void {
  // A database file made before pop-ups carried their execution (issue 26).
  ensureColumns(db, "content_items", { execution: "TEXT" });
  if (isEmpty(db, "content_items")) seedItems(db, now);
  const codes = merchantCodes(db);
  if (isEmpty(db, "content_help")) codes.forEach((code) => seedHelp(db, code));
  if (isEmpty(db, "content_winners")) codes.forEach((code) => seedWinners(db, code, now));
  const jackpot = db.prepare(
    "INSERT OR IGNORE INTO content_jackpots (merchant_code, base_cents, cents_per_second, started_at, cycle_ms) VALUES (?, ?, ?, ?, ?)",
  );
  codes.forEach((code, i) => jackpot.run(code, JACKPOT.baseCents + i * 100_000_000, JACKPOT.centsPerSecond, now, JACKPOT.cycleMs));
}
