/**
 * SQL of the session area: session tokens, login throttling, captchas, bound social identities
 * and the merchant's identity-service configuration. Times are epoch milliseconds.
 */
import { randomInt } from "node:crypto";
import { hashToken, newToken } from "../crypto";
import { deleteMetaValue, metaValue, setMetaValue, type Db } from "../db";
import type { MemberRow } from "../member/store";

export const SESSION_TTL_MS = 2 * 60 * 60 * 1000;
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
export const LOGIN_WINDOW_MS = 60 * 1000;

// ── sessions ────────────────────────────────────────────────────────────────────────────────

export function createSession(db: Db, memberId: number, now: number): string {
  const token = newToken();
  db.prepare("INSERT INTO sessions (token_hash, member_id, created_at, expires_at) VALUES (?, ?, ?, ?)").run(
    hashToken(token),
    memberId,
    now,
    now + SESSION_TTL_MS,
  );
  return token;
}

/** The member of a live (issued, not revoked, not expired) token of this merchant. */
export function memberByToken(db: Db, merchantCode: string, token: string, now: number): MemberRow | undefined {
  return db
    .prepare(
      `SELECT m.* FROM sessions s JOIN members m ON m.id = s.member_id
       WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND m.merchant_code = ?`,
    )
    .get(hashToken(token), now, merchantCode) as MemberRow | undefined;
}

export function revokeSession(db: Db, token: string, now: number): void {
  db.prepare("UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL").run(now, hashToken(token));
}

/** Ends every session of the member but the one of keepToken (null: every one). */
export function revokeOtherSessions(db: Db, memberId: number, keepToken: string | null, now: number): void {
  db.prepare("UPDATE sessions SET revoked_at = ? WHERE member_id = ? AND revoked_at IS NULL AND token_hash IS NOT ?").run(
    now,
    memberId,
    keepToken === null ? null : hashToken(keepToken),
  );
}

/** The token hashes of a member's live sessions, oldest first (the broker's session topics are keyed by them). */
export function liveSessionHashes(db: Db, memberId: number, now: number): string[] {
  const rows = db
    .prepare(
      "SELECT token_hash FROM sessions WHERE member_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at, token_hash",
    )
    .all(memberId, now) as { token_hash: string }[];
  return rows.map((r) => r.token_hash);
}

export function expireAllSessions(db: Db, now: number): void {
  db.prepare("UPDATE sessions SET expires_at = ? WHERE expires_at > ?").run(now - 1, now - 1);
}

// ── login throttling ────────────────────────────────────────────────────────────────────────

/** Records an attempt and returns how many attempts (this one included) the user and the device made in the window. */
export function recordLoginAttempt(db: Db, usernameKey: string, deviceKey: string, now: number): { byUser: number; byDevice: number } {
  const since = now - LOGIN_WINDOW_MS;
  db.prepare("DELETE FROM login_attempts WHERE at <= ?").run(since);
  db.prepare("INSERT INTO login_attempts (username_key, device_key, at) VALUES (?, ?, ?)").run(usernameKey, deviceKey, now);
  const count = (column: string, value: string) =>
    (db.prepare(`SELECT COUNT(*) AS n FROM login_attempts WHERE ${column} = ? AND at > ?`).get(value, since) as { n: number }).n;
  return { byUser: count("username_key", usernameKey), byDevice: count("device_key", deviceKey) };
}

export function failures(db: Db, usernameKey: string): number {
  const row = db.prepare("SELECT count FROM login_failures WHERE username_key = ?").get(usernameKey) as { count: number } | undefined;
  return row?.count ?? 0;
}

/** Returns the new consecutive-failure count. */
export function addFailure(db: Db, usernameKey: string, now: number): number {
  const row = db
    .prepare(
      `INSERT INTO login_failures (username_key, count, updated_at) VALUES (?, 1, ?)
       ON CONFLICT (username_key) DO UPDATE SET count = count + 1, updated_at = excluded.updated_at
       RETURNING count`,
    )
    .get(usernameKey, now) as { count: number };
  return row.count;
}

export function resetFailures(db: Db, usernameKey: string): void {
  db.prepare("DELETE FROM login_failures WHERE username_key = ?").run(usernameKey);
}

// ── captcha ─────────────────────────────────────────────────────────────────────────────────

/** Issues a new 4-digit answer for the device; older unused answers of the device stop counting. */
export function issueCaptcha(db: Db, deviceId: string, now: number): string {
  const answer = String(randomInt(10000)).padStart(4, "0");
  db.transaction(() => {
    db.prepare("UPDATE captchas SET used_at = ? WHERE device_id = ? AND used_at IS NULL").run(now, deviceId);
    db.prepare("INSERT INTO captchas (device_id, answer, created_at, expires_at) VALUES (?, ?, ?, ?)").run(
      deviceId,
      answer,
      now,
      now + CAPTCHA_TTL_MS,
    );
  })();
  return answer;
}

/** Latest live answer of the device without consuming it (for /__reference/codes). */
export function peekCaptcha(db: Db, deviceId: string, now: number): string | null {
  const row = db
    .prepare("SELECT answer FROM captchas WHERE device_id = ? AND used_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT 1")
    .get(deviceId, now) as { answer: string } | undefined;
  return row?.answer ?? null;
}

/** Single use: the latest live answer of the device is consumed whether or not it matches (no guessing in a loop). */
export function consumeCaptcha(db: Db, deviceId: string, now: number): string | null {
  const row = db
    .prepare("SELECT id, answer FROM captchas WHERE device_id = ? AND used_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT 1")
    .get(deviceId, now) as { id: number; answer: string } | undefined;
  if (!row) return null;
  db.prepare("UPDATE captchas SET used_at = ? WHERE id = ?").run(now, row.id);
  return row.answer;
}

// ── social identities ───────────────────────────────────────────────────────────────────────

export function boundMember(db: Db, merchantCode: string, channel: string, subject: string): MemberRow | undefined {
  return db
    .prepare(
      `SELECT m.* FROM social_identities s JOIN members m ON m.id = s.member_id
       WHERE s.merchant_code = ? AND s.provider = ? AND s.subject = ?`,
    )
    .get(merchantCode, channel, subject) as MemberRow | undefined;
}

export function bindIdentity(db: Db, merchantCode: string, channel: string, subject: string, memberId: number): void {
  // A later bind of the same identity moves it: the player proved both the identity and the password.
  db.prepare(
    `INSERT INTO social_identities (merchant_code, provider, subject, member_id) VALUES (?, ?, ?, ?)
     ON CONFLICT (merchant_code, provider, subject) DO UPDATE SET member_id = excluded.member_id`,
  ).run(merchantCode, channel, subject, memberId);
}

// ── identity-service configuration (kept in meta, per merchant) ─────────────────────────────

const firebaseConfigKey = (merchantCode: string) => `firebase_config:${merchantCode}`;

/** The merchant's identity-service configuration as stored (null: it has none), undefined when it never set one. */
export function storedFirebaseConfig(db: Db, merchantCode: string): unknown {
  const value = metaValue(db, firebaseConfigKey(merchantCode));
  return value === undefined ? undefined : JSON.parse(value);
}

/** Stores a configuration (null: the merchant has none); undefined forgets it. */
export function storeFirebaseConfig(db: Db, merchantCode: string, config: Record<string, unknown> | null | undefined): void {
  if (config === undefined) deleteMetaValue(db, firebaseConfigKey(merchantCode));
  else setMetaValue(db, firebaseConfigKey(merchantCode), JSON.stringify(config));
}
