/** SQL of the SMS area: issuing and consuming codes per mobile number and purpose. Times are epoch milliseconds. */
import { randomInt } from "node:crypto";
import type { Db } from "../db";

export interface SmsCodeRow {
  mobile: string;
  purpose: string;
  code: string;
  expires_at: number;
}

/** Wrong entries a code survives: the one after the last of them uses it up (a typo is not the end of it). */
export const SMS_CODE_TRIES = 5;

/**
 * "Sends" a 6-digit code to the mobile for a purpose (login, register, password, verify),
 * unless one was sent less than resendAfterMs ago and is still untouched: then the seconds left
 * come back instead. A code already used, or entered wrongly, does not hold back the next one:
 * a player who mistyped may ask again at once. A new code replaces the older live ones of the
 * same mobile and purpose.
 */
export function issueSmsCode(
  db: Db,
  args: { mobile: string; purpose: string; deviceId: string | null; ttlMs: number; resendAfterMs: number; now: number },
): { code: string; expiresAt: number } | { retryAfterS: number } {
  const { mobile, purpose, now } = args;
  const last = db
    .prepare("SELECT created_at, used_at, tries FROM sms_codes WHERE mobile = ? AND purpose = ? ORDER BY id DESC LIMIT 1")
    .get(mobile, purpose) as { created_at: number; used_at: number | null; tries: number } | undefined;
  if (last && last.used_at === null && last.tries === 0 && now - last.created_at < args.resendAfterMs) {
    return { retryAfterS: Math.ceil((last.created_at + args.resendAfterMs - now) / 1000) };
  }
  const code = String(randomInt(1_000_000)).padStart(6, "0");
  const expiresAt = now + args.ttlMs;
  db.transaction(() => {
    db.prepare("UPDATE sms_codes SET used_at = ? WHERE mobile = ? AND purpose = ? AND used_at IS NULL").run(now, mobile, purpose);
    db.prepare("INSERT INTO sms_codes (device_id, mobile, purpose, code, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)").run(
      args.deviceId,
      mobile,
      purpose,
      code,
      now,
      expiresAt,
    );
  })();
  return { code, expiresAt };
}

/** Whether this code of the mobile was used (by a login) since the given time; a code worn out by wrong entries was not. */
export function smsCodeUsedSince(db: Db, mobile: string, purpose: string, code: string, since: number): boolean {
  return Boolean(
    db
      .prepare(
        "SELECT 1 FROM sms_codes WHERE mobile = ? AND purpose = ? AND code = ? AND used_at IS NOT NULL AND used_at >= ? AND tries < ?",
      )
      .get(mobile, purpose, code, since, SMS_CODE_TRIES),
  );
}

/** Live codes by mobile (for /__reference/codes when a caller knows the number, not the device). */
export function smsCodesForMobile(db: Db, mobile: string, now: number): SmsCodeRow[] {
  return db
    .prepare("SELECT mobile, purpose, code, expires_at FROM sms_codes WHERE mobile = ? AND used_at IS NULL AND expires_at > ? ORDER BY id")
    .all(mobile, now) as SmsCodeRow[];
}

export function smsCodesForDevice(db: Db, deviceId: string, now: number): SmsCodeRow[] {
  return db
    .prepare(
      "SELECT mobile, purpose, code, expires_at FROM sms_codes WHERE device_id = ? AND used_at IS NULL AND expires_at > ? ORDER BY id",
    )
    .all(deviceId, now) as SmsCodeRow[];
}

/**
 * Checks a code against the latest live code of the mobile for the purpose: a match uses it up;
 * a wrong entry counts, and the SMS_CODE_TRIES-th wrong one uses it up too. Returns whether it matched.
 */
export function consumeSmsCode(db: Db, mobile: string, purpose: string, code: string, now: number): boolean {
  const row = db
    .prepare(
      "SELECT id, code, tries FROM sms_codes WHERE mobile = ? AND purpose = ? AND used_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT 1",
    )
    .get(mobile, purpose, now) as { id: number; code: string; tries: number } | undefined;
  if (!row) return false;
  if (row.code === code) {
    db.prepare("UPDATE sms_codes SET used_at = ? WHERE id = ?").run(now, row.id);
    return true;
  }
  const tries = row.tries + 1;
  db.prepare("UPDATE sms_codes SET tries = ?, used_at = ? WHERE id = ?").run(tries, tries >= SMS_CODE_TRIES ? now : null, row.id);
  return false;
}
