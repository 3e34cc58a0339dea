/** SMS codes that the operator "sends": /wps/verification/sms/*. Tests read them at /__reference/codes. */
import { fail, type RouteDef } from "../http";
import { memberByMobile } from "../member/store";
import { mobileOf, notSent, sendSmsCode } from "./codes";

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
      if (!memberByMobile(ctx.runtime.db, ctx.merchantCode, mobile)) return notSent(ctx);
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
      if (memberByMobile(ctx.runtime.db, ctx.merchantCode, mobile)) return fail(ctx.lang, "mobile.registered");
      return sendSmsCode(ctx, mobile, "register");
    },
  },
];
