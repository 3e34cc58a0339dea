/**
 * How the reference operator trusts an identity (it is a test double, not Google or Telegram).
 * - Firebase ID tokens: HS256 JWTs signed with the test secret (REFERENCE_FIREBASE_SECRET or the
 *   constant below), issuer https://securetoken.google.com/<projectId>, audience <projectId>:
 *   what tests make. Unsigned ("alg":"none") JWTs of the Firebase Auth emulator, only when
 *   FIREBASE_AUTH_EMULATOR_HOST is set (as firebase-admin reads it) and the operator is not in
 *   production mode. Nothing else: a real operator verifies RS256 tokens against Google's keys.
 * - Telegram data are checked as Telegram documents: HMAC-SHA256 over the sorted
 *   data-check-string with the key SHA-256(bot token), and auth_date no older than a day.
 * The sign* helpers make what these checks accept, for tests and journeys (which is why this
 * module stays free of the database).
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { isRecord } from "../http";

export const REFERENCE_FIREBASE_PROJECT_ID = "demo-portal";
export const REFERENCE_FIREBASE_SECRET = "reference-firebase-test-secret";
/** "<bot id>:<secret>", the shape of a BotFather token; the id is what the OAuth page needs. */
export const REFERENCE_TELEGRAM_BOT_TOKEN = "7000000001:reference-telegram-test-token";
/** Telegram's own advice: refuse data older than a day (replays of a leaked login link). */
export const TELEGRAM_MAX_AGE_S = 24 * 60 * 60;

/** Channel (the portal's firebaseChannel) → switch and Firebase sign_in_provider. */
export const FIREBASE_CHANNELS: Record<string, { feature: string | null; provider: string }> = {
  google: { feature: "GOOGLELOGIN3", provider: "google.com" },
  facebook: { feature: "FACEBOOKLOGIN3", provider: "facebook.com" },
  twitter: { feature: "TWITTERLOGIN3", provider: "twitter.com" },
  line: { feature: "LINELOGIN3", provider: "oidc.line" },
  // Phone sign-in has no switch of its own in the catalogue.
  sms: { feature: null, provider: "phone" },
};

const firebaseSecret = () => process.env.REFERENCE_FIREBASE_SECRET || REFERENCE_FIREBASE_SECRET;
export const telegramBotToken = () => process.env.REFERENCE_TELEGRAM_BOT_TOKEN || REFERENCE_TELEGRAM_BOT_TOKEN;

// ── Firebase web configuration (part of the consolidated settings) ───────────────────────

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** Test and demo only: the Auth emulator the browser must talk to. */
  emulatorUrl?: string;
}

/** The configuration of a merchant that set none: the demo project (or REFERENCE_FIREBASE_PROJECT_ID). */
export function defaultFirebaseConfig(): FirebaseWebConfig {
  const projectId = process.env.REFERENCE_FIREBASE_PROJECT_ID || REFERENCE_FIREBASE_PROJECT_ID;
  return { apiKey: "demo-api-key", authDomain: `${projectId}.firebaseapp.com`, projectId };
}

// ── Token verification ──────────────────────────────────────────────────────────────────

export interface FirebaseIdentity {
  provider: string;
  subject: string;
  name: string;
}

function b64json(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The identity an ID token proves for the project of the config, or null (bad signature, issuer,
 * audience, expiry). allowUnsigned admits the Auth emulator's unsigned tokens.
 */
export function verifyFirebaseToken(
  token: string,
  config: FirebaseWebConfig,
  now: number,
  allowUnsigned: boolean,
): FirebaseIdentity | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const header = b64json(parts[0]);
  const claims = b64json(parts[1]);
  if (!header || !claims) return null;

  if (header.alg === "HS256") {
    const expected = createHmac("sha256", firebaseSecret()).update(`${parts[0]}.${parts[1]}`).digest();
    const given = Buffer.from(parts[2], "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  } else if (header.alg === "none") {
    if (!allowUnsigned || parts[2] !== "") return null;
  } else {
    return null;
  }

  const seconds = Math.floor(now / 1000);
  const firebase = isRecord(claims.firebase) ? claims.firebase : {};
  if (claims.iss !== `https://securetoken.google.com/${config.projectId}`) return null;
  if (claims.aud !== config.projectId) return null;
  if (typeof claims.exp !== "number" || claims.exp <= seconds) return null;
  if (typeof claims.iat === "number" && claims.iat > seconds + 300) return null;
  if (typeof claims.sub !== "string" || claims.sub === "" || typeof firebase.sign_in_provider !== "string") return null;
  return {
    provider: firebase.sign_in_provider,
    subject: claims.sub,
    name: typeof claims.name === "string" ? claims.name : "",
  };
}

/** Telegram's check: HMAC-SHA256(data-check-string, SHA-256(bot token)) and a fresh auth_date. */
export function verifyTelegramAuth(fields: Record<string, string>, botToken: string, nowMs: number): boolean {
  const { hash, ...data } = fields;
  const dataCheckString = Object.keys(data)
    .sort()
    .map((key) => `${key}=${data[key]}`)
    .join("\n");
  const secret = createHash("sha256").update(botToken).digest();
  const expected = createHmac("sha256", secret).update(dataCheckString).digest();
  const given = Buffer.from(hash ?? "", "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const age = Math.floor(nowMs / 1000) - Number(data.auth_date);
  return Number.isFinite(age) && age >= -300 && age <= TELEGRAM_MAX_AGE_S;
}

// ── Test helpers: identities the reference operator accepts ─────────────────────────────

/** An ID token as the reference operator trusts it (HS256 with the test secret). */
export function signReferenceFirebaseToken(claims: {
  sub: string;
  provider: string;
  name?: string;
  projectId?: string;
  iat?: number;
  exp?: number;
  secret?: string;
}): string {
  const now = Math.floor(Date.now() / 1000);
  const projectId = claims.projectId ?? REFERENCE_FIREBASE_PROJECT_ID;
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const head = part({ alg: "HS256", typ: "JWT" });
  const body = part({
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    sub: claims.sub,
    user_id: claims.sub,
    name: claims.name,
    iat: claims.iat ?? now,
    exp: claims.exp ?? now + 3600,
    auth_time: claims.iat ?? now,
    firebase: { sign_in_provider: claims.provider, identities: {} },
  });
  const signature = createHmac("sha256", claims.secret ?? firebaseSecret())
    .update(`${head}.${body}`)
    .digest("base64url");
  return `${head}.${body}.${signature}`;
}

/** Telegram Login fields signed as Telegram signs them, with the reference bot's token. */
export function signReferenceTelegramAuth(fields: Record<string, string>, botToken = telegramBotToken()): Record<string, string> {
  const dataCheckString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join("\n");
  const secret = createHash("sha256").update(botToken).digest();
  return { ...fields, hash: createHmac("sha256", secret).update(dataCheckString).digest("hex") };
}
