/**
 * Test and demo helpers (/__reference/*): let tests and the demo read what a real operator
 * would only show as an image, send by SMS or mail, and change what a test needs changed
 * (switches, members, settings, rules, the identity service). They need no Merchant header and
 * act on the operator's own merchant. The route table drops every "reference" route in
 * production mode.
 */
import { setUpline } from "../agents/seed";
import { hashPasswordSync } from "../crypto";
import { FaultSwitch } from "../faults";
import { DEMO_ERROR_GAMES } from "../games/catalogue";
import { ticketsOf } from "../games/store";
import { fail, isRecord, ok, type RouteDef } from "../http";
import { createMember, memberByUsername } from "../member/store";
import { passwordMailsTo } from "../password/store";
import { REGISTER_RULES, type RegisterRuleSeed } from "../register/seed";
import { registerRules, replaceRegisterRules } from "../register/store";
import { peekCaptcha, storeFirebaseConfig } from "../session/store";
import { smsCodesForDevice, smsCodesForMobile } from "../sms/store";
import { features, merchantByCode, merchantCdns, setFeatures, setMerchantCdns, setPageAffiliate } from "../system/store";

function toRuleSeed(value: unknown): RegisterRuleSeed | null {
  if (!isRecord(value) || typeof value.key !== "string") return null;
  const num = (v: unknown) => (typeof v === "number" ? v : null);
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  return {
    key: value.key,
    type: str(value.type) ?? "text",
    required: value.required === true,
    enabled: value.enabled !== false,
    minLength: num(value.minLength),
    maxLength: num(value.maxLength),
    acceptedPattern: str(value.acceptedPattern),
    patternId: num(value.patternId),
    message: str(value.message),
  };
}

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
    // The captcha answer and SMS codes issued to a device (?deviceId=…) or a number (?mobile=…).
    method: "GET",
    path: "/__reference/codes",
    access: "reference",
    handler(ctx) {
      const deviceId = ctx.url.searchParams.get("deviceId")?.trim() ?? "";
      const mobile = ctx.url.searchParams.get("mobile")?.trim() ?? "";
      if (deviceId === "" && mobile === "") return fail(ctx.lang, "captcha.device.required", { status: 400 });
      const now = ctx.runtime.now();
      const { db } = ctx.runtime;
      const sms = deviceId !== "" ? smsCodesForDevice(db, deviceId, now) : smsCodesForMobile(db, mobile, now);
      return ok({
        captcha: deviceId !== "" ? peekCaptcha(db, deviceId, now) : null,
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
    // The reset mails "sent" to a username (?username=…), newest last.
    method: "GET",
    path: "/__reference/password-mails",
    access: "reference",
    handler(ctx) {
      const username = ctx.url.searchParams.get("username")?.trim() ?? "";
      if (username === "") return fail(ctx.lang, "request.invalid", { status: 400 });
      return ok(passwordMailsTo(ctx.runtime.db, username));
    },
  },
  {
    // What a registration stored (username, mobile, profile extras), by username.
    method: "GET",
    path: "/__reference/registered",
    access: "reference",
    handler(ctx) {
      const member = memberByUsername(ctx.runtime.db, ctx.runtime.settings.merchantCode, ctx.url.searchParams.get("username") ?? "");
      if (!member) return fail(ctx.lang, "not.found", { status: 404 });
      return ok({ username: member.username, mobile: member.mobile, email: member.email, profile: JSON.parse(member.profile) });
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
      setFeatures(ctx.runtime.db, merchant, switches as Record<string, boolean>);
      return ok(features(ctx.runtime.db, merchant));
    },
  },
  {
    // A member made to measure for one test: { username, password, mobile?, email?, payeeName?,
    // twoFactor? ("EGSP" letters), totpSecret?, passwordExpired?, agentType?, nickname?, balance?,
    // affiliateCode?, upline? (an agent's username) }.
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
      const { db } = ctx.runtime;
      const merchantCode = ctx.runtime.settings.merchantCode;
      if (memberByUsername(db, merchantCode, username)) return fail(ctx.lang, "request.invalid", { status: 409 });
      // `upline`: the username of the agent whose downline the member is.
      const uplineName = str("upline");
      const upline = uplineName === undefined ? null : memberByUsername(db, merchantCode, uplineName);
      if (upline === undefined) return fail(ctx.lang, "request.invalid", { status: 400 });
      const member = createMember(db, {
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
      if (upline) setUpline(db, member.id, upline.id);
      // An agent's own affiliate code, for journeys that register through an agent's link.
      const affiliateCode = str("affiliateCode");
      if (affiliateCode) {
        db.prepare("INSERT INTO affiliates (merchant_code, code, member_id, active) VALUES (?, ?, ?, 1)").run(
          merchantCode,
          affiliateCode,
          member.id,
        );
      }
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
      setPageAffiliate(ctx.runtime.db, value);
      return ok({ pageAffiliate: value });
    },
  },
  {
    // { rules: [...] } replaces the merchant's register rules; { rules: null } restores the seeded ones.
    method: "POST",
    path: "/__reference/register-rules",
    access: "reference",
    body: "json",
    handler(ctx) {
      const given = isRecord(ctx.body) ? ctx.body.rules : undefined;
      if (given !== null && !Array.isArray(given)) return fail(ctx.lang, "request.invalid", { status: 400 });
      const seeds = given === null ? REGISTER_RULES : given.map(toRuleSeed);
      if (seeds.some((s) => s === null)) return fail(ctx.lang, "request.invalid", { status: 400 });
      const merchant = ctx.runtime.settings.merchantCode;
      replaceRegisterRules(ctx.runtime.db, merchant, seeds as RegisterRuleSeed[]);
      return ok(registerRules(ctx.runtime.db, merchant).length);
    },
  },
  {
    // The identity service: { config: {apiKey, authDomain, projectId} } sets, { config: null } removes, {} restores the default.
    method: "POST",
    path: "/__reference/firebase",
    access: "reference",
    body: "json",
    handler(ctx) {
      const body = isRecord(ctx.body) ? ctx.body : {};
      const merchant = ctx.runtime.settings.merchantCode;
      if (!("config" in body)) storeFirebaseConfig(ctx.runtime.db, merchant, undefined);
      else if (body.config === null || isRecord(body.config)) storeFirebaseConfig(ctx.runtime.db, merchant, body.config);
      else return fail(ctx.lang, "request.invalid", { status: 400 });
      return ok(null);
    },
  },
  {
    // A member's game launches (?account=…, &merchant=… for another than the operator's own), newest first.
    method: "GET",
    path: "/__reference/game-sessions",
    access: "reference",
    handler(ctx) {
      const merchant = ctx.url.searchParams.get("merchant")?.trim() || ctx.runtime.settings.merchantCode;
      const member = memberByUsername(ctx.runtime.db, merchant, ctx.url.searchParams.get("account")?.trim() ?? "");
      if (!member) return fail(ctx.lang, "not.found", { status: 404 });
      const now = ctx.runtime.now();
      return ok(
        ticketsOf(ctx.runtime.db, member.id).map((t) => ({
          vendor: t.vendor,
          gameId: t.game_id,
          nodeId: String(t.node_id),
          mode: t.mode,
          openedAt: t.created_at,
          closedAt: t.closed_at,
          open: t.closed_at === null && t.expires_at > now,
        })),
      );
    },
  },
  {
    // The games whose launch answers each error (DEMO_ERROR_GAMES).
    method: "GET",
    path: "/__reference/demo-error-games",
    access: "reference",
    handler() {
      return ok(DEMO_ERROR_GAMES);
    },
  },
  {
    // The status' CDN lists of a merchant: { merchant?, imageCDNs?: [url…], launchGameCDNs?: [url…] } (absent: unchanged).
    method: "POST",
    path: "/__reference/cdns",
    access: "reference",
    body: "json",
    handler(ctx) {
      const b = isRecord(ctx.body) ? ctx.body : {};
      const merchantCode = typeof b.merchant === "string" ? b.merchant : ctx.runtime.settings.merchantCode;
      const list = (value: unknown) =>
        value === undefined ? undefined : Array.isArray(value) && value.every((v) => typeof v === "string") ? (value as string[]) : null;
      const imageCDNs = list(b.imageCDNs);
      const launchGameCDNs = list(b.launchGameCDNs);
      if (imageCDNs === null || launchGameCDNs === null) return fail(ctx.lang, "request.invalid", { status: 400 });
      if (!merchantByCode(ctx.runtime.db, merchantCode)) return fail(ctx.lang, "merchant.acct.setup.err", { status: 404 });
      setMerchantCdns(ctx.runtime.db, merchantCode, { imageCDNs, launchGameCDNs });
      return ok(merchantCdns(merchantByCode(ctx.runtime.db, merchantCode)!));
    },
  },
  {
    // Arms a lost answer after acting (faults.ts): { mode: cut|500|late|reset|shape, path?, count? = 1, lateMs? = 30000 }.
    method: "POST",
    path: "/__reference/faults",
    access: "reference",
    body: "json",
    handler(ctx) {
      const plan = FaultSwitch.parse(ctx.body);
      if (!plan) return fail(ctx.lang, "request.invalid", { status: 400 });
      ctx.runtime.faults.arm(plan);
      return ok(ctx.runtime.faults.list());
    },
  },
  {
    method: "DELETE",
    path: "/__reference/faults",
    access: "reference",
    handler(ctx) {
      ctx.runtime.faults.clear();
      return ok([]);
    },
  },
  {
    // The faults still armed, and how many idempotent outcomes the operator keeps.
    method: "GET",
    path: "/__reference/faults",
    access: "reference",
    handler(ctx) {
      return ok({ armed: ctx.runtime.faults.list(), idempotentReplies: ctx.runtime.idempotency.count(ctx.runtime.settings.merchantCode) });
    },
  },
];
