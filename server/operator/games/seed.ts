/** The games area's tables and demo rows: the catalogue, favourites, recent games, launch tickets. */
import { isEmpty, type Db } from "../db";
import { GAMES, VENDORS } from "./catalogue";
import { GAME_LANGUAGES } from "./names";

export const GAMES_SCHEMA = `
CREATE TABLE IF NOT EXISTS game_vendors (
  code            TEXT PRIMARY KEY,
  id              INTEGER NOT NULL UNIQUE,
  display_name    TEXT NOT NULL,
  game_type       TEXT NOT NULL,
  sort            INTEGER NOT NULL,
  rebate          TEXT,
  is_hot          INTEGER NOT NULL,
  can_enter_page  INTEGER NOT NULL,
  no_open_window  INTEGER NOT NULL,
  vassalage       INTEGER NOT NULL,       -- 1: isGame "VASSALAGE"
  maintenance     INTEGER NOT NULL        -- 1: under maintenance (the window is computed at answer time)
);
CREATE TABLE IF NOT EXISTS games (
  node_id         INTEGER PRIMARY KEY,
  game_id         TEXT UNIQUE,
  room_id         TEXT UNIQUE,
  vendor          TEXT NOT NULL REFERENCES game_vendors(code),
  game_type       TEXT NOT NULL,
  classify        TEXT,
  support_play    INTEGER NOT NULL,       -- 0: a free trial is offered
  app_new_window  INTEGER NOT NULL,
  match_id        TEXT,
  league_id       TEXT,
  is_hot          INTEGER NOT NULL,
  is_new          INTEGER NOT NULL,
  launch_error    TEXT,                   -- balance | domain | maintenance: a chosen error game
  sort            INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS games_vendor ON games (vendor, sort);
CREATE INDEX IF NOT EXISTS games_type ON games (game_type, vendor, sort);
CREATE TABLE IF NOT EXISTS game_names (
  node_id   INTEGER NOT NULL REFERENCES games(node_id),
  language  TEXT NOT NULL,                -- cn, tw, ja, en, th, vi
  name      TEXT NOT NULL,
  folded    TEXT NOT NULL,                -- lower-cased NFC, for the name search
  PRIMARY KEY (node_id, language)
);
CREATE TABLE IF NOT EXISTS favourite_games (
  member_id  INTEGER NOT NULL REFERENCES members(id),
  node_id    INTEGER NOT NULL REFERENCES games(node_id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (member_id, node_id)
);
CREATE TABLE IF NOT EXISTS recent_games (
  member_id INTEGER NOT NULL REFERENCES members(id),
  node_id   INTEGER NOT NULL REFERENCES games(node_id),
  played_at INTEGER NOT NULL,
  PRIMARY KEY (member_id, node_id)
);
CREATE TABLE IF NOT EXISTS game_tickets (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  ticket_hash   TEXT NOT NULL UNIQUE,     -- the ticket itself is only in the URL handed out
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  member_id     INTEGER REFERENCES members(id),   -- NULL: a trial launch
  account       TEXT NOT NULL,
  node_id       INTEGER NOT NULL REFERENCES games(node_id),
  vendor        TEXT NOT NULL,
  mode          TEXT NOT NULL,            -- real | trial
  language      TEXT NOT NULL,
  back_url      TEXT,
  created_at    INTEGER NOT NULL,
  expires_at    INTEGER NOT NULL,
  closed_at     INTEGER
);
CREATE INDEX IF NOT EXISTS game_tickets_member ON game_tickets (member_id, closed_at);
`;

export function foldName(name: string): string {
  return name.normalize("NFC").toLowerCase();
}

export function seedGames(db: Db): void {
  if (isEmpty(db, "game_vendors")) {
    const insert = db.prepare(
      `INSERT INTO game_vendors (code, id, display_name, game_type, sort, rebate, is_hot, can_enter_page, no_open_window, vassalage, maintenance)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    VENDORS.forEach((v, i) =>
      insert.run(
        v.code,
        101 + i,
        v.name,
        v.gameType,
        i,
        v.rebate ?? null,
        v.hot ? 1 : 0,
        v.canEnterPage,
        v.noOpenWindow,
        v.vassalage ? 1 : 0,
        v.maintenance ? 1 : 0,
      ),
    );
  }
  if (isEmpty(db, "games")) {
    const insert = db.prepare(
      `INSERT INTO games (node_id, game_id, room_id, vendor, game_type, classify, support_play, app_new_window, match_id, league_id,
         is_hot, is_new, launch_error, sort)
       VALUES (@nodeId, @gameId, @roomId, @vendor, @gameType, @classify, @supportPlay, @appNewWindow, @matchId, @leagueId,
         @isHot, @isNew, @error, @sort)`,
    );
    const insertName = db.prepare("INSERT INTO game_names (node_id, language, name, folded) VALUES (?, ?, ?, ?)");
    for (const game of GAMES) {
      const { names, ...row } = game;
      insert.run(row);
      for (const lang of GAME_LANGUAGES) insertName.run(game.nodeId, lang, names[lang], foldName(names[lang]));
    }
  }
}
