/** Members, their VIP labels and wallets; the demo accounts every test and the demo log in with. */
import { hashPasswordSync } from "../crypto";
import { isEmpty, MERCHANT_CODE, SECOND_MERCHANT_CODE, type Db } from "../db";

export interface DemoAccount {
  username: string;
  password: string;
  nickname: string;
  /** Agent flag reported as member info `type`. */
  agentType: number;
  mobile: string | null;
  balance: string;
  /** VIP label name, or null for none. */
  label: string | null;
  /** Second-factor methods (E, G, S, P) required after the password, "" for none. */
  twoFactor: string;
  totpSecret: string | null;
  passwordExpired: boolean;
  /** Checked by the e-mail method (E) of the second factor. */
  email?: string;
  /** Checked by the payee-name method (P) of the second factor. */
  payeeName?: string;
}

/** Seeded accounts (only into an empty members table). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: "player01",
    password: "Player123",
    nickname: "Lucky Player",
    agentType: 0,
    mobile: "13800138000",
    balance: "12345.6789",
    label: "Gold",
    twoFactor: "",
    totpSecret: null,
    passwordExpired: false,
  },
  {
    username: "agent001",
    password: "Agent1234",
    nickname: "Agent Smith",
    agentType: 1,
    mobile: "13900139000",
    balance: "88000.5",
    label: null,
    twoFactor: "",
    totpSecret: null,
    passwordExpired: false,
  },
  {
    username: "expired01",
    password: "Expired123",
    nickname: "Expired Player",
    agentType: 0,
    mobile: null,
    balance: "0",
    label: null,
    twoFactor: "",
    totpSecret: null,
    passwordExpired: true,
  },
  {
    username: "secure01",
    password: "Secure123",
    nickname: "Secure Player",
    agentType: 0,
    mobile: null,
    balance: "0",
    label: null,
    twoFactor: "G",
    totpSecret: "JBSWY3DPEHPK3PXP",
    passwordExpired: false,
  },
  {
    // Every second-factor method, so each tab of /login/verify can be tried.
    username: "verify01",
    password: "Verify123",
    nickname: "Verify Player",
    agentType: 0,
    mobile: "13700137000",
    balance: "0",
    label: null,
    twoFactor: "PSGE",
    totpSecret: "JBSWY3DPEHPK3PXP",
    passwordExpired: false,
    email: "verify01@example.com",
    payeeName: "Zhang Wei",
  },
];

/** Accounts of the second merchant (demo2, "Lucky Tiger"): members belong to one merchant. */
export const SECOND_MERCHANT_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: "tiger01",
    password: "Tiger1234",
    nickname: "Tiger Player",
    agentType: 0,
    mobile: "0812345678",
    balance: "50000.00",
    label: null,
    twoFactor: "",
    totpSecret: null,
    passwordExpired: false,
  },
  {
    username: "tigeragent",
    password: "Tiger1234",
    nickname: "Tiger Agent",
    agentType: 1,
    mobile: null,
    balance: "120000.00",
    label: null,
    twoFactor: "",
    totpSecret: null,
    passwordExpired: false,
  },
];

export const VIP_LABELS = [
  { labelId: 1, name: "Bronze", rank: 1, color: "#CD7F32" },
  { labelId: 2, name: "Silver", rank: 2, color: "#C0C0C0" },
  { labelId: 3, name: "Gold", rank: 3, color: "#D4AF37" },
];

export const MEMBER_SCHEMA = `
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
`;

const LONG_AGO = Date.UTC(2020, 0, 1);
const PASSWORD_MAX_AGE_MS = 90 * 24 * 3600 * 1000;

// Seeding runs for every in-memory operator a test suite starts and scrypt dominates it, so a
// process hashes each demo password once.
const seedHashes = new Map<string, string>();

export function seedHash(password: string): string {
  let hash = seedHashes.get(password);
  if (!hash) {
    hash = hashPasswordSync(password);
    seedHashes.set(password, hash);
  }
  return hash;
}

export function seedMembers(db: Db, now: number): void {
  if (isEmpty(db, "vip_labels")) {
    const insert = db.prepare(
      "INSERT INTO vip_labels (label_id, merchant_code, label_name, type, rank_level, color) VALUES (?, ?, ?, 'AUTO', ?, ?)",
    );
    for (const label of VIP_LABELS) insert.run(label.labelId, MERCHANT_CODE, label.name, label.rank, label.color);
  }

  if (isEmpty(db, "members")) insertAccounts(db, MERCHANT_CODE, DEMO_ACCOUNTS, now);
  // The second merchant's accounts also go into a database made before it existed.
  const hasSecond = db.prepare("SELECT 1 FROM members WHERE merchant_code = ? LIMIT 1").get(SECOND_MERCHANT_CODE);
  if (!hasSecond) insertAccounts(db, SECOND_MERCHANT_CODE, SECOND_MERCHANT_ACCOUNTS, now);
}

function insertAccounts(db: Db, merchantCode: string, accounts: readonly DemoAccount[], now: number): void {
  const insertMember = db.prepare(
    `INSERT INTO members (merchant_code, username, password_hash, nickname, mobile, email, payee_name, agent_type, label_id,
       two_factor_methods, totp_secret, password_changed_at, password_expires_at, created_at)
     VALUES (@merchant, @username, @hash, @nickname, @mobile, @email, @payeeName, @agentType, @labelId, @twoFactor, @totp, @changedAt, @expiresAt, @now)`,
  );
  const { currency } = db.prepare("SELECT currency FROM merchants WHERE code = ?").get(merchantCode) as { currency: string };
  const insertWallet = db.prepare("INSERT INTO wallets (member_id, balance, currency) VALUES (?, ?, ?)");
  for (const account of accounts) {
    const label = VIP_LABELS.find((l) => l.name === account.label);
    const { lastInsertRowid } = insertMember.run({
      merchant: merchantCode,
      username: account.username,
      hash: seedHash(account.password),
      nickname: account.nickname,
      mobile: account.mobile,
      email: account.email ?? null,
      payeeName: account.payeeName ?? null,
      agentType: account.agentType,
      // The VIP labels are the first merchant's.
      labelId: merchantCode === MERCHANT_CODE ? (label?.labelId ?? null) : null,
      twoFactor: account.twoFactor,
      totp: account.totpSecret,
      changedAt: account.passwordExpired ? LONG_AGO : now,
      // Only the expired demo account gets an expiry, so a long-lived demo db stays usable.
      expiresAt: account.passwordExpired ? LONG_AGO + PASSWORD_MAX_AGE_MS : null,
      now,
    });
    insertWallet.run(lastInsertRowid, account.balance, currency);
  }
}
