/** Sessions and what guards the ways in: captchas, login attempts and failures, bound social identities. No demo rows. */

export const SESSION_SCHEMA = `
CREATE TABLE IF NOT EXISTS sessions (
  token_hash TEXT PRIMARY KEY,
  member_id  INTEGER NOT NULL REFERENCES members(id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE TABLE IF NOT EXISTS captchas (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  device_id  TEXT NOT NULL,
  answer     TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at    INTEGER
);
CREATE INDEX IF NOT EXISTS captchas_device ON captchas (device_id, id);
CREATE TABLE IF NOT EXISTS login_attempts (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  username_key TEXT NOT NULL,             -- lower-cased username
  device_key   TEXT NOT NULL,
  at           INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS login_attempts_user ON login_attempts (username_key, at);
CREATE INDEX IF NOT EXISTS login_attempts_device ON login_attempts (device_key, at);
CREATE TABLE IF NOT EXISTS login_failures (
  username_key TEXT PRIMARY KEY,          -- also for unknown names, so probing them triggers the captcha too
  count        INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS social_identities (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  provider      TEXT NOT NULL,             -- google, facebook, twitter, line, sms, telegram
  subject       TEXT NOT NULL,             -- the identity service's user id
  member_id     INTEGER NOT NULL REFERENCES members(id),
  PRIMARY KEY (merchant_code, provider, subject)
);
`;
