/**
 * The second factor of a login (login_verify_required): POST /wps/session/login/verification,
 * and the SMS code the S method needs, POST /wps/verification/sms/loginVerification (a path
 * we chose; the documents show none). Both re-check username and password, so only someone
 * past the first factor gets this far.
 */
import { verifyPassword } from "../crypto";
import type { Db } from "../db";
import { fail, isRecord, type Reply, type RouteContext } from "../http";
import { memberByMobile, memberByUsername, type MemberRow } from "../member/store";
import { mobileOf, notSent, sendSmsCode } from "../sms/codes";
import { consumeSmsCode, smsCodeUsedSince } from "../sms/store";
import { loginAnswer } from "./login-answer";
import { bindOnLogin } from "./social";
import { recordLoginAttempt, resetFailures } from "./store";
import { verifyTotp } from "./totp";

export const VERIFY_METHODS = ["E", "G", "S", "P"] as const;
export type VerifyMethod = (typeof VERIFY_METHODS)[number];

/** The error code of a wrong second factor, per method (messages in catalog.ts). */
export const WRONG_FACTOR_CODES: Record<VerifyMethod, string> = {
  E: "login.verify.email.invalid",
  G: "login.verify.code.invalid",
  S: "login.verify.sms.invalid",
  P: "login.verify.payee.invalid",
};

const str = (body: Record<string, unknown>, key: string) => (typeof body[key] === "string" ? (body[key] as string).trim() : "");

/**
 * The last authenticator step each member used, per operator instance: a code is good once
 * (RFC 6238, section 5.2), so one read over a shoulder cannot be replayed within its window.
 */
const usedTotpSteps = new WeakMap<Db, Map<number, number>>();

/** How long after an SMS-code login its second factor may follow. */
const FIRST_FACTOR_MS = 5 * 60 * 1000;

/** Rate limit and credentials, shared by both routes; answers the member or the failure. */
async function firstFactor(ctx: RouteContext): Promise<{ member: MemberRow; body: Record<string, unknown> } | Reply> {
  const body = isRecord(ctx.body) ? ctx.body : null;
  if (!body || typeof body.username !== "string" || typeof body.password !== "string") {
    return fail(ctx.lang, "request.invalid", { status: 400 });
  }
  const { db } = ctx.runtime;
  const now = ctx.runtime.now();
  const username = body.username.trim();
  const deviceId = str(body, "deviceId");
  // Second-factor guesses count with the login attempts: together they stay under the limit.
  const attempts = recordLoginAttempt(db, username.toLowerCase(), deviceId ? `device:${deviceId}` : `address:${ctx.clientAddress}`, now);
  const limit = ctx.runtime.settings.loginAttemptLimit;
  if (attempts.byUser > limit || attempts.byDevice > limit) return fail(ctx.lang, "TOO_MANY_REQUESTS", { status: 429 });

  // The first factor of the login being completed: a password (type username or mobileNum), or
  // for type sms the code that login just used, which cannot be consumed a second time.
  const type = str(body, "type") || "username";
  if (type === "sms") {
    const member = memberByMobile(db, ctx.merchantCode, username);
    const codeOk = smsCodeUsedSince(db, username, "login", body.password, now - FIRST_FACTOR_MS);
    if (!member || !codeOk) return fail(ctx.lang, "login.password.incorrect", { value: { captcha: false } });
    return { member, body };
  }
  const member = type === "mobileNum" ? memberByMobile(db, ctx.merchantCode, username) : memberByUsername(db, ctx.merchantCode, username);
  const passwordOk = await verifyPassword(body.password, member?.password_hash ?? null);
  if (!member || !passwordOk) return fail(ctx.lang, "login.password.incorrect", { value: { captcha: false } });
  return { member, body };
}

/** Names compare as people type them: spacing, width and Latin case do not matter. */
function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();
  return norm(a) !== "" && norm(a) === norm(b);
}

function checkFactor(ctx: RouteContext, member: MemberRow, method: VerifyMethod, body: Record<string, unknown>): boolean {
  const now = ctx.runtime.now();
  switch (method) {
    case "G": {
      if (!member.totp_secret) return false;
      const counter = verifyTotp(member.totp_secret, str(body, "authCode"), now);
      if (counter === null) return false;
      let used = usedTotpSteps.get(ctx.runtime.db);
      if (!used) usedTotpSteps.set(ctx.runtime.db, (used = new Map()));
      if ((used.get(member.id) ?? -1) >= counter) return false;
      used.set(member.id, counter);
      return true;
    }
    case "E":
      return Boolean(member.email) && str(body, "email").toLowerCase() === member.email!.trim().toLowerCase();
    case "P":
      return Boolean(member.payee_name) && sameName(str(body, "payeeName"), member.payee_name!);
    case "S": {
      const mobile = str(body, "mobileNum");
      // The code is consumed only for the member's own number: a wrong number costs no code.
      if (!member.mobile || mobile !== member.mobile) return false;
      return consumeSmsCode(ctx.runtime.db, mobile, "verify", str(body, "verificationCode"), now);
    }
  }
}

export async function loginVerification(ctx: RouteContext): Promise<Reply> {
  const checked = await firstFactor(ctx);
  if (!("member" in checked)) return checked;
  const { member, body } = checked;
  const method = str(body, "method").toUpperCase() as VerifyMethod;
  if (!VERIFY_METHODS.includes(method) || !member.two_factor_methods.includes(method)) {
    return fail(ctx.lang, "login.verify.method.invalid");
  }
  if (!checkFactor(ctx, member, method, body)) return fail(ctx.lang, WRONG_FACTOR_CODES[method]);

  resetFailures(ctx.runtime.db, member.username.toLowerCase());
  // Binding an account that has a second factor: the firebase arguments travel with the verification.
  const bindFailure = bindOnLogin(ctx, body, member);
  if (bindFailure) return bindFailure;
  return loginAnswer(ctx, member);
}

export async function smsForVerification(ctx: RouteContext): Promise<Reply> {
  const checked = await firstFactor(ctx);
  if (!("member" in checked)) return checked;
  const { member } = checked;
  if (!member.two_factor_methods.includes("S")) return fail(ctx.lang, "login.verify.method.invalid");
  const mobile = mobileOf(ctx, "mobileNum");
  if (!mobile) return fail(ctx.lang, "mobile.invalid");
  // Whether the number is the member's is not told: the same answer either way (the code
  // goes out only to the member's own number), so the call cannot confirm a phone number.
  if (mobile !== member.mobile) return notSent(ctx);
  return sendSmsCode(ctx, mobile, "verify");
}
