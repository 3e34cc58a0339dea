/**
 * Test and demo helpers (/__reference/*): let tests and the demo read what a real operator
 * would only show as an image or send by SMS. Not mounted in production mode.
 */
import { fail, ok, type RouteDef } from "../http";

export const referenceRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/__reference/health",
    access: "reference",
    handler() {
      return ok("ok");
    },
  },
  {
    method: "GET",
    path: "/__reference/codes",
    access: "reference",
    handler(ctx) {
      const deviceId = ctx.url.searchParams.get("deviceId")?.trim() ?? "";
      if (deviceId === "") return fail(ctx.lang, "captcha.device.required", { status: 400 });
      const now = ctx.runtime.now();
      const { store } = ctx.runtime;
      return ok({
        captcha: store.peekCaptcha(deviceId, now),
        sms: store.smsCodesForDevice(deviceId, now).map((row) => ({
          mobile: row.mobile,
          purpose: row.purpose,
          code: row.code,
          expiresAt: row.expires_at,
        })),
      });
    },
  },
];
