/**
 * The portal's own embedded store (SQLite): server-held sessions and the login state of a
 * browser before it has a session (the captcha demand, by device id). It lives in the data
 * directory, so sessions survive a restart of the app. Player data is never kept here: that
 * belongs to the operator.
 */
import Database from "better-sqlite3";
import { chmodSync, closeSync, openSync } from "node:fs";
import { portalDbFile } from "~/server/config.server";

let db: Database.Database | undefined;

export function portalDb(): Database.Database {
  if (!db) {
    const file = portalDbFile();
    // Sessions are sealed (session.server.ts), but the file is still the site's: readable by
    // this user alone. SQLite gives its -wal and -shm files the same mode as the database.
    if (file !== ":memory:") {
      closeSync(openSync(file, "a", 0o600));
      chmodSync(file, 0o600);
    }
    db = new Database(file);
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
    db.exec(`CREATE TABLE IF NOT EXISTS player_notices (
      player_key TEXT PRIMARY KEY,
      data TEXT NOT NULL,
      expires INTEGER NOT NULL
    )`);
  }
  return db;
}
