/** The SMS codes the operator "sent" (tests read them at /__reference/codes). No demo rows. */
import { ensureColumns, type Db } from "../db";

export const SMS_SCHEMA = `
CREATE TABLE IF NOT EXISTS sms_codes (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  device_id  TEXT,
  mobile     TEXT NOT NULL,
  purpose    TEXT NOT NULL,               -- login, register, password, verify
  code       TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at    INTEGER,
  tries      INTEGER NOT NULL DEFAULT 0     -- wrong entries of this code so far
);
CREATE INDEX IF NOT EXISTS sms_codes_mobile ON sms_codes (mobile, purpose, id);
`;

/** A database file made before codes counted their wrong entries gets the column. */
export function seedSms(db: Db): void {
  ensureColumns(db, "sms_codes", { tries: "INTEGER NOT NULL DEFAULT 0" });
}
