/**
 * Other ways in: social sign-in through Firebase (the login's `type: "firebase"` branch, binding
 * on a password login, automatic registration), Telegram login and free play.
 *
 * How the reference operator trusts an identity token (it is a test double, not Google):
 * - HS256 JWTs signed with the test secret (REFERENCE_FIREBASE_SECRET or the constant below),
 *   issuer https://securetoken.google.com/<projectId>, audience <projectId>: what tests make.
 * - Unsigned ("alg":"none") JWTs of the Firebase Auth emulator, only when FIREBASE_AUTH_EMULATOR_HOST
 *   is set (as firebase-admin reads it) and the operator is not in production mode.
 * - Nothing else: a real operator verifies RS256 tokens against Google's published keys.
 * Telegram data are checked as Telegram documents: HMAC-SHA256 over the sorted data-check-string
 * with the key SHA-256(bot token), and auth_date no older than a day.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { hashPasswordSync } from "../crypto";
import { fail, isRecord, ok, type Reply, type RouteContext, type RouteDef } from "../http";
import type { MemberRow } from "../store";
import { loginAnswer } from "./login-answer";

export const REFERENCE_FIREBASE_PROJECT_ID = "demo-portal";
export const REFERENCE_FIREBASE_SECRET = "reference-firebase-test-secret";
/** "<bot id>:<secret>", the shape of a BotFather token; the id is what the OAuth page needs. */
export const REFERENCE_TELEGRAM_BOT_TOKEN = "7000000001:reference-telegram-test-token";
/** Telegram's own advice: refuse data older than a day (replays of a leaked login link). */
export const TELEGRAM_MAX_AGE_S = 24 * 60 * 60;
/** What a trial account starts with, to try games. */
const FREEPLAY_BALANCE = "2000";

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
const telegramBotToken = () => process.env.REFERENCE_TELEGRAM_BOT_TOKEN || REFERENCE_TELEGRAM_BOT_TOKEN;

function emulatorHost(ctx: RouteContext): string | null {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  return host && ctx.runtime.settings.mode !== "production" ? host : null;
}

// ── Firebase web configuration (part of the consolidated settings) ───────────────────────

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** Test and demo only: the Auth emulator the browser must talk to. */
  emulatorUrl?: string;
}

const configKey = (merchant: string) => `firebase_config:${merchant}`;

/** The merchant's identity-service configuration; null when it has none. */
export function firebaseConfig(ctx: RouteContext): FirebaseWebConfig | null {
  const row = ctx.runtime.store.db.prepare("SELECT value FROM meta WHERE key = ?").get(configKey(ctx.merchantCode)) as
    | { value: string }
    | undefined;
  // Unset means the demo default; a stored "null" means the merchant has none.
  const stored = row ? (JSON.parse(row.value) as FirebaseWebConfig | null) : defaultConfig();
  if (!stored) return null;
  const host = emulatorHost(ctx);
  return host ? { ...stored, emulatorUrl: `http://${host}` } : stored;
}

function defaultConfig(): FirebaseWebConfig {
  const projectId = process.env.REFERENCE_FIREBASE_PROJECT_ID || REFERENCE_FIREBASE_PROJECT_ID;
  return { apiKey: "demo-api-key", authDomain: `${projectId}.firebaseapp.com`, projectId };
}

