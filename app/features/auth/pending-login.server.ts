/**
 * A login waiting for its second factor. The operator's verification call needs the password
 * again (document 000, section 3), so the portal must keep it between the login post and the
 * verify post; it keeps it here, in this process's memory only: never in the browser, the
 * loader data, the session row on disk or a log. The session holds a random ticket naming the
 * entry. An entry lives 5 minutes, is used once, and ends after 5 wrong second factors; a
 * restart forgets it (the player logs in again).
 *
 * What memory holds is as little as that allows (decision 017): under a hash of the ticket, the
 * password, the login type and "remember me" sealed with AES-256-GCM by a key derived from the
 * ticket (and bound to the username), the expiry and the count of wrong factors. The ticket
 * itself is only in the session row, so neither the memory nor the session store alone reveals a
 * password. A timer of its own deletes each entry when it expires, whatever else happens, and at
 * most MAX_PENDING_LOGINS are held (the oldest gives way: that player logs in again).
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import type { PortalSession } from "~/server/session.server";

export const PENDING_LOGIN_TTL_MS = 5 * 60 * 1000;
/** Wrong codes (or e-mail, payee name) a pending login survives; the next one ends it. */
export const MAX_WRONG_FACTORS = 5;
/** Pending logins held at most; each costs a few hundred bytes. */
export const MAX_PENDING_LOGINS = 10_000;

/** The login type of the first factor: the operator re-checks it the same way. */
export type FirstFactorType = "username" | "mobileNum" | "sms";

interface Entry {
  /** IV (12 bytes), GCM tag (16 bytes), then the sealed { password, type, remember }. */
  sealed: Buffer;
  expiresAt: number;
  wrong: number;
  timer: ReturnType<typeof setTimeout>;
}

interface Secret {
  password: string;
  type: FirstFactorType;
  remember: boolean;
}

/** Keyed by entryId(ticket), in the order held: the first entry is the oldest. */
const entries = new Map<string, Entry>();

const entryId = (ticket: string) => createHash("sha256").update(`pending-login id:${ticket}`).digest("base64url");
const sealingKey = (ticket: string) => Buffer.from(hkdfSync("sha256", ticket, "", "pending-login key", 32));

function seal(ticket: string, username: string, secret: Secret): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(ticket), iv);
  // The username is authenticated with it: the ticket opens nothing under another username.
  cipher.setAAD(Buffer.from(username, "utf8"));
  const body = Buffer.concat([cipher.update(JSON.stringify(secret), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function open(ticket: string, username: string, sealed: Buffer): Secret | null {
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealingKey(ticket), sealed.subarray(0, 12));
    decipher.setAAD(Buffer.from(username, "utf8"));
    decipher.setAuthTag(sealed.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString("utf8")) as Secret;
  } catch {
    return null;
  }
}

function forget(id: string) {
  const entry = entries.get(id);
  if (!entry) return;
  clearTimeout(entry.timer);
  entry.sealed.fill(0);
  entries.delete(id);
}

/** What memory holds, entry by entry (for tests): the id and a copy of the sealed bytes. */
export function pendingLoginsHeld(): Array<{ id: string; sealed: Buffer; expiresAt: number }> {
  return [...entries].map(([id, entry]) => ({ id, sealed: Buffer.from(entry.sealed), expiresAt: entry.expiresAt }));
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
  if (pending.ticket) forget(entryId(pending.ticket));
  while (entries.size >= MAX_PENDING_LOGINS) forget(entries.keys().next().value!);
  const ticket = randomBytes(24).toString("base64url");
  const id = entryId(ticket);
  const expiresAt = now + PENDING_LOGIN_TTL_MS;
  // The password leaves memory when the entry expires, not when someone next looks; unref'd, the
  // timer never keeps the process alive.
  const timer = setTimeout(() => forget(id), Math.max(0, expiresAt - Date.now()));
  timer.unref();
  entries.set(id, {
    sealed: seal(ticket, pending.username, { password: secret.password, type: secret.type ?? "username", remember: secret.remember }),
    expiresAt,
    wrong: 0,
    timer,
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
  const id = entryId(pending.ticket);
  const entry = entries.get(id);
  const secret = entry && entry.expiresAt > now ? open(pending.ticket, pending.username, entry.sealed) : null;
  if (!secret) {
    forget(id);
    return null;
  }
  return { ticket: pending.ticket, username: pending.username, methods: pending.methods, ...secret };
}

/** Counts a wrong second factor; false when that was one too many and the pending login is over. */
export function recordWrongFactor(ticket: string): boolean {
  const id = entryId(ticket);
  const entry = entries.get(id);
  if (!entry) return false;
  entry.wrong += 1;
  if (entry.wrong < MAX_WRONG_FACTORS) return true;
  forget(id);
  return false;
}

/** Forgets the pending login: done, abandoned or refused. */
export function endPendingLogin(session: PortalSession): void {
  const ticket = session.get("pendingVerification")?.ticket;
  if (ticket) forget(entryId(ticket));
  session.unset("pendingVerification");
}
