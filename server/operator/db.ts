/**
 * SQLite schema and idempotent seed of the reference operator.
 * Seeding only fills empty tables, so a file database keeps whatever tests or demos changed.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { DEMO_ACCOUNTS, MERCHANT_CODE, WHITELABEL_FEATURES } from "./catalog";
import { generateKeyPairPem, hashPasswordSync } from "./crypto";

export type Db = Database.Database;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS merchants (
  code               TEXT PRIMARY KEY,
  site_title         TEXT NOT NULL,
  currency           TEXT NOT NULL,
  currency_symbol    TEXT NOT NULL,
  currency_position  TEXT NOT NULL,
  logo_url           TEXT NOT NULL,
  register_url       TEXT NOT NULL,
  maintenance        INTEGER NOT NULL DEFAULT 0,
  maintenance_start  TEXT,
  maintenance_end    TEXT,
  region_restriction INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS merchant_features (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  feature       TEXT NOT NULL,
  enabled       INTEGER NOT NULL,
  PRIMARY KEY (merchant_code, feature)
);
CREATE TABLE IF NOT EXISTS vip_labels (
  label_id      INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  label_name    TEXT NOT NULL,
  type          TEXT NOT NULL,
  rank_level    INTEGER NOT NULL,
  color         TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS members (
  id                  INTEGER PRIMARY KEY,
  merchant_code       TEXT NOT NULL REFERENCES merchants(code),
  username            TEXT NOT NULL COLLATE NOCASE,
  password_hash       TEXT NOT NULL,
  nickname            TEXT NOT NULL DEFAULT '',
  mobile              TEXT,
  email               TEXT,
  agent_type          INTEGER NOT NULL DEFAULT 0,
  label_id            INTEGER REFERENCES vip_labels(label_id),
  language            TEXT,
  two_factor_methods  TEXT NOT NULL DEFAULT '',
  totp_secret         TEXT,
  payee_name          TEXT,
  profile             TEXT NOT NULL DEFAULT '{}',  -- registration extras as JSON (qqNum, line, idNumber, affiliateCode, referralCode, linkId, ...)
  password_changed_at INTEGER NOT NULL,
  password_expires_at INTEGER,            -- NULL: never expires
  last_login_at       INTEGER,            -- NULL: never logged in (firstTimeLogin)
  created_at          INTEGER NOT NULL,
  UNIQUE (merchant_code, username)
);
CREATE INDEX IF NOT EXISTS members_mobile ON members (merchant_code, mobile);
CREATE TABLE IF NOT EXISTS wallets (
  member_id INTEGER PRIMARY KEY REFERENCES members(id),
  balance   TEXT NOT NULL,                -- decimal string, never a float
  currency  TEXT NOT NULL
);
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
CREATE TABLE IF NOT EXISTS sms_codes (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  device_id  TEXT,
  mobile     TEXT NOT NULL,
  purpose    TEXT NOT NULL,               -- login, register, password
  code       TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at    INTEGER
);
CREATE INDEX IF NOT EXISTS sms_codes_mobile ON sms_codes (mobile, purpose, id);
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
CREATE TABLE IF NOT EXISTS affiliates (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  code          TEXT NOT NULL COLLATE NOCASE,
  member_id     INTEGER REFERENCES members(id),
  active        INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (merchant_code, code)
);
CREATE TABLE IF NOT EXISTS social_identities (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  provider      TEXT NOT NULL,             -- google, facebook, twitter, line, sms, telegram
  subject       TEXT NOT NULL,             -- the identity service's user id
  member_id     INTEGER NOT NULL REFERENCES members(id),
  PRIMARY KEY (merchant_code, provider, subject)
);
CREATE TABLE IF NOT EXISTS register_rules (
  merchant_code    TEXT NOT NULL REFERENCES merchants(code),
  field_key        TEXT NOT NULL,
  position         INTEGER NOT NULL,
  type             TEXT NOT NULL,
  required         INTEGER NOT NULL,
  enabled          INTEGER NOT NULL,
  min_length       INTEGER,
  max_length       INTEGER,
  accepted_pattern TEXT,
  pattern_id       INTEGER,
  message          TEXT,
  PRIMARY KEY (merchant_code, field_key)
);
`;

export interface RegisterRuleSeed {
  key: string;
  type: string;
  required: boolean;
  enabled: boolean;
  minLength: number | null;
  maxLength: number | null;
  acceptedPattern: string | null;
  patternId: number | null;
  message: string | null;
}

/** Registration form rules of the demo merchant (document 000, section 5). */
export const REGISTER_RULES: readonly RegisterRuleSeed[] = [
  { key: "username", type: "text", required: true, enabled: true, minLength: 6, maxLength: 13, acceptedPattern: "^[A-Za-z0-9]+$", patternId: 4, message: "reg_pattern_4" },
  { key: "password", type: "password", required: true, enabled: true, minLength: 6, maxLength: 16, acceptedPattern: "^[A-Za-z0-9]+$", patternId: null, message: "error_password" },
  { key: "verifyPwd", type: "password", required: true, enabled: true, minLength: 6, maxLength: 16, acceptedPattern: null, patternId: null, message: "inconsistent_twice" },
  { key: "mobileNum", type: "number", required: true, enabled: true, minLength: 10, maxLength: 16, acceptedPattern: "^[0-9]+$", patternId: null, message: "error_phone_number_limit" },
  { key: "verificationCode", type: "text", required: true, enabled: true, minLength: 0, maxLength: 255, acceptedPattern: null, patternId: null, message: "enter_verification_code" },
  { key: "email", type: "email", required: false, enabled: true, minLength: 0, maxLength: 64, acceptedPattern: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$", patternId: null, message: "email incorrect" },
  { key: "nickname", type: "text", required: false, enabled: false, minLength: 0, maxLength: 20, acceptedPattern: null, patternId: null, message: null },
  { key: "captcha", type: "text", required: true, enabled: true, minLength: 4, maxLength: 4, acceptedPattern: "^[0-9]{4}$", patternId: null, message: "enter_verification_code" },
  { key: "affiliateCode", type: "text", required: false, enabled: true, minLength: 0, maxLength: 32, acceptedPattern: "^[A-Za-z0-9]*$", patternId: null, message: null },
  // Sent by operators but never shown (document 000, section 3): the portal must hide it.
  { key: "rebateId", type: "text", required: false, enabled: true, minLength: 0, maxLength: 32, acceptedPattern: null, patternId: null, message: null },
];

/** Affiliate (agent) codes a registration may name: two live ones and one that was closed. */
const AFFILIATES = [
  { code: "AGENT001", owner: "agent001", active: true },
  { code: "PROMO88", owner: null, active: true },
  { code: "CLOSED01", owner: null, active: false },
];

const VIP_LABELS = [
  { labelId: 1, name: "Bronze", rank: 1, color: "#CD7F32" },
  { labelId: 2, name: "Silver", rank: 2, color: "#C0C0C0" },
  { labelId: 3, name: "Gold", rank: 3, color: "#D4AF37" },
];

const LONG_AGO = Date.UTC(2020, 0, 1);
const PASSWORD_MAX_AGE_MS = 90 * 24 * 3600 * 1000;

// Seeding runs for every in-memory operator a test suite starts; RSA key generation and scrypt
// dominate start-up, so a process reuses them. File databases always get their own key.
let memoryKeyPem: string | null = null;
const seedHashes = new Map<string, string>();

function seedHash(password: string): string {
  let hash = seedHashes.get(password);
  if (!hash) {
    hash = hashPasswordSync(password);
    seedHashes.set(password, hash);
  }
  return hash;
}

function isEmpty(db: Db, table: string): boolean {
  return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n === 0;
}

function seed(db: Db, inMemory: boolean): void {
  const now = Date.now();

  if (isEmpty(db, "merchants")) {
    db.prepare(
      `INSERT INTO merchants (code, site_title, currency, currency_symbol, currency_position, logo_url, register_url)
       VALUES (?, 'Demo Gaming', 'CNY', '¥', 'F', '/logo.svg', 'http://localhost:3000/register')`,
    ).run(MERCHANT_CODE);
  }

  if (isEmpty(db, "merchant_features")) {
    const insert = db.prepare("INSERT INTO merchant_features (merchant_code, feature, enabled) VALUES (?, ?, 1)");
    for (const feature of WHITELABEL_FEATURES) insert.run(MERCHANT_CODE, feature);
  }

  if (isEmpty(db, "vip_labels")) {
    const insert = db.prepare(
      "INSERT INTO vip_labels (label_id, merchant_code, label_name, type, rank_level, color) VALUES (?, ?, ?, 'AUTO', ?, ?)",
    );
    for (const label of VIP_LABELS) insert.run(label.labelId, MERCHANT_CODE, label.name, label.rank, label.color);
  }

  if (isEmpty(db, "members")) {
    const insertMember = db.prepare(
      `INSERT INTO members (merchant_code, username, password_hash, nickname, mobile, email, payee_name, agent_type, label_id,
         two_factor_methods, totp_secret, password_changed_at, password_expires_at, created_at)
       VALUES (@merchant, @username, @hash, @nickname, @mobile, @email, @payeeName, @agentType, @labelId, @twoFactor, @totp, @changedAt, @expiresAt, @now)`,
    );
    const insertWallet = db.prepare("INSERT INTO wallets (member_id, balance, currency) VALUES (?, ?, 'CNY')");
    for (const account of DEMO_ACCOUNTS) {
      const label = VIP_LABELS.find((l) => l.name === account.label);
      const { lastInsertRowid } = insertMember.run({
        merchant: MERCHANT_CODE,
        username: account.username,
        hash: seedHash(account.password),
        nickname: account.nickname,
        mobile: account.mobile,
        email: account.email ?? null,
        payeeName: account.payeeName ?? null,
        agentType: account.agentType,
        labelId: label?.labelId ?? null,
        twoFactor: account.twoFactor,
        totp: account.totpSecret,
        changedAt: account.passwordExpired ? LONG_AGO : now,
        // Only the expired demo account gets an expiry, so a long-lived demo db stays usable.
        expiresAt: account.passwordExpired ? LONG_AGO + PASSWORD_MAX_AGE_MS : null,
        now,
      });
      insertWallet.run(lastInsertRowid, account.balance);
    }
  }

  if (isEmpty(db, "register_rules")) {
    const insert = db.prepare(
      `INSERT INTO register_rules (merchant_code, field_key, position, type, required, enabled, min_length, max_length,
         accepted_pattern, pattern_id, message)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    REGISTER_RULES.forEach((rule, index) =>
      insert.run(
        MERCHANT_CODE,
        rule.key,
        index,
        rule.type,
        rule.required ? 1 : 0,
        rule.enabled ? 1 : 0,
        rule.minLength,
        rule.maxLength,
        rule.acceptedPattern,
        rule.patternId,
        rule.message,
      ),
    );
  }

  if (isEmpty(db, "affiliates")) {
    const insert = db.prepare("INSERT INTO affiliates (merchant_code, code, member_id, active) VALUES (?, ?, ?, ?)");
    for (const affiliate of AFFILIATES) {
      const owner = affiliate.owner
        ? (db.prepare("SELECT id FROM members WHERE merchant_code = ? AND username = ?").get(MERCHANT_CODE, affiliate.owner) as
            | { id: number }
            | undefined)
        : undefined;
      insert.run(MERCHANT_CODE, affiliate.code, owner?.id ?? null, affiliate.active ? 1 : 0);
    }
  }

  if (!db.prepare("SELECT 1 FROM meta WHERE key = 'rsa_private_pem'").get()) {
    let pem: string;
    if (inMemory) {
      memoryKeyPem ??= generateKeyPairPem();
      pem = memoryKeyPem;
    } else {
      pem = generateKeyPairPem();
    }
    db.prepare("INSERT INTO meta (key, value) VALUES ('rsa_private_pem', ?)").run(pem);
  }
}

/** Opens (creating if needed) the database, applies the schema and seeds empty tables. */
export function openOperatorDb(dbPath: string): Db {
  const inMemory = dbPath === ":memory:" || dbPath === "";
  if (!inMemory && !dbPath.startsWith("file:")) mkdirSync(dirname(dbPath), { recursive: true });
  const db = new Database(dbPath);
  if (!inMemory) db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.exec(SCHEMA);
  db.transaction(() => seed(db, inMemory))();
  return db;
}
