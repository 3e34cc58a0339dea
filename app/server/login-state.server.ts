/**
 * What the login page must remember about a browser before anyone has logged in: that the
 * operator asked for a captcha, and the captcha last shown. Kept by device id (the cookie the
 * root loader sets on the first page), so that viewing /login writes nothing and the page a
 * form post renders in the same request sees what the action stored.
 */
import { portalDb } from "~/server/db.server";

export interface LoginState {
  captchaRequired?: boolean;
  /** The captcha last shown (data URL) and when: a refresh is honoured once a second. */
  captchaImage?: string;
  captchaIssuedAt?: number;
  /**
   * SMS codes asked for from this browser, by purpose: to which number, until when the code
   * lives, and (when a refused entry released it early) from when another may be asked for.
   */
  sms?: Partial<Record<string, { mobile: string; sentAt: number; until: number; resendAt?: number }>>;
}

/** Forgotten an hour after its last change; the operator asks again if it still wants one. */
const LIFETIME_MS = 60 * 60 * 1000;

export function readLoginState(deviceId: string): LoginState {
  const row = portalDb().prepare("SELECT data, expires FROM device_login_state WHERE device_id = ?").get(deviceId) as
    { data: string; expires: number } | undefined;
  if (!row || row.expires < Date.now()) return {};
  return JSON.parse(row.data) as LoginState;
}

export function updateLoginState(deviceId: string, patch: LoginState): LoginState {
  const next = { ...readLoginState(deviceId), ...patch };
  const db = portalDb();
  db.prepare("DELETE FROM device_login_state WHERE expires < ?").run(Date.now());
  db.prepare(
    "INSERT INTO device_login_state (device_id, data, expires) VALUES (?, ?, ?) ON CONFLICT(device_id) DO UPDATE SET data = excluded.data, expires = excluded.expires",
  ).run(deviceId, JSON.stringify(next), Date.now() + LIFETIME_MS);
  return next;
}

export function clearLoginState(deviceId: string): void {
  portalDb().prepare("DELETE FROM device_login_state WHERE device_id = ?").run(deviceId);
}
