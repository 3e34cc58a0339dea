/**
 * What the login page must remember about a browser before anyone has logged in: that the
 * operator asked for a captcha, and the captcha last shown. Kept by device id (the cookie the
 * root loader sets on the first page), so that viewing /login writes nothing and the page a
 * form post renders in the same request sees what the action stored. In the state floor:
 * another process (decision 050) sees it too.
 */
import { state } from "~/server/state/index.server";

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

const rows = () => state().records("loginStates");

export async function readLoginState(deviceId: string): Promise<LoginState> {
  const stored = await rows().get(deviceId);
  return stored ? (JSON.parse(stored) as LoginState) : {};
}

export async function updateLoginState(deviceId: string, patch: LoginState): Promise<LoginState> {
  const next = { ...(await readLoginState(deviceId)), ...patch };
  await rows().set(deviceId, JSON.stringify(next), Date.now() + LIFETIME_MS);
  return next;
}

export async function clearLoginState(deviceId: string): Promise<void> {
  await rows().delete(deviceId);
}
