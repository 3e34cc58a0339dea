/**
 * Registration: PUT /wps/member/register (by username), PUT /wps/member/register/mobile (by
 * mobile number), GET /wps/agent/affiliate (is this affiliate code live?) and the rules the
 * form is built from, GET /wps/system/setting/register. The operator checks a registration
 * against its own register rules again: a portal's checks are a courtesy, never the gate.
 */
import { hashPasswordSync } from "../crypto";
import { fail, isRecord, ok, type Reply, type RouteContext, type RouteDef } from "../http";
import { createMember, memberByMobile, memberByUsername } from "../member/store";
import { identityToBindOnRegister } from "../session/social";
import { consumeCaptcha, createSession } from "../session/store";
import { consumeSmsCode } from "../sms/store";
import { features as featuresOf } from "../system/store";
import { activeAffiliate, affiliateAgent, registerRules, type RegisterRuleRow } from "./store";

type Kind = "username" | "mobile";

/** Fields never kept in the member's profile: secrets and one-time answers. */
const NOT_PROFILE = new Set([
  "password",
  "confirmPassword",
  "paymentPassword",
  "captcha",
  "verificationCode",
  "deviceId",
  "login",
  "username",
  "mobileNum",
  "email",
  "firebaseIdToken2",
]);

/** Checked elsewhere (captcha, SMS code, the confirmation) or never shown (rebateId). */
const NOT_BY_RULE = new Set(["captcha", "verificationCode", "verifyPwd", "rebateId"]);

const text = (body: Record<string, unknown>, key: string) => (typeof body[key] === "string" ? (body[key] as string).trim() : "");

/** The generic rule of document 000, section 5: empty passes unless required; length; pattern ("*" = any). */
export function passesRule(rule: RegisterRuleRow, value: string, required: boolean): boolean {
  if (value === "") return !required;
  if (rule.min_length !== null && value.length < rule.min_length) return false;
  if (rule.max_length !== null && rule.max_length > 0 && value.length > rule.max_length) return false;
  const pattern = rule.accepted_pattern;
  if (pattern && pattern !== "*") {
    try {
      if (!new RegExp(pattern).test(value)) return false;
    } catch {
      return true; // a broken pattern of the merchant's own does not lock everyone out
    }
  }
  return true;
}

