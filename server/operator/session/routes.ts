/**
 * The ways in and out: login (password, mobile, SMS code, Firebase), its second factor,
 * Telegram, free play, automatic registration of a social identity, logout, and the captcha
 * the login asks for after repeated failures.
 */
import { fail, ok, sessionOf, type RouteDef } from "../http";
import { captchaImageBase64 } from "./captcha-image";
import { login } from "./login";
import { freePlay, registerAuto, telegramLogin } from "./social";
import { issueCaptcha, revokeSession } from "./store";
import { loginVerification, smsForVerification } from "./verify";

export const sessionRoutes: RouteDef[] = [
  { method: "POST", path: "/wps/session/login", access: "merchant", body: "encrypted", handler: login },
  {
    method: "DELETE",
    path: "/wps/session/logout",
    access: "session",
    handler(ctx) {
      revokeSession(ctx.runtime.db, sessionOf(ctx).token, ctx.runtime.now());
      return ok(null);
    },
  },
  { method: "POST", path: "/wps/session/login/verification", access: "merchant", body: "encrypted", handler: loginVerification },
  { method: "POST", path: "/wps/verification/sms/loginVerification", access: "merchant", body: "encrypted", handler: smsForVerification },
  { method: "POST", path: "/wps/session/login/telegram", access: "merchant", body: "json", handler: telegramLogin },
  { method: "POST", path: "/wps/session/login/freeplay", access: "merchant", body: "json", handler: freePlay },
  { method: "PUT", path: "/wps/member/register/autoUsername", access: "merchant", body: "json", handler: registerAuto },
  {
    method: "GET",
    path: "/wps/captcha",
    access: "merchant",
    handler(ctx) {
      const deviceId = ctx.url.searchParams.get("deviceId")?.trim() ?? "";
      if (deviceId === "") return fail(ctx.lang, "captcha.device.required", { status: 400 });
      const answer = issueCaptcha(ctx.runtime.db, deviceId, ctx.runtime.now());
      return ok(captchaImageBase64(answer));
    },
  },
];
