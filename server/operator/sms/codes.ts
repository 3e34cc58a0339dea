/** Sending a code, shared by every area that asks for one (login, registration, password reset, second factor). */
import { fail, isRecord, ok, type Reply, type RouteContext } from "../http";
import { issueSmsCode } from "./store";

/** A code lives 2 minutes (answered as expiredMinutes), and no second one is sent meanwhile. */
export const SMS_CODE_TTL_MS = 2 * 60 * 1000;

const MOBILE = /^\d{10,16}$/;
const COUNTRY_CODE = /^\d{1,3}$/;

/** Reads and checks the number of an SMS request; the login variant names it mobileNum, registration mobileNo. */
export function mobileOf(ctx: RouteContext, field: "mobileNum" | "mobileNo" | "mobileNumber"): string | null {
  const body = isRecord(ctx.body) ? ctx.body : {};
  const mobile = typeof body[field] === "string" ? body[field].trim() : "";
  const country = typeof body.countryDialingCode === "string" ? body.countryDialingCode.trim() : "";
  if (!MOBILE.test(mobile) || (country !== "" && !COUNTRY_CODE.test(country))) return null;
  return mobile;
}

/** Issues a code for the purpose and answers as the spec says (value.expiredMinutes, value.expirationTime). */
export function sendSmsCode(ctx: RouteContext, mobile: string, purpose: string): Reply {
  const now = ctx.runtime.now();
  const body = isRecord(ctx.body) ? ctx.body : {};
  const issued = issueSmsCode(ctx.runtime.db, {
    mobile,
    purpose,
    deviceId: typeof body.deviceId === "string" && body.deviceId !== "" ? body.deviceId : null,
    ttlMs: SMS_CODE_TTL_MS,
    resendAfterMs: SMS_CODE_TTL_MS,
    now,
  });
  if ("retryAfterS" in issued) return fail(ctx.lang, "sms.too.frequent", { value: { retryAfterSeconds: issued.retryAfterS } });
  return ok({ expiredMinutes: SMS_CODE_TTL_MS / 60_000, expirationTime: new Date(issued.expiresAt).toISOString() });
}

/**
 * The answer of a code sent, when none is: for a number the account does not have. The caller
 * cannot tell the two apart, so the call does not reveal who plays here or whose number it is.
 */
export function notSent(ctx: RouteContext): Reply {
  return ok({ expiredMinutes: SMS_CODE_TTL_MS / 60_000, expirationTime: new Date(ctx.runtime.now() + SMS_CODE_TTL_MS).toISOString() });
}
