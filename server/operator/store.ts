/**
 * Data access of the reference operator: every SQL statement the routes need, by intent.
 * Times are epoch milliseconds.
 */
import { randomInt } from "node:crypto";
import type { Db } from "./db";
import { hashToken, newToken } from "./crypto";

export const SESSION_TTL_MS = 2 * 60 * 60 * 1000;
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
export const LOGIN_WINDOW_MS = 60 * 1000;

export interface MerchantRow {
  code: string;
  site_title: string;
  currency: string;
  currency_symbol: string;
  currency_position: string;
  logo_url: string;
  register_url: string;
  maintenance: number;
  maintenance_start: string | null;
  maintenance_end: string | null;
  region_restriction: number;
}

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

export interface RegisterRuleRow {
  field_key: string;
  type: string;
  required: number;
  enabled: number;
  min_length: number | null;
  max_length: number | null;
  accepted_pattern: string | null;
  pattern_id: number | null;
  message: string | null;
}

export interface SmsCodeRow {
  mobile: string;
  purpose: string;
  code: string;
  expires_at: number;
}

export class OperatorStore {
  constructor(readonly db: Db) {}

  // --- merchant ---------------------------------------------------------------------------

  merchant(code: string): MerchantRow | undefined {
    return this.db.prepare("SELECT * FROM merchants WHERE code = ?").get(code) as MerchantRow | undefined;
  }

  features(merchantCode: string): Record<string, boolean> {
    const rows = this.db
      .prepare("SELECT feature, enabled FROM merchant_features WHERE merchant_code = ? ORDER BY rowid")
      .all(merchantCode) as { feature: string; enabled: number }[];
    return Object.fromEntries(rows.map((r) => [r.feature, r.enabled === 1]));
  }

  /** Turns switches on or off (tests and the demo); unknown names are stored as given. */
  setFeatures(merchantCode: string, switches: Record<string, boolean>): void {
    const upsert = this.db.prepare(
      `INSERT INTO merchant_features (merchant_code, feature, enabled) VALUES (?, ?, ?)
       ON CONFLICT (merchant_code, feature) DO UPDATE SET enabled = excluded.enabled`,
    );
    this.db.transaction(() => {
      for (const [name, on] of Object.entries(switches)) upsert.run(merchantCode, name, on ? 1 : 0);
    })();
  }

  registerRules(merchantCode: string): RegisterRuleRow[] {
    return this.db
      .prepare("SELECT * FROM register_rules WHERE merchant_code = ? ORDER BY position")
      .all(merchantCode) as RegisterRuleRow[];
  }

  // --- members ----------------------------------------------------------------------------

  memberByUsername(merchantCode: string, username: string): MemberRow | undefined {
    // username has COLLATE NOCASE: logins are case-insensitive.
    return this.db
      .prepare("SELECT * FROM members WHERE merchant_code = ? AND username = ?")
      .get(merchantCode, username) as MemberRow | undefined;
  }

  memberByMobile(merchantCode: string, mobile: string): MemberRow | undefined {
    return this.db
      .prepare("SELECT * FROM members WHERE merchant_code = ? AND mobile = ?")
      .get(merchantCode, mobile) as MemberRow | undefined;
  }

  /**
   * Adds a member and an empty wallet (registration, free play, tests). Answers the new row;
   * a username or mobile already taken throws (the caller checks first).
   */
  createMember(m: {
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
  }): MemberRow {
    const info = this.db
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
    const merchant = this.merchant(m.merchantCode);
    this.db
      .prepare("INSERT INTO wallets (member_id, balance, currency) VALUES (?, ?, ?)")
      .run(info.lastInsertRowid, m.balance ?? "0", merchant?.currency ?? "CNY");
    return this.db.prepare("SELECT * FROM members WHERE id = ?").get(info.lastInsertRowid) as MemberRow;
  }

  setPassword(memberId: number, passwordHash: string, now: number): void {
    this.db
      .prepare("UPDATE members SET password_hash = ?, password_changed_at = ?, password_expires_at = NULL WHERE id = ?")
      .run(passwordHash, now, memberId);
  }

  label(labelId: number | null): LabelRow | undefined {
    if (labelId === null) return undefined;
    return this.db.prepare("SELECT * FROM vip_labels WHERE label_id = ?").get(labelId) as LabelRow | undefined;
  }

