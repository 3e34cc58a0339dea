/** SMS codes that the operator "sends": /wps/verification/sms/*. Tests read them at /__reference/codes. */
import { fail, isRecord, ok, type RouteContext, type RouteDef } from "../http";

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
export function sendSmsCode(ctx: RouteContext, mobile: string, purpose: string) {
  const now = ctx.runtime.now();
  const body = isRecord(ctx.body) ? ctx.body : {};
  const issued = ctx.runtime.store.issueSmsCode({
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

export const smsRoutes: RouteDef[] = [
  {
    // Login by SMS. The answer is the same whether or not a member has the number, so the
    // call cannot be used to find out who plays here; only a member's number gets a code.
    method: "POST",
    path: "/wps/verification/sms/noLogin",
    access: "merchant",
    body: "json",
    handler(ctx) {
      const mobile = mobileOf(ctx, "mobileNum");
      if (!mobile) return fail(ctx.lang, "mobile.invalid");
      if (!ctx.runtime.store.memberByMobile(ctx.merchantCode, mobile)) {
        return ok({ expiredMinutes: SMS_CODE_TTL_MS / 60_000, expirationTime: new Date(ctx.runtime.now() + SMS_CODE_TTL_MS).toISOString() });
      }
      return sendSmsCode(ctx, mobile, "login");
    },
  },
  {
    method: "POST",
    path: "/wps/verification/sms/register",
    access: "merchant",
    body: "json",
    handler(ctx) {
      const mobile = mobileOf(ctx, "mobileNo");
      if (!mobile) return fail(ctx.lang, "mobile.invalid");
      if (ctx.runtime.store.memberByMobile(ctx.merchantCode, mobile)) return fail(ctx.lang, "mobile.registered");
      return sendSmsCode(ctx, mobile, "register");
    },
  },
];
