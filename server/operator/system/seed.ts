/** The merchant and its whitelabel switches: the demo merchant has every switch on. */
import { isEmpty, MERCHANT_CODE, type Db } from "../db";

/** Every whitelabel switch the portal knows (seeded into merchant_features). */
export const WHITELABEL_FEATURES = [
  "REG3",
  "USERNAMEREG3",
  "MOBILENUMREG3",
  "REGMOBVERF3",
  "MOBILENUMPASSREG3",
  "UPDATEMOBILEICC3",
  "MOBILELOGIN3",
  "MOBILEVERCODELOGIN3",
  "FREEPLAY3",
  "PWDEXPFORCECHANGE3",
  "TELEGRAMLOGIN3",
  "GOOGLELOGIN3",
  "FACEBOOKLOGIN3",
  "TWITTERLOGIN3",
  "LINELOGIN3",
  "FIREBASECREATEACC3",
  "SSOMANUALREG3",
  "COMM3",
  "PTSYS3",
  "HOURSAL3",
  "DAILYSAL3",
  "DIVIDEND3",
  "REALSAL3",
  "MISSION3",
  "CHAT3",
  "FEEDBACK3",
  "INBOX3",
  "PROMO3",
  "RAFFLE3",
  "VIP3",
  "AFFILIATE3",
] as const;

export type WhitelabelFeature = (typeof WHITELABEL_FEATURES)[number];

export const SYSTEM_SCHEMA = `
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
`;

export function seedSystem(db: Db): void {
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
}
