/**
 * The server-held session: it replaces the browser-side session store of the original builds.
 * The cookie carries only a signed random id; every session value of document 000, section 3
 * lives in the state floor (the portal's SQLite file, or Redis: decision 050), sealed, so the
 * operator token never reaches the browser and a copy of the store holds no live token.
 */
import { createCookie, createSessionStorage, redirect, type Session } from "@remix-run/node";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sealWith, unsealWith } from "~/server/seal.server";
import { secureCookies, sessionSecrets } from "~/server/config.server";
import { state } from "~/server/state/index.server";
import type { Notice } from "~/operator/errors";
import { readCookie } from "~/server/cookies.server";
import { bindCsrfToken } from "~/server/csrf.server";
import { z } from "zod";

/** Session values of the spec (document 000, section 3) plus the portal's own flow state. */
export interface SessionValues {
  token: string;
  isAgent: number;
  toUpline: boolean;
  account: string;
  username: string;
  customerId: string;
  /** When this login began (ms): the messages kept for the player before it are not this login's to show. */
  loggedInAt: number;
  nickname: string;
  memberLabel: string;
  /** The club label's id: which customer-service entries are the player's (document 001, section 5). */
  clubLabelId: string;
  merchantCode: string;
  /** Forced password change pending. */
  cpw: boolean;
  /** The default login password was used (phone registration without a password). */
  defaultPasswordUsed: boolean;
  permission: { maintenance: boolean; regionRestriction: boolean };
  loginInfo: { firstTimeLogin: boolean; passwordExpired: boolean };
  /** "Remember me": the session outlives the browser (see docs/decisions/003). */
  remember: boolean;
  /** A login waiting for its second factor: methods named by login_verify_required, and the
   * ticket of what the verify call needs besides (app/pending-login.server.ts, memory only). */
  pendingVerification: { username: string; methods: string[]; ticket?: string };
  /** A social sign-in waiting for bind-or-register: the ID token stays here, never in a page. */
  pendingSocial: { channel: string; idToken: string; at: number };
  /** The contract requests were shown this visit: they open by themselves once (decision 031). */
  contractsSeen: boolean;
  /** This login's publicity pop-ups (document 000, section 4): "due" until a page has shown
   * them, then "closed" — the publicity-close flag, so they show once a login. */
  publicity: "due" | "closed";
  /** The contracts this login decided (identity key → intent, the last few): a stale tab then
   * says what happened to a contract gone from the list (decision 031). */
  contractsDecided: Record<string, string>;
  /** The CSRF token of this login, made when it began: a token from before it no longer passes. */
  csrf: string;
}

interface FlashValues {
  notice: Notice;
}

export type PortalSession = Session<SessionValues, FlashValues>;

/** Browser-session cookies still end on the server after this long without use. */
const IDLE_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** "Remember me" keeps the session this long. */
export const REMEMBER_MAX_AGE_S = 30 * 24 * 60 * 60;

function sessionCookie() {
  return createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies(),
    secrets: sessionSecrets(),
  });
}

function storage() {
  const rows = () => state().records("sessions");
  const expiry = (expires?: Date) => (expires ? expires.getTime() : Date.now() + IDLE_LIFETIME_MS);

  return createSessionStorage<SessionValues, FlashValues>({
    cookie: sessionCookie(),
    async createData(data, expires) {
      const id = randomBytes(24).toString("base64url");
      await rows().set(id, seal(data), expiry(expires));
      return id;
    },
    async readData(id) {
      const stored = await rows().get(id);
      return stored === null ? null : unseal(stored);
    },
    async updateData(id, data, expires) {
      await rows().set(id, seal(data), expiry(expires));
    },
    async deleteData(id) {
      // A session never stored (a visitor's first page) has nothing to delete.
      if (id) await rows().delete(id);
    },
  });
}

/**
 * Session rows are sealed with a key derived from the session secret (seal.server.ts): a copy of
 * the store (portal.db or Redis) alone holds no live operator token. Every configured secret opens a row, so a
 * rotation (new secret first) keeps players logged in; a row no secret opens is no session.
 */
