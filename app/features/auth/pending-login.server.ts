/**
 * A login waiting for its second factor. The operator's verification call needs the password
 * again (document 000, section 3), so the portal must keep it between the login post and the
 * verify post; it keeps it in the state floor's secrets (decision 050): this process's memory
 * (the local floor) or Redis with a TTL, never in the browser, the loader data, the session row
 * or a log. The session holds a random ticket naming the entry. An entry lives 5 minutes, is
 * used once, and ends after 5 wrong second factors; a restart of the local floor forgets it (the
 * player logs in again).
 *
 * What is held is as little as that allows (decision 017): under a hash of the ticket, the
 * password, the login type and "remember me" sealed with AES-256-GCM by a key derived from the
 * ticket (and bound to the username), the expiry and the count of wrong factors. The ticket
 * itself is only in the session row (sealed by the session secret), so neither the secrets nor the
 * session store alone reveals a password. In memory a timer of its own deletes each entry when it
 * expires, whatever else happens, and at most MAX_PENDING_LOGINS are held (the oldest gives way:
 * that player logs in again); in Redis its TTL ends it.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import type { PortalSession } from "~/server/session.server";
import { state } from "~/server/state/index.server";
import { MAX_SECRETS, MemorySecrets } from "~/server/state/local.server";

export const PENDING_LOGIN_TTL_MS = 5 * 60 * 1000;
/** Wrong codes (or e-mail, payee name) a pending login survives; the next one ends it. */
export const MAX_WRONG_FACTORS = 5;
/** Pending logins held at most in memory (the local floor); each costs a few hundred bytes. */
export const MAX_PENDING_LOGINS = MAX_SECRETS;

/** The login type of the first factor: the operator re-checks it the same way. */
export type FirstFactorType = "username" | "mobileNum" | "sms";

interface Secret {
  password: string;
  type: FirstFactorType;
  remember: boolean;
}

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

const secrets = () => state().secrets;

/** What memory holds, entry by entry (for tests of the local floor): the id and a copy of the sealed bytes. */
export function pendingLoginsHeld(): Array<{ id: string; sealed: Buffer; expiresAt: number }> {
  const held = secrets();
  return held instanceof MemorySecrets ? held.entries() : [];
}

/**
 * Called by the login route when the operator answers login_verify_required, after it stored
 * `pendingVerification` (username, methods) in the session: adds the ticket to it.
 */
export async function holdPendingLogin(
  session: PortalSession,
  secret: { password: string; remember: boolean; type?: FirstFactorType },
  now = Date.now(),
): Promise<void> {
  const pending = session.get("pendingVerification");
  if (!pending) return;
  if (pending.ticket) await secrets().delete(entryId(pending.ticket));
  const ticket = randomBytes(24).toString("base64url");
  // The password leaves the store when the entry expires, not when someone next looks.
  await secrets().put(
    entryId(ticket),
    seal(ticket, pending.username, { password: secret.password, type: secret.type ?? "username", remember: secret.remember }),
    now + PENDING_LOGIN_TTL_MS,
  );
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
export async function pendingLoginOf(session: PortalSession, now = Date.now()): Promise<PendingLogin | null> {
  const pending = session.get("pendingVerification");
  if (!pending?.ticket) return null;
  const id = entryId(pending.ticket);
  const entry = await secrets().get(id);
  const secret = entry && entry.expiresAt > now ? open(pending.ticket, pending.username, entry.sealed) : null;
  if (!secret) {
    await secrets().delete(id);
    return null;
  }
  return { ticket: pending.ticket, username: pending.username, methods: pending.methods, ...secret };
}

/** Counts a wrong second factor; false when that was one too many and the pending login is over. */
export async function recordWrongFactor(ticket: string): Promise<boolean> {
  const id = entryId(ticket);
  const wrong = await secrets().countWrong(id);
  if (wrong === 0) return false;
  if (wrong < MAX_WRONG_FACTORS) return true;
  await secrets().delete(id);
  return false;
}

/** Forgets the pending login: done, abandoned or refused. */
export async function endPendingLogin(session: PortalSession): Promise<void> {
  const ticket = session.get("pendingVerification")?.ticket;
  if (ticket) await secrets().delete(entryId(ticket));
  session.unset("pendingVerification");
}
