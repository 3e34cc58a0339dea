/** Login and logout: /wps/session/*. */
import { verifyPassword } from "../crypto";
import { fail, isRecord, ok, sessionOf, type RouteContext, type RouteDef } from "../http";
import type { MemberRow } from "../store";
import { bindOnLogin, firebaseLogin } from "./social";
import { loginAnswer } from "./login-answer";

/** More attempts than this within LOGIN_WINDOW_MS (per username or per device) get HTTP 429. */
export const LOGIN_ATTEMPT_LIMIT = 10;
/** From this many consecutive failures on, the login needs the captcha. */
export const CAPTCHA_AFTER_FAILURES = 3;

const LOGIN_TYPES = new Set(["username", "sms", "mobileNum"]);

/** Checks the credentials of a login payload; never says which part was wrong. */
async function checkCredentials(ctx: RouteContext, type: string, username: string, password: string): Promise<MemberRow | null> {
  const { store, now } = ctx.runtime;
  if (type === "sms") {
    // SMS login: username is the mobile number, password the code sent to it.
    const member = store.memberByMobile(ctx.merchantCode, username);
    const codeOk = store.consumeSmsCode(username, "login", password, now());
    return member && codeOk ? member : null;
  }
  const member =
    type === "mobileNum" ? store.memberByMobile(ctx.merchantCode, username) : store.memberByUsername(ctx.merchantCode, username);
  // verifyPassword(…, null) runs scrypt against a dummy hash: unknown users cost the same time.
  const passwordOk = await verifyPassword(password, member?.password_hash ?? null);
  return member && passwordOk ? member : null;
}

async function login(ctx: RouteContext) {
  const payload = ctx.body;
  if (isRecord(payload) && payload.type === "firebase") return firebaseLogin(ctx, payload);
  if (!isRecord(payload) || typeof payload.username !== "string" || typeof payload.password !== "string") {
    return fail(ctx.lang, "request.invalid", { status: 400 });
  }
  const type = typeof payload.type === "string" ? payload.type : "username";
  if (!LOGIN_TYPES.has(type)) return fail(ctx.lang, "request.invalid", { status: 400 });

  const { store } = ctx.runtime;
  const now = ctx.runtime.now();
  const username = payload.username.trim();
  const usernameKey = username.toLowerCase();
  const deviceId = typeof payload.deviceId === "string" ? payload.deviceId.trim() : "";
  // Clients that send no device id are throttled per address instead.
  const deviceKey = deviceId !== "" ? `device:${deviceId}` : `address:${ctx.clientAddress}`;

  // 1. Rate limit (every attempt counts, also the refused ones, so hammering keeps the door shut).
  const attempts = store.recordLoginAttempt(usernameKey, deviceKey, now);
  const limit = ctx.runtime.settings.loginAttemptLimit;
  if (attempts.byUser > limit || attempts.byDevice > limit) {
    return fail(ctx.lang, "TOO_MANY_REQUESTS", { status: 429 });
  }

  // 2. Captcha once the username has failed often enough; the issued answer is single use.
  //    (Concurrent attempts may all pass this check before one of them records a failure; the
  //    rate limit above still bounds how many guesses that allows.)
  if (store.failures(usernameKey) >= CAPTCHA_AFTER_FAILURES) {
    const expected = deviceId !== "" ? store.consumeCaptcha(deviceId, now) : null;
    const given = typeof payload.captcha === "string" ? payload.captcha.trim() : "";
    if (expected === null || given !== expected) {
      return fail(ctx.lang, "captcha.invalid", { value: { captcha: true } });
    }
  }

  // 3. Credentials.
  const member = await checkCredentials(ctx, type, username, payload.password);
  if (!member) {
    const failures = store.addFailure(usernameKey, now);
    return fail(ctx.lang, type === "sms" ? "login.sms.code.invalid" : "login.password.incorrect", {
      value: { captcha: failures >= CAPTCHA_AFTER_FAILURES },
    });
  }

  // 4. Success.
  store.resetFailures(usernameKey);
  if (member.two_factor_methods !== "") {
    // The password was right; the second factor is verified by /wps/session/login/verification.
    return fail(ctx.lang, "login_verify_required", { value: member.two_factor_methods.split("") });
  }
  const bindFailure = bindOnLogin(ctx, payload, member);
  if (bindFailure) return bindFailure;
  return loginAnswer(ctx, member);
}

export const sessionRoutes: RouteDef[] = [
  { method: "POST", path: "/wps/session/login", access: "merchant", body: "encrypted", handler: login },
  {
    method: "DELETE",
    path: "/wps/session/logout",
    access: "session",
    handler(ctx) {
      ctx.runtime.store.revokeSession(sessionOf(ctx).token, ctx.runtime.now());
      return ok(null);
    },
  },
];
