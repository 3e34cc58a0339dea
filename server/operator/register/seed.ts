/** The merchant's register rules (document 000, section 5) and the affiliate codes a registration may name. */
import { isEmpty, MERCHANT_CODE, SECOND_MERCHANT_CODE, type Db } from "../db";
import { replaceRegisterRules } from "./store";

export const REGISTER_SCHEMA = `
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
CREATE TABLE IF NOT EXISTS affiliates (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  code          TEXT NOT NULL COLLATE NOCASE,
  member_id     INTEGER REFERENCES members(id),
  active        INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (merchant_code, code)
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
  {
    key: "username",
    type: "text",
    required: true,
    enabled: true,
    minLength: 6,
    maxLength: 13,
    acceptedPattern: "^[A-Za-z0-9]+$",
    patternId: 4,
    message: "reg_pattern_4",
  },
  {
    key: "password",
    type: "password",
    required: true,
    enabled: true,
    minLength: 6,
    maxLength: 16,
    acceptedPattern: "^[A-Za-z0-9]+$",
    patternId: null,
    message: "error_password",
  },
  {
    key: "verifyPwd",
    type: "password",
    required: true,
    enabled: true,
    minLength: 6,
    maxLength: 16,
    acceptedPattern: null,
    patternId: null,
    message: "inconsistent_twice",
  },
  {
    key: "mobileNum",
    type: "number",
    required: true,
    enabled: true,
    minLength: 10,
    maxLength: 16,
    acceptedPattern: "^[0-9]+$",
    patternId: null,
    message: "error_phone_number_limit",
  },
  {
    key: "verificationCode",
    type: "text",
    required: true,
    enabled: true,
    minLength: 0,
    maxLength: 255,
    acceptedPattern: null,
    patternId: null,
    message: "enter_verification_code",
  },
  {
    key: "email",
    type: "email",
    required: false,
    enabled: true,
    minLength: 0,
    maxLength: 64,
    acceptedPattern: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$",
    patternId: null,
    message: "email incorrect",
  },
  {
    key: "nickname",
    type: "text",
    required: false,
    enabled: false,
    minLength: 0,
    maxLength: 20,
    acceptedPattern: null,
    patternId: null,
    message: null,
  },
  {
    key: "captcha",
    type: "text",
    required: true,
    enabled: true,
    minLength: 4,
    maxLength: 4,
    acceptedPattern: "^[0-9]{4}$",
    patternId: null,
    message: "enter_verification_code",
  },
  {
    key: "affiliateCode",
    type: "text",
    required: false,
    enabled: true,
    minLength: 0,
    maxLength: 32,
    acceptedPattern: "^[A-Za-z0-9]*$",
    patternId: null,
    message: null,
  },
  // Sent by operators but never shown (document 000, section 3): the portal must hide it.
  {
    key: "rebateId",
    type: "text",
    required: false,
    enabled: true,
    minLength: 0,
    maxLength: 32,
    acceptedPattern: null,
    patternId: null,
    message: null,
  },
];

/** Affiliate (agent) codes a registration may name: two live ones and one that was closed. */
const AFFILIATES = [
  { code: "AGENT001", owner: "agent001", active: true },
  { code: "PROMO88", owner: null, active: true },
  { code: "CLOSED01", owner: null, active: false },
];

export function seedRegister(db: Db): void {
  if (isEmpty(db, "register_rules")) replaceRegisterRules(db, MERCHANT_CODE, REGISTER_RULES);
  // The second merchant registers by the same rules (also in a database made before it existed).
  if (!db.prepare("SELECT 1 FROM register_rules WHERE merchant_code = ? LIMIT 1").get(SECOND_MERCHANT_CODE)) {
    replaceRegisterRules(db, SECOND_MERCHANT_CODE, REGISTER_RULES);
  }

  if (isEmpty(db, "affiliates")) {
    const insert = db.prepare("INSERT INTO affiliates (merchant_code, code, member_id, active) VALUES (?, ?, ?, ?)");
    for (const affiliate of AFFILIATES) {
      const owner = affiliate.owner
        ? (db.prepare("SELECT id FROM members WHERE merchant_code = ? AND username = ?").get(MERCHANT_CODE, affiliate.owner) as
            { id: number } | undefined)
        : undefined;
      insert.run(MERCHANT_CODE, affiliate.code, owner?.id ?? null, affiliate.active ? 1 : 0);
    }
  }
}