const seal = (data: unknown) => sealWith(data, sessionSecrets()[0]);
/** A stored row's values (for the store, and for tests that look inside it); null when no secret opens it. */
export const unseal = (stored: string) => unsealWith(stored, sessionSecrets());

let sqliteSessions: ReturnType<typeof storage> | undefined;
const store = () => (sqliteSessions ??= storage());

export function getSession(request: Request): Promise<PortalSession> {
  return store().getSession(request.headers.get("Cookie"));
}

export function commitSession(session: PortalSession): Promise<string> {
  return store().commitSession(session, session.get("remember") ? { maxAge: REMEMBER_MAX_AGE_S } : {});
}

/**
 * A fresh session for a new login, so that an id seen before login is never reused after it,
 * with a CSRF token of its own (the cookies to send: the old session's end, the new token).
 */
export async function rotateSession(old: PortalSession): Promise<{ session: PortalSession; cookies: string[] }> {
  const destroyCookie = await destroySession(old);
  const session = await store().getSession();
  const csrfCookie = await bindCsrfToken(session);
  return { session, cookies: [destroyCookie, csrfCookie] };
}

/** The floor's channel on which every process hears that a session ended (its open streams close). */
export const SESSION_END_CHANNEL = "session-end";

/** A session's name outside the session store: on the floor's keys and channels, never its id. */
export const sessionDigest = (sessionId: string) => createHash("sha256").update(`session:${sessionId}`).digest("hex").slice(0, 32);

export async function destroySession(session: PortalSession): Promise<string> {
  const cookie = await store().destroySession(session);
  if (session.id) await state().publish(SESSION_END_CHANNEL, sessionDigest(session.id));
  return cookie;
}

/** What the browser may know about the player: never the token. */
export interface PlayerView {
  account: string;
  nickname: string;
  isAgent: number;
  memberLabel: string;
}

export function playerView(session: PortalSession): PlayerView | null {
  if (!session.get("token")) return null;
  return {
    account: session.get("account") ?? "",
    nickname: session.get("nickname") ?? "",
    isAgent: session.get("isAgent") ?? 0,
    memberLabel: session.get("memberLabel") ?? "",
  };
}

/**
 * Ends the session and sends the player home with a message: the one way out for
 * session-ending codes, 401 and logout.
 */
export async function endSession(session: PortalSession, notice: Notice | null, to = "/"): Promise<never> {
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(session));
  if (notice) {
    const fresh = await store().getSession();
    fresh.flash("notice", notice);
    headers.append("Set-Cookie", await store().commitSession(fresh));
  }
  throw redirect(to, { status: 303, headers });
}

// ── Small cookies of the spec ─────────────────────────────────────────────────────────────

/** 36-character device id, kept a year (document 000, section 9). */
export const deviceIdCookie = createCookie("device_id", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 365 * 24 * 60 * 60,
});

/** The last username, remembered for a day when the player asks for it. Never a password. */
export const lastUsernameCookie = createCookie("last_username", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 24 * 60 * 60,
});

const DEVICE_ID = /^[0-9a-f-]{36}$/;

/**
 * The login device id of this browser. A new id comes with the Set-Cookie header that keeps it;
 * the caller adds that header to its answer.
 */
export async function deviceId(request: Request, context?: unknown): Promise<{ id: string; setCookie: string | null }> {
  const existing = await readCookie(deviceIdCookie, request, z.string().regex(DEVICE_ID));
  if (existing) return { id: existing, setCookie: null };
  // The root loader, the page's loader and an action run for the same HTTP request, each with a
  // Request of its own but one load context: one new id for all of them.
  const key: object = context && typeof context === "object" ? context : request;
  let issued = newDeviceIds.get(key);
  if (!issued) {
    const id = randomUUID();
    issued = { id, setCookie: await deviceIdCookie.serialize(id) };
    newDeviceIds.set(key, issued);
  }
  return issued;
}

const newDeviceIds = new WeakMap<object, { id: string; setCookie: string }>();
