/**
 * A login waiting for its second factor. The operator's verification call needs the password
 * again (document 000, section 3), so the portal must keep it between the login post and the
 * verify post; it keeps it here, in this process's memory only: never in the browser, the
 * loader data, the session row on disk or a log. The session holds a random ticket naming the
 * entry. An entry lives 5 minutes, is used once, and ends after 5 wrong second factors; a
 * restart forgets it (the player logs in again).
 */
import { randomBytes } from "node:crypto";
import type { PortalSession } from "~/server/session.server";

export const PENDING_LOGIN_TTL_MS = 5 * 60 * 1000;
/** Wrong codes (or e-mail, payee name) a pending login survives; the next one ends it. */
export const MAX_WRONG_FACTORS = 5;

/** The login type of the first factor: the operator re-checks it the same way. */
export type FirstFactorType = "username" | "mobileNum" | "sms";

interface Entry {
  username: string;
  password: string;
  type: FirstFactorType;
  remember: boolean;
  expiresAt: number;
  wrong: number;
}

const entries = new Map<string, Entry>();

function sweep(now: number) {
  for (const [ticket, entry] of entries) if (entry.expiresAt <= now) entries.delete(ticket);
}

/**
 * Called by the login route when the operator answers login_verify_required, after it stored
 * `pendingVerification` (username, methods) in the session: adds the ticket to it.
 */
export function holdPendingLogin(
  session: PortalSession,
  secret: { password: string; remember: boolean; type?: FirstFactorType },
  now = Date.now(),
): void {
  const pending = session.get("pendingVerification");
  if (!pending) return;
  sweep(now);
  if (pending.ticket) entries.delete(pending.ticket);
  const ticket = randomBytes(24).toString("base64url");
  entries.set(ticket, {
    username: pending.username,
    password: secret.password,
    type: secret.type ?? "username",
    remember: secret.remember,
    expiresAt: now + PENDING_LOGIN_TTL_MS,
    wrong: 0,
  });
  session.set("pendingVerification", { ...pending, ticket });
}

export interface PendingLogin {
  ticket: string;
  type: FirstFactorType;
  username: string;
  password: string;
  remember: boolean;
  methods: string[];
}

/** The session's pending login, or null when there is none or it ran out. */
export function pendingLoginOf(session: PortalSession, now = Date.now()): PendingLogin | null {
  const pending = session.get("pendingVerification");
  if (!pending?.ticket) return null;
  const entry = entries.get(pending.ticket);
  if (!entry || entry.expiresAt <= now || entry.username !== pending.username) {
    entries.delete(pending.ticket);
    return null;
  }
  return {
    ticket: pending.ticket,
    type: entry.type,
    username: entry.username,
    password: entry.password,
    remember: entry.remember,
    methods: pending.methods,
  };
}

/** Counts a wrong second factor; false when that was one too many and the pending login is over. */
export function recordWrongFactor(ticket: string): boolean {
  const entry = entries.get(ticket);
  if (!entry) return false;
  entry.wrong += 1;
  if (entry.wrong < MAX_WRONG_FACTORS) return true;
  entries.delete(ticket);
  return false;
}

/** Forgets the pending login: done, abandoned or refused. */
export function endPendingLogin(session: PortalSession): void {
  const ticket = session.get("pendingVerification")?.ticket;
  if (ticket) entries.delete(ticket);
  session.unset("pendingVerification");
}
