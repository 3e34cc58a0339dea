/** SQL of the member area: members, their VIP labels and wallets. Times are epoch milliseconds. */
import type { Db } from "../db";
import { merchantByCode } from "../system/store";

export interface MemberRow {
  id: number;
  merchant_code: string;
  username: string;
  password_hash: string;
  nickname: string;
  mobile: string | null;
  email: string | null;
  agent_type: number;
  label_id: number | null;
  language: string | null;
  two_factor_methods: string;
  totp_secret: string | null;
  payee_name: string | null;
  /** JSON object of registration extras. */
  profile: string;
  password_changed_at: number;
  password_expires_at: number | null;
  last_login_at: number | null;
  created_at: number;
}

export interface LabelRow {
  label_id: number;
  label_name: string;
  type: string;
  rank_level: number;
  color: string;
}

export function memberByUsername(db: Db, merchantCode: string, username: string): MemberRow | undefined {
  // username has COLLATE NOCASE: logins are case-insensitive.
  return db.prepare("SELECT * FROM members WHERE merchant_code = ? AND username = ?").get(merchantCode, username) as MemberRow | undefined;
}

export function memberByMobile(db: Db, merchantCode: string, mobile: string): MemberRow | undefined {
  return db.prepare("SELECT * FROM members WHERE merchant_code = ? AND mobile = ?").get(merchantCode, mobile) as MemberRow | undefined;
}

export interface NewMember {
  merchantCode: string;
  username: string;
  passwordHash: string;
  nickname?: string;
  mobile?: string | null;
  email?: string | null;
  payeeName?: string | null;
  agentType?: number;
  twoFactor?: string;
  totpSecret?: string | null;
  passwordExpired?: boolean;
  profile?: Record<string, unknown>;
  balance?: string;
  now: number;
}

/**
 * Adds a member and an empty wallet (registration, free play, tests). Answers the new row;
 * a username or mobile already taken throws (the caller checks first).
 */
export function createMember(db: Db, m: NewMember): MemberRow {
  const info = db
    .prepare(
      `INSERT INTO members (merchant_code, username, password_hash, nickname, mobile, email, payee_name, agent_type,
         two_factor_methods, totp_secret, profile, password_changed_at, password_expires_at, created_at)
       VALUES (@merchantCode, @username, @passwordHash, @nickname, @mobile, @email, @payeeName, @agentType,
         @twoFactor, @totpSecret, @profile, @now, @expiresAt, @now)`,
    )
    .run({
      merchantCode: m.merchantCode,
      username: m.username,
      passwordHash: m.passwordHash,
      nickname: m.nickname ?? "",
      mobile: m.mobile ?? null,
      email: m.email ?? null,
      payeeName: m.payeeName ?? null,
      agentType: m.agentType ?? 0,
      twoFactor: m.twoFactor ?? "",
      totpSecret: m.totpSecret ?? null,
      profile: JSON.stringify(m.profile ?? {}),
      now: m.now,
      expiresAt: m.passwordExpired ? m.now - 1 : null,
    });
  const merchant = merchantByCode(db, m.merchantCode);
  db.prepare("INSERT INTO wallets (member_id, balance, currency) VALUES (?, ?, ?)").run(
    info.lastInsertRowid,
    m.balance ?? "0",
    merchant?.currency ?? "CNY",
  );
  return db.prepare("SELECT * FROM members WHERE id = ?").get(info.lastInsertRowid) as MemberRow;
}

export function setPassword(db: Db, memberId: number, passwordHash: string, now: number): void {
  db.prepare("UPDATE members SET password_hash = ?, password_changed_at = ?, password_expires_at = NULL WHERE id = ?").run(
    passwordHash,
    now,
    memberId,
  );
}

export function setMemberLanguage(db: Db, memberId: number, language: string): void {
  db.prepare("UPDATE members SET language = ? WHERE id = ?").run(language, memberId);
}

export function recordLogin(db: Db, memberId: number, now: number): void {
  db.prepare("UPDATE members SET last_login_at = ? WHERE id = ?").run(now, memberId);
}

export function label(db: Db, labelId: number | null): LabelRow | undefined {
  if (labelId === null) return undefined;
  return db.prepare("SELECT * FROM vip_labels WHERE label_id = ?").get(labelId) as LabelRow | undefined;
}

export function wallet(db: Db, memberId: number): { balance: string; currency: string } | undefined {
  return db.prepare("SELECT balance, currency FROM wallets WHERE member_id = ?").get(memberId) as
    { balance: string; currency: string } | undefined;
}
