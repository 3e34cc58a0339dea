/** The SMS codes the operator "sent" (tests read them at /__reference/codes). No demo rows. */

export const SMS_SCHEMA = `
CREATE TABLE IF NOT EXISTS sms_codes (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  device_id  TEXT,
  mobile     TEXT NOT NULL,
  purpose    TEXT NOT NULL,               -- login, register, password, verify
  code       TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at    INTEGER
);
CREATE INDEX IF NOT EXISTS sms_codes_mobile ON sms_codes (mobile, purpose, id);
`;
