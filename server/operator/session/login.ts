/** The login (POST /wps/session/login): password, mobile number and password, SMS code, or a Firebase identity. */
import { verifyPassword } from "../crypto";
import { fail, isRecord, type RouteContext } from "../http";
import { memberByMobile, memberByUsername, type MemberRow } from "../member/store";
import { consumeSmsCode } from "../sms/store";
import { loginAnswer } from "./login-answer";
import { bindOnLogin, firebaseLogin } from "./social";
import { addFailure, consumeCaptcha, failures, recordLoginAttempt, resetFailures } from "./store";

/** More attempts than this within LOGIN_WINDOW_MS (per username or per device) get HTTP 429. */
export const LOGIN_ATTEMPT_LIMIT = 10;
/** From this many consecutive failures on, the login needs the captcha. */
export const CAPTCHA_AFTER_FAILURES = 3;

const LOGIN_TYPES = new Set(["username", "sms", "mobileNum"]);

/** Checks the credentials of a login payload; never says which part was wrong. */
async function checkCredentials(ctx: RouteContext, type: string, username: string, password: string): Promise<MemberRow | null> {
  const { db, now } = ctx.runtime;
  if (type === "sms") {
    // SMS login: username is the mobile number, password the code sent to it.
    const member = memberByMobile(db, ctx.merchantCode, username);
    const codeOk = consumeSmsCode(db, username, "login", password, now());
    return member && codeOk ? member : null;
  }
  const member = type === "mobileNum" ? memberByMobile(db, ctx.merchantCode, username) : memberByUsername(db, ctx.merchantCode, username);
  // verifyPassword(…, null) runs scrypt against a dummy hash: unknown users cost the same time.
  const passwordOk = await verifyPassword(password, member?.password_hash ?? null);
  return member && passwordOk ? member : null;
}

export async function login(ctx: RouteContext) {
  const payload = ctx.body;
  if (isRecord(payload) && payload.type === "firebase") return firebaseLogin(ctx, payload);
  if (!isRecord(payload) || typeof payload.username !== "string" || typeof payload.password !== "string") {
    return fail(ctx.lang, "request.invalid", { status: 400 });
  }
  const type = typeof payload.type === "string" ? payload.type : "username";
  if (!LOGIN_TYPES.has(type)) return fail(ctx.lang, "request.invalid", { status: 400 });

  const { db } = ctx.runtime;
  const now = ctx.runtime.now();
  const username = payload.username.trim();
  const usernameKey = username.toLowerCase();
  const deviceId = typeof payload.deviceId === "string" ? payload.deviceId.trim() : "";
  // Clients that send no device id are throttled per address instead.
  const deviceKey = deviceId !== "" ? `device:${deviceId}` : `address:${ctx.clientAddress}`;

  // 1. Rate limit (every attempt counts, also the refused ones, so hammering keeps the door shut).
  const attempts = recordLoginAttempt(db, usernameKey, deviceKey, now);
  const limit = ctx.runtime.settings.loginAttemptLimit;
  if (attempts.byUser > limit || attempts.byDevice > limit) {
    return fail(ctx.lang, "TOO_MANY_REQUESTS", { status: 429 });
  }

  // 2. Captcha once the username has failed often enough; the issued answer is single use.
  //    (Concurrent attempts may all pass this check before one of them records a failure; the
  //    rate limit above still bounds how many guesses that allows.)
  if (failures(db, usernameKey) >= CAPTCHA_AFTER_FAILURES) {
    const expected = deviceId !== "" ? consumeCaptcha(db, deviceId, now) : null;
    const given = typeof payload.captcha === "string" ? payload.captcha.trim() : "";
    if (expected === null || given !== expected) {
      return fail(ctx.lang, "captcha.invalid", { value: { captcha: true } });
    }
  }

  // 3. Credentials.
  const member = await checkCredentials(ctx, type, username, payload.password);
  if (!member) {
    const failed = addFailure(db, usernameKey, now);
    return fail(ctx.lang, type === "sms" ? "login.sms.code.invalid" : "login.password.incorrect", {
      value: { captcha: failed >= CAPTCHA_AFTER_FAILURES },
    });
  }

  // 4. Success.
  resetFailures(db, usernameKey);
  if (member.two_factor_methods !== "") {
    // The password was right; the second factor is verified by /wps/session/login/verification.
    return fail(ctx.lang, "login_verify_required", { value: member.two_factor_methods.split("") });
  }
  const bindFailure = bindOnLogin(ctx, payload, member);
  if (bindFailure) return bindFailure;
  return loginAnswer(ctx, member);
}