/** Social fields of the consolidated settings. */
export function socialSettings(ctx: RouteContext) {
  const botId = telegramBotToken().split(":")[0];
  return { firebase: firebaseConfig(ctx), telegram: { botId } };
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

/** The identity an ID token proves, or null (bad signature, issuer, audience, expiry). */
export function verifyFirebaseToken(ctx: RouteContext, token: string, now = ctx.runtime.now()): FirebaseIdentity | null {
  const config = firebaseConfig(ctx);
  if (!config) return null;
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
    if (!emulatorHost(ctx) || parts[2] !== "") return null;
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

/** Checks the firebase arguments of a payload: switch on, token valid and of the channel named. */
function firebaseIdentityOf(ctx: RouteContext, payload: Record<string, unknown>): { identity: FirebaseIdentity; channel: string } | Reply {
  const channel = typeof payload.firebaseChannel === "string" ? payload.firebaseChannel : "";
  const token = typeof payload.firebaseIdToken === "string" ? payload.firebaseIdToken : "";
  const known = FIREBASE_CHANNELS[channel];
  if (!known || token === "") return fail(ctx.lang, "request.invalid", { status: 400 });
  if (known.feature && !featureOn(ctx, known.feature)) return fail(ctx.lang, "feature.disabled");
  if (!firebaseConfig(ctx)) return fail(ctx.lang, "firebase.not.configured");
  const identity = verifyFirebaseToken(ctx, token);
  if (!identity || identity.provider !== known.provider) return fail(ctx.lang, "firebase.token.invalid");
  return { identity, channel };
}

// ── Identities and members ──────────────────────────────────────────────────────────────

function featureOn(ctx: RouteContext, name: string): boolean {
  return ctx.runtime.store.features(ctx.merchantCode)[name] === true;
}

function boundMember(ctx: RouteContext, channel: string, subject: string): MemberRow | undefined {
  return ctx.runtime.store.db
    .prepare(
      `SELECT m.* FROM social_identities s JOIN members m ON m.id = s.member_id
       WHERE s.merchant_code = ? AND s.provider = ? AND s.subject = ?`,
    )
    .get(ctx.merchantCode, channel, subject) as MemberRow | undefined;
}

function bind(ctx: RouteContext, channel: string, subject: string, memberId: number): void {
  // A later bind of the same identity moves it: the player proved both the identity and the password.
  ctx.runtime.store.db
    .prepare(
      `INSERT INTO social_identities (merchant_code, provider, subject, member_id) VALUES (?, ?, ?, ?)
       ON CONFLICT (merchant_code, provider, subject) DO UPDATE SET member_id = excluded.member_id`,
    )
    .run(ctx.merchantCode, channel, subject, memberId);
}

/** A free username of the login rule (6 to 13 letters or digits) with a prefix. */
function freeUsername(ctx: RouteContext, prefix: string): string {
  for (;;) {
    const candidate = `${prefix}${String(randomInt(10 ** 8)).padStart(8, "0")}`;
    if (!ctx.runtime.store.memberByUsername(ctx.merchantCode, candidate)) return candidate;
  }
}

/** A member nobody can log in to with a password: the way in is the identity. */
function createMember(ctx: RouteContext, m: { prefix: string; nickname?: string; agentType?: number; balance?: string; profile?: Record<string, unknown> }) {
  const username = freeUsername(ctx, m.prefix);
  return ctx.runtime.store.createMember({
    merchantCode: ctx.merchantCode,
    username,
    passwordHash: hashPasswordSync(randomBytes(24).toString("base64url")),
    nickname: m.nickname || username,
    agentType: m.agentType ?? 0,
    balance: m.balance,
    profile: m.profile,
    now: ctx.runtime.now(),
  });
}

const str = (value: unknown) => (typeof value === "string" ? value : "");

function registrationExtras(payload: Record<string, unknown>) {
  return {
    registerUrl: str(payload.registerUrl),
    domain: str(payload.domain),
    affiliateCode: str(payload.affiliateCode) === "www" ? "" : str(payload.affiliateCode),
    referralCode: str(payload.referralCode),
  };
}

// ── Handlers ────────────────────────────────────────────────────────────────────────────

/** POST /wps/session/login with type firebase: the bound member's token, or bind_customer_required. */
export function firebaseLogin(ctx: RouteContext, payload: Record<string, unknown>): Reply {
  const checked = firebaseIdentityOf(ctx, payload);
  if (!("identity" in checked)) return checked;
  const member = boundMember(ctx, checked.channel, checked.identity.subject);
  if (!member) return fail(ctx.lang, "bind_customer_required", { value: { firebaseChannel: checked.channel } });
  return loginAnswer(ctx, member);
}

/**
 * A password login that carries firebase arguments binds the identity to the member once the
 * password is right (the "use an existing account" choice). Answers a failure to send instead of
 * the login's success, or null when there is nothing to bind or the bind is done.
 */
export function bindOnLogin(ctx: RouteContext, payload: Record<string, unknown>, member: MemberRow): Reply | null {
  if (payload.firebaseIdToken === undefined && payload.firebaseChannel === undefined) return null;
  const checked = firebaseIdentityOf(ctx, payload);
  if (!("identity" in checked)) return checked;
  bind(ctx, checked.channel, checked.identity.subject, member.id);
  return null;
}

/**
 * A registration that names a social identity (firebaseChannel2, firebaseIdToken2: the player
 * came from bind-or-register to the register form). Checked before the member is made; the
 * answer binds the new member, or is the failure to send.
 */
export function identityToBindOnRegister(
  ctx: RouteContext,
  payload: Record<string, unknown>,
): { bindTo(memberId: number): void } | Reply | null {
  if (payload.firebaseIdToken2 === undefined) return null;
  const checked = firebaseIdentityOf(ctx, { firebaseChannel: payload.firebaseChannel2, firebaseIdToken: payload.firebaseIdToken2 });
  if (!("identity" in checked)) return checked;
  if (boundMember(ctx, checked.channel, checked.identity.subject)) return fail(ctx.lang, "social.already.bound");
  return { bindTo: (memberId) => bind(ctx, checked.channel, checked.identity.subject, memberId) };
}

/** PUT /wps/member/register/autoUsername: a new member for a social identity (FIREBASECREATEACC3). */
function registerAuto(ctx: RouteContext): Reply {
  const payload = isRecord(ctx.body) ? ctx.body : {};
  if (!featureOn(ctx, "FIREBASECREATEACC3")) return fail(ctx.lang, "feature.disabled");
  const checked = firebaseIdentityOf(ctx, payload);
  if (!("identity" in checked)) return checked;
  if (boundMember(ctx, checked.channel, checked.identity.subject)) return fail(ctx.lang, "social.already.bound");
  const member = createMember(ctx, {
    prefix: checked.channel.slice(0, 2),
    nickname: checked.identity.name,
    profile: { ...registrationExtras(payload), registerMethod: str(payload.registerMethod) || "WEB" },
  });
  bind(ctx, checked.channel, checked.identity.subject, member.id);
  const registered = { customerName: `${ctx.merchantCode}@${member.username}`, profile: { mobileNo: member.mobile ?? "" } };
  if (payload.login !== true) return ok(registered);
  const login = loginAnswer(ctx, member);
  return ok({ ...registered, ...(login.value as object) });
}

/** The Telegram Login fields as Telegram signs them (every field but hash, as strings). */
function telegramFields(payload: Record<string, unknown>): Record<string, string> | null {
  const source = isRecord(payload.telegramAuth) ? payload.telegramAuth : payload;
  const fields: Record<string, string> = {};
  for (const key of ["id", "first_name", "last_name", "username", "photo_url", "auth_date", "hash"]) {
    const value = source[key];
    if (typeof value === "string" || typeof value === "number") fields[key] = String(value);
  }
  return fields.id && fields.auth_date && fields.hash ? fields : null;
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

/** POST /wps/session/login/telegram: the bound member, or a new one registered on the spot. */
function telegramLogin(ctx: RouteContext): Reply {
  const payload = isRecord(ctx.body) ? ctx.body : {};
  if (!featureOn(ctx, "TELEGRAMLOGIN3")) return fail(ctx.lang, "feature.disabled");
  const fields = telegramFields(payload);
  if (!fields) return fail(ctx.lang, "request.invalid", { status: 400 });
  if (!verifyTelegramAuth(fields, telegramBotToken(), ctx.runtime.now())) return fail(ctx.lang, "telegram.auth.invalid");
  let member = boundMember(ctx, "telegram", fields.id);
  if (!member) {
    const name = [fields.first_name, fields.last_name].filter(Boolean).join(" ") || fields.username || "";
    member = createMember(ctx, { prefix: "tg", nickname: name, profile: { ...registrationExtras(payload), registerMethod: "WEB" } });
    bind(ctx, "telegram", fields.id, member.id);
  }
  return loginAnswer(ctx, member);
}

/** POST /wps/session/login/freeplay: a new trial account (agent flag 4) and its token. */
function freePlay(ctx: RouteContext): Reply {
  if (!featureOn(ctx, "FREEPLAY3")) return fail(ctx.lang, "feature.disabled");
  const member = createMember(ctx, { prefix: "guest", agentType: 4, balance: FREEPLAY_BALANCE });
  return loginAnswer(ctx, member);
}

export const socialRoutes: RouteDef[] = [
  { method: "POST", path: "/wps/session/login/telegram", access: "merchant", body: "json", handler: telegramLogin },
  { method: "POST", path: "/wps/session/login/freeplay", access: "merchant", body: "json", handler: freePlay },
  { method: "PUT", path: "/wps/member/register/autoUsername", access: "merchant", body: "json", handler: registerAuto },
];

/** Test helper: { config: {apiKey, authDomain, projectId} } sets, { config: null } removes, {} restores the default. */
export const socialReferenceRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/__reference/firebase",
    access: "reference",
    body: "json",
    handler(ctx) {
      const body = isRecord(ctx.body) ? ctx.body : {};
      const key = configKey(ctx.runtime.settings.merchantCode);
      const db = ctx.runtime.store.db;
      if (!("config" in body)) db.prepare("DELETE FROM meta WHERE key = ?").run(key);
      else if (body.config === null || isRecord(body.config)) {
        db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(
          key,
          JSON.stringify(body.config),
        );
      } else return fail(ctx.lang, "request.invalid", { status: 400 });
      return ok(null);
    },
  },
];

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
  const signature = createHmac("sha256", claims.secret ?? firebaseSecret()).update(`${head}.${body}`).digest("base64url");
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
