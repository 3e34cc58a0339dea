/**
 * Other ways in: social sign-in through Firebase (the login's `type: "firebase"` branch, binding
 * on a password login, automatic registration), Telegram login and free play. What makes an
 * identity trusted is in identity.ts.
 */
import { randomBytes, randomInt } from "node:crypto";
import { hashPasswordSync } from "../crypto";
import { fail, isRecord, ok, type Reply, type RouteContext } from "../http";
import { createMember as insertMember, memberByUsername, type MemberRow } from "../member/store";
import { featureOn } from "../system/store";
import {
  defaultFirebaseConfig,
  FIREBASE_CHANNELS,
  telegramBotToken,
  verifyFirebaseToken,
  verifyTelegramAuth,
  type FirebaseIdentity,
  type FirebaseWebConfig,
} from "./identity";
import { loginAnswer } from "./login-answer";
import { bindIdentity, boundMember, storedFirebaseConfig } from "./store";

/** What a trial account starts with, to try games. */
const FREEPLAY_BALANCE = "2000";

function emulatorHost(ctx: RouteContext): string | null {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  return host && ctx.runtime.settings.mode !== "production" ? host : null;
}

// ── Firebase web configuration (part of the consolidated settings) ───────────────────────

/** The merchant's identity-service configuration; null when it has none. */
export function firebaseConfig(ctx: RouteContext): FirebaseWebConfig | null {
  const value = storedFirebaseConfig(ctx.runtime.db, ctx.merchantCode);
  // Unset means the demo default; a stored null means the merchant has none.
  const stored = value === undefined ? defaultFirebaseConfig() : (value as FirebaseWebConfig | null);
  if (!stored) return null;
  const host = emulatorHost(ctx);
  return host ? { ...stored, emulatorUrl: `http://${host}` } : stored;
}

/** Social fields of the consolidated settings. */
export function socialSettings(ctx: RouteContext) {
  const botId = telegramBotToken().split(":")[0];
  return { firebase: firebaseConfig(ctx), telegram: { botId } };
}

/** Checks the firebase arguments of a payload: switch on, token valid and of the channel named. */
function firebaseIdentityOf(ctx: RouteContext, payload: Record<string, unknown>): { identity: FirebaseIdentity; channel: string } | Reply {
  const channel = typeof payload.firebaseChannel === "string" ? payload.firebaseChannel : "";
  const token = typeof payload.firebaseIdToken === "string" ? payload.firebaseIdToken : "";
  const known = FIREBASE_CHANNELS[channel];
  if (!known || token === "") return fail(ctx.lang, "request.invalid", { status: 400 });
  if (known.feature && !featureOn(ctx.runtime.db, ctx.merchantCode, known.feature)) return fail(ctx.lang, "feature.disabled");
  const config = firebaseConfig(ctx);
  if (!config) return fail(ctx.lang, "firebase.not.configured");
  const identity = verifyFirebaseToken(token, config, ctx.runtime.now(), emulatorHost(ctx) !== null);
  if (!identity || identity.provider !== known.provider) return fail(ctx.lang, "firebase.token.invalid");
  return { identity, channel };
}

// ── Identities and members ──────────────────────────────────────────────────────────────

const memberOf = (ctx: RouteContext, channel: string, subject: string) => boundMember(ctx.runtime.db, ctx.merchantCode, channel, subject);
const bind = (ctx: RouteContext, channel: string, subject: string, memberId: number) =>
  bindIdentity(ctx.runtime.db, ctx.merchantCode, channel, subject, memberId);

/** A free username of the login rule (6 to 13 letters or digits) with a prefix. */
function freeUsername(ctx: RouteContext, prefix: string): string {
  for (;;) {
    const candidate = `${prefix}${String(randomInt(10 ** 8)).padStart(8, "0")}`;
    if (!memberByUsername(ctx.runtime.db, ctx.merchantCode, candidate)) return candidate;
  }
}

/** A member nobody can log in to with a password: the way in is the identity. */
function createMember(
  ctx: RouteContext,
  m: { prefix: string; nickname?: string; agentType?: number; balance?: string; profile?: Record<string, unknown> },
) {
  const username = freeUsername(ctx, m.prefix);
  return insertMember(ctx.runtime.db, {
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
  const member = memberOf(ctx, checked.channel, checked.identity.subject);
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
  if (memberOf(ctx, checked.channel, checked.identity.subject)) return fail(ctx.lang, "social.already.bound");
  return { bindTo: (memberId) => bind(ctx, checked.channel, checked.identity.subject, memberId) };
}

/** PUT /wps/member/register/autoUsername: a new member for a social identity (FIREBASECREATEACC3). */
export function registerAuto(ctx: RouteContext): Reply {
  const payload = isRecord(ctx.body) ? ctx.body : {};
  if (!featureOn(ctx.runtime.db, ctx.merchantCode, "FIREBASECREATEACC3")) return fail(ctx.lang, "feature.disabled");
  const checked = firebaseIdentityOf(ctx, payload);
  if (!("identity" in checked)) return checked;
  if (memberOf(ctx, checked.channel, checked.identity.subject)) return fail(ctx.lang, "social.already.bound");
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

/** POST /wps/session/login/telegram: the bound member, or a new one registered on the spot. */
export function telegramLogin(ctx: RouteContext): Reply {
  const payload = isRecord(ctx.body) ? ctx.body : {};
  if (!featureOn(ctx.runtime.db, ctx.merchantCode, "TELEGRAMLOGIN3")) return fail(ctx.lang, "feature.disabled");
  const fields = telegramFields(payload);
  if (!fields) return fail(ctx.lang, "request.invalid", { status: 400 });
  if (!verifyTelegramAuth(fields, telegramBotToken(), ctx.runtime.now())) return fail(ctx.lang, "telegram.auth.invalid");
  let member = memberOf(ctx, "telegram", fields.id);
  if (!member) {
    const name = [fields.first_name, fields.last_name].filter(Boolean).join(" ") || fields.username || "";
    member = createMember(ctx, { prefix: "tg", nickname: name, profile: { ...registrationExtras(payload), registerMethod: "WEB" } });
    bind(ctx, "telegram", fields.id, member.id);
  }
  return loginAnswer(ctx, member);
}

/** POST /wps/session/login/freeplay: a new trial account (agent flag 4) and its token. */
export function freePlay(ctx: RouteContext): Reply {
  if (!featureOn(ctx.runtime.db, ctx.merchantCode, "FREEPLAY3")) return fail(ctx.lang, "feature.disabled");
  const member = createMember(ctx, { prefix: "guest", agentType: 4, balance: FREEPLAY_BALANCE });
  return loginAnswer(ctx, member);
}
