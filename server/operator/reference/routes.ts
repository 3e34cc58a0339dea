/**
 * Test and demo helpers (/__reference/*): let tests and the demo read what a real operator
 * would only show as an image or send by SMS. Not mounted in production mode.
 */
import { hashPasswordSync } from "../crypto";
import { fail, isRecord, ok, type RouteDef } from "../http";

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
      const mobile = ctx.url.searchParams.get("mobile")?.trim() ?? "";
      if (deviceId === "" && mobile === "") return fail(ctx.lang, "captcha.device.required", { status: 400 });
      const now = ctx.runtime.now();
      const { store } = ctx.runtime;
      const sms = deviceId !== "" ? store.smsCodesForDevice(deviceId, now) : store.smsCodesForMobile(mobile, now);
      return ok({
        captcha: deviceId !== "" ? store.peekCaptcha(deviceId, now) : null,
        sms: sms.map((row) => ({
          mobile: row.mobile,
          purpose: row.purpose,
          code: row.code,
          expiresAt: row.expires_at,
        })),
      });
    },
  },
  {
    // Switches a test or the demo needs changed: { features: { MOBILELOGIN3: false, ... } }.
    method: "POST",
    path: "/__reference/features",
    access: "reference",
    body: "json",
    handler(ctx) {
      const switches = isRecord(ctx.body) && isRecord(ctx.body.features) ? ctx.body.features : null;
      if (!switches || Object.values(switches).some((v) => typeof v !== "boolean")) {
        return fail(ctx.lang, "request.invalid", { status: 400 });
      }
      const merchant = ctx.runtime.settings.merchantCode;
      ctx.runtime.store.setFeatures(merchant, switches as Record<string, boolean>);
      return ok(ctx.runtime.store.features(merchant));
    },
  },
  {
    // A member made to measure for one test: { username, password, mobile?, email?, payeeName?,
    // twoFactor? ("EGSP" letters), totpSecret?, passwordExpired?, agentType?, nickname?, balance? }.
    method: "POST",
    path: "/__reference/members",
    access: "reference",
    body: "json",
    handler(ctx) {
      const b = isRecord(ctx.body) ? ctx.body : {};
      const str = (key: string) => (typeof b[key] === "string" ? (b[key] as string) : undefined);
      const username = str("username");
      const password = str("password");
      if (!username || !password) return fail(ctx.lang, "request.invalid", { status: 400 });
      const { store } = ctx.runtime;
      const merchantCode = ctx.runtime.settings.merchantCode;
      if (store.memberByUsername(merchantCode, username)) return fail(ctx.lang, "request.invalid", { status: 409 });
      const member = store.createMember({
        merchantCode,
        username,
        passwordHash: hashPasswordSync(password),
        nickname: str("nickname") ?? username,
        mobile: str("mobile") ?? null,
        email: str("email") ?? null,
        payeeName: str("payeeName") ?? null,
        agentType: typeof b.agentType === "number" ? b.agentType : 0,
        twoFactor: str("twoFactor") ?? "",
        totpSecret: str("totpSecret") ?? null,
        passwordExpired: b.passwordExpired === true,
        balance: str("balance") ?? "0",
        now: ctx.runtime.now(),
      });
      return ok({ id: member.id, username: member.username });
    },
  },
  {
    // Merchant settings a test needs changed: { pageAffiliate: 0 | 1 } (absent from the seed: 0).
    method: "POST",
    path: "/__reference/settings",
    access: "reference",
    body: "json",
    handler(ctx) {
      const value = isRecord(ctx.body) ? ctx.body.pageAffiliate : undefined;
      if (typeof value !== "number" || !Number.isInteger(value)) return fail(ctx.lang, "request.invalid", { status: 400 });
      ctx.runtime.store.db
        .prepare("INSERT INTO meta (key, value) VALUES ('page_affiliate', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
        .run(String(value));
      return ok({ pageAffiliate: value });
    },
  },
];
