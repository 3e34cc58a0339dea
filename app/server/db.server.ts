/**
 * The portal's own embedded store (SQLite): server-held sessions and the login state of a
 * browser before it has a session (the captcha demand, by device id). It lives in the data
 * directory, so sessions survive a restart of the app. Player data is never kept here: that
 * belongs to the operator.
 */
import Database from "better-sqlite3";
import { portalDbFile } from "~/server/config.server";

let db: Database.Database | undefined;

export function portalDb(): Database.Database {
  if (!db) {
    db = new Database(portalDbFile());
    db.pragma("journal_mode = WAL");
    db.exec(`CREATE TABLE IF NOT EXISTS sessions (
      id TEXT PRIMARY KEY,
      data TEXT NOT NULL,
      expires INTEGER NOT NULL
    )`);
    db.exec(`CREATE TABLE IF NOT EXISTS device_login_state (
      device_id TEXT PRIMARY KEY,
      data TEXT NOT NULL,
      expires INTEGER NOT NULL
    )`);
  }
  return db;
}