  wallet(memberId: number): { balance: string; currency: string } | undefined {
    return this.db.prepare("SELECT balance, currency FROM wallets WHERE member_id = ?").get(memberId) as
      | { balance: string; currency: string }
      | undefined;
  }

  setMemberLanguage(memberId: number, language: string): void {
    this.db.prepare("UPDATE members SET language = ? WHERE id = ?").run(language, memberId);
  }

  memberLanguage(memberId: number): string | null {
    const row = this.db.prepare("SELECT language FROM members WHERE id = ?").get(memberId) as { language: string | null } | undefined;
    return row?.language ?? null;
  }

  recordLogin(memberId: number, now: number): void {
    this.db.prepare("UPDATE members SET last_login_at = ? WHERE id = ?").run(now, memberId);
  }

  // --- sessions ---------------------------------------------------------------------------

  createSession(memberId: number, now: number): string {
    const token = newToken();
    this.db
      .prepare("INSERT INTO sessions (token_hash, member_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
      .run(hashToken(token), memberId, now, now + SESSION_TTL_MS);
    return token;
  }

  /** The member of a live (issued, not revoked, not expired) token of this merchant. */
  memberByToken(merchantCode: string, token: string, now: number): MemberRow | undefined {
    return this.db
      .prepare(
        `SELECT m.* FROM sessions s JOIN members m ON m.id = s.member_id
         WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND m.merchant_code = ?`,
      )
      .get(hashToken(token), now, merchantCode) as MemberRow | undefined;
  }

  revokeSession(token: string, now: number): void {
    this.db.prepare("UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL").run(now, hashToken(token));
  }

  expireAllSessions(now: number): void {
    this.db.prepare("UPDATE sessions SET expires_at = ? WHERE expires_at > ?").run(now - 1, now - 1);
  }

  // --- login throttling -------------------------------------------------------------------

  /** Records an attempt and returns how many attempts (this one included) the user and the device made in the window. */
  recordLoginAttempt(usernameKey: string, deviceKey: string, now: number): { byUser: number; byDevice: number } {
    const since = now - LOGIN_WINDOW_MS;
    this.db.prepare("DELETE FROM login_attempts WHERE at <= ?").run(since);
    this.db.prepare("INSERT INTO login_attempts (username_key, device_key, at) VALUES (?, ?, ?)").run(usernameKey, deviceKey, now);
    const count = (column: string, value: string) =>
      (this.db.prepare(`SELECT COUNT(*) AS n FROM login_attempts WHERE ${column} = ? AND at > ?`).get(value, since) as { n: number }).n;
    return { byUser: count("username_key", usernameKey), byDevice: count("device_key", deviceKey) };
  }

  failures(usernameKey: string): number {
    const row = this.db.prepare("SELECT count FROM login_failures WHERE username_key = ?").get(usernameKey) as
      | { count: number }
      | undefined;
    return row?.count ?? 0;
  }

  /** Returns the new consecutive-failure count. */
  addFailure(usernameKey: string, now: number): number {
    const row = this.db
      .prepare(
        `INSERT INTO login_failures (username_key, count, updated_at) VALUES (?, 1, ?)
         ON CONFLICT (username_key) DO UPDATE SET count = count + 1, updated_at = excluded.updated_at
         RETURNING count`,
      )
      .get(usernameKey, now) as { count: number };
    return row.count;
  }

  resetFailures(usernameKey: string): void {
    this.db.prepare("DELETE FROM login_failures WHERE username_key = ?").run(usernameKey);
  }

  // --- captcha ----------------------------------------------------------------------------

  /** Issues a new 4-digit answer for the device; older unused answers of the device stop counting. */
  issueCaptcha(deviceId: string, now: number): string {
    const answer = String(randomInt(10000)).padStart(4, "0");
    this.db.transaction(() => {
      this.db.prepare("UPDATE captchas SET used_at = ? WHERE device_id = ? AND used_at IS NULL").run(now, deviceId);
      this.db
        .prepare("INSERT INTO captchas (device_id, answer, created_at, expires_at) VALUES (?, ?, ?, ?)")
        .run(deviceId, answer, now, now + CAPTCHA_TTL_MS);
    })();
    return answer;
  }

  /** Latest live answer of the device without consuming it (for /__reference/codes). */
  peekCaptcha(deviceId: string, now: number): string | null {
    const row = this.db
      .prepare("SELECT answer FROM captchas WHERE device_id = ? AND used_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT 1")
      .get(deviceId, now) as { answer: string } | undefined;
    return row?.answer ?? null;
  }

  /** Single use: the latest live answer of the device is consumed whether or not it matches (no guessing in a loop). */
  consumeCaptcha(deviceId: string, now: number): string | null {
    const row = this.db
      .prepare("SELECT id, answer FROM captchas WHERE device_id = ? AND used_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT 1")
      .get(deviceId, now) as { id: number; answer: string } | undefined;
    if (!row) return null;
    this.db.prepare("UPDATE captchas SET used_at = ? WHERE id = ?").run(now, row.id);
    return row.answer;
  }

  // --- SMS codes ------------------------------------------------------------------------

  /**
   * "Sends" a 6-digit code to the mobile for a purpose (login, register, password, verify),
   * unless one was sent less than resendAfterMs ago: then the seconds left come back instead.
   * A new code replaces the older live ones of the same mobile and purpose.
   */
  issueSmsCode(args: {
    mobile: string;
    purpose: string;
    deviceId: string | null;
    ttlMs: number;
    resendAfterMs: number;
    now: number;
  }): { code: string; expiresAt: number } | { retryAfterS: number } {
    const { mobile, purpose, now } = args;
    const last = this.db
      .prepare("SELECT created_at FROM sms_codes WHERE mobile = ? AND purpose = ? ORDER BY id DESC LIMIT 1")
      .get(mobile, purpose) as { created_at: number } | undefined;
    if (last && now - last.created_at < args.resendAfterMs) {
      return { retryAfterS: Math.ceil((last.created_at + args.resendAfterMs - now) / 1000) };
    }
    const code = String(randomInt(1_000_000)).padStart(6, "0");
    const expiresAt = now + args.ttlMs;
    this.db.transaction(() => {
      this.db.prepare("UPDATE sms_codes SET used_at = ? WHERE mobile = ? AND purpose = ? AND used_at IS NULL").run(now, mobile, purpose);
      this.db
        .prepare("INSERT INTO sms_codes (device_id, mobile, purpose, code, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)")
        .run(args.deviceId, mobile, purpose, code, now, expiresAt);
    })();
    return { code, expiresAt };
  }

  /** Whether this code of the mobile was used (by a login) since the given time. */
  smsCodeUsedSince(mobile: string, purpose: string, code: string, since: number): boolean {
    return Boolean(
      this.db
        .prepare("SELECT 1 FROM sms_codes WHERE mobile = ? AND purpose = ? AND code = ? AND used_at IS NOT NULL AND used_at >= ?")
        .get(mobile, purpose, code, since),
    );
  }

  /** Live codes by mobile (for /__reference/codes when a caller knows the number, not the device). */
  smsCodesForMobile(mobile: string, now: number): SmsCodeRow[] {
    return this.db
      .prepare("SELECT mobile, purpose, code, expires_at FROM sms_codes WHERE mobile = ? AND used_at IS NULL AND expires_at > ? ORDER BY id")
      .all(mobile, now) as SmsCodeRow[];
  }

  smsCodesForDevice(deviceId: string, now: number): SmsCodeRow[] {
    return this.db
      .prepare(
        "SELECT mobile, purpose, code, expires_at FROM sms_codes WHERE device_id = ? AND used_at IS NULL AND expires_at > ? ORDER BY id",
      )
      .all(deviceId, now) as SmsCodeRow[];
  }

  /** Consumes the latest live code of the mobile for the purpose; returns whether it matched. */
  consumeSmsCode(mobile: string, purpose: string, code: string, now: number): boolean {
    const row = this.db
      .prepare(
        "SELECT id, code FROM sms_codes WHERE mobile = ? AND purpose = ? AND used_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT 1",
      )
      .get(mobile, purpose, now) as { id: number; code: string } | undefined;
    if (!row) return false;
    this.db.prepare("UPDATE sms_codes SET used_at = ? WHERE id = ?").run(now, row.id);
    return row.code === code;
  }
}