async function register(ctx: RouteContext, kind: Kind): Promise<Reply> {
  const { db } = ctx.runtime;
  const now = ctx.runtime.now();
  const merchantCode = ctx.merchantCode;
  const features = featuresOf(db, merchantCode);
  if (!features.REG3 || !features[kind === "mobile" ? "MOBILENUMREG3" : "USERNAMEREG3"]) return fail(ctx.lang, "register.closed");
  const body = isRecord(ctx.body) ? ctx.body : null;
  if (!body) return fail(ctx.lang, "request.invalid", { status: 400 });

  const rules = registerRules(db, merchantCode).filter((r) => r.enabled === 1);
  const ruleOf = (key: string) => rules.find((r) => r.field_key === key);
  const mobile = text(body, "mobileNum");
  const username = kind === "mobile" ? mobile : text(body, "username");
  const password = typeof body.password === "string" ? body.password : "";
  const deviceId = text(body, "deviceId");

  // 1. Captcha first, so that probing for taken names costs a solved captcha each time.
  if (ruleOf("captcha")) {
    const expected = deviceId !== "" ? consumeCaptcha(db, deviceId, now) : null;
    if (expected === null || text(body, "captcha") !== expected) return fail(ctx.lang, "captcha.invalid", { value: { captcha: true } });
  }

  // 2. Every field by the merchant's rules; the identity of the kind is always required.
  if (username === "" || password === "")
    return fail(ctx.lang, "register.field.invalid", {
      value: { field: username === "" ? (kind === "mobile" ? "mobileNum" : "username") : "password" },
    });
  for (const rule of rules) {
    if (NOT_BY_RULE.has(rule.field_key)) continue;
    if (kind === "mobile" && rule.field_key === "username") continue;
    const value = rule.field_key === "password" ? password : text(body, rule.field_key);
    const required = rule.required === 1 || (kind === "mobile" && rule.field_key === "mobileNum");
    if (!passesRule(rule, value, required)) return fail(ctx.lang, "register.field.invalid", { value: { field: rule.field_key } });
  }
  if (typeof body.confirmPassword === "string" && body.confirmPassword !== password) return fail(ctx.lang, "register.password.mismatch");

  // 3. Taken names and numbers.
  if (memberByUsername(db, merchantCode, username)) {
    return fail(ctx.lang, kind === "mobile" ? "mobile.registered" : "username.registered");
  }
  if (mobile !== "" && memberByMobile(db, merchantCode, mobile)) return fail(ctx.lang, "mobile.registered");

  // 4. The affiliate, when one is named.
  const affiliateCode = text(body, "affiliateCode");
  if (affiliateCode !== "" && !activeAffiliate(db, merchantCode, affiliateCode)) return fail(ctx.lang, "affiliate.invalid");

  // 5. A social identity to bind, when the player came from a social sign-in.
  const social = identityToBindOnRegister(ctx, body);
  if (social && !("bindTo" in social)) return social;

  // 6. The SMS code last: a refusal above does not use up a code the player waited for.
  if (kind === "mobile" && features.REGMOBVERF3) {
    if (!consumeSmsCode(db, mobile, "register", text(body, "verificationCode"), now)) return fail(ctx.lang, "register.sms.code.invalid");
  }

  const profile: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (!NOT_PROFILE.has(key) && value !== "" && value !== undefined) profile[key] = value;
  const member = createMember(db, {
    merchantCode,
    username,
    passwordHash: hashPasswordSync(password),
    nickname: text(body, "nickname") || username,
    mobile: mobile || null,
    email: text(body, "email") || null,
    payeeName: text(body, "payeeName") || null,
    profile,
    now,
  });
  social?.bindTo(member.id);
  // An agent's code makes the new account that agent's downline: the team is read from the
  // upline the transfer to upline uses, so both see the same agent.
  const upline = affiliateCode !== "" ? affiliateAgent(db, merchantCode, affiliateCode) : null;
  if (upline !== null) {
    db.prepare(
      `INSERT INTO member_wallet_settings (member_id, is_single, upline_id) VALUES (?, 0, ?)
       ON CONFLICT(member_id) DO UPDATE SET upline_id = excluded.upline_id`,
    ).run(member.id, upline);
  }

  // login: true asks for a session at once (document 000, section 3: the login flag).
  let token: string | undefined;
  if (body.login === true || body.login === "true") {
    token = createSession(db, member.id, now);
  }
  return ok({
    customerName: `${merchantCode}@${member.username}`,
    profile: { mobileNo: member.mobile ?? "" },
    ...(token ? { token, firstTimeLogin: true } : {}),
  });
}

export const registerRoutes: RouteDef[] = [
  { method: "PUT", path: "/wps/member/register", access: "merchant", body: "encrypted", handler: (ctx) => register(ctx, "username") },
  { method: "PUT", path: "/wps/member/register/mobile", access: "merchant", body: "encrypted", handler: (ctx) => register(ctx, "mobile") },
  {
    method: "GET",
    path: "/wps/agent/affiliate",
    access: "merchant",
    handler(ctx) {
      const code = ctx.url.searchParams.get("code")?.trim() ?? "";
      if (code === "") return fail(ctx.lang, "request.invalid", { status: 400 });
      return activeAffiliate(ctx.runtime.db, ctx.merchantCode, code)
        ? ok({ code, domain: ctx.url.searchParams.get("domain") ?? "" })
        : fail(ctx.lang, "affiliate.invalid");
    },
  },
  {
    method: "GET",
    path: "/wps/system/setting/register",
    access: "merchant",
    handler(ctx) {
      return ok(
        registerRules(ctx.runtime.db, ctx.merchantCode).map((rule) => ({
          key: rule.field_key,
          type: rule.type,
          required: rule.required === 1,
          enabled: rule.enabled === 1,
          minLength: rule.min_length,
          maxLength: rule.max_length,
          acceptedPattern: rule.accepted_pattern,
          patternId: rule.pattern_id,
          message: rule.message,
        })),
      );
    },
  },
];
