/**
 * Registration: PUT /wps/member/register (by username), PUT /wps/member/register/mobile (by
 * mobile number), GET /wps/agent/affiliate (is this affiliate code live?), and the test-only
 * POST /__reference/register-rules. The operator checks a registration against its own
 * register rules again: a portal's checks are a courtesy, never the gate.
 */
import { hashPasswordSync } from "../crypto";
import { REGISTER_RULES, type RegisterRuleSeed } from "../db";
import { fail, isRecord, ok, type Reply, type RouteContext, type RouteDef } from "../http";
import type { RegisterRuleRow } from "../store";
import { identityToBindOnRegister } from "../session/social";

type Kind = "username" | "mobile";

/** Fields never kept in the member's profile: secrets and one-time answers. */
const NOT_PROFILE = new Set(["password", "confirmPassword", "paymentPassword", "captcha", "verificationCode", "deviceId", "login", "username", "mobileNum", "email", "firebaseIdToken2"]);

/** Checked elsewhere (captcha, SMS code, the confirmation) or never shown (rebateId). */
const NOT_BY_RULE = new Set(["captcha", "verificationCode", "verifyPwd", "rebateId"]);

const text = (body: Record<string, unknown>, key: string) => (typeof body[key] === "string" ? (body[key] as string).trim() : "");

/** The generic rule of document 000, section 5: empty passes unless required; length; pattern ("*" = any). */
function passesRule(rule: RegisterRuleRow, value: string, required: boolean): boolean {
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
  const { store } = ctx.runtime;
  const now = ctx.runtime.now();
  const merchantCode = ctx.merchantCode;
  const features = store.features(merchantCode);
  if (!features.REG3 || !features[kind === "mobile" ? "MOBILENUMREG3" : "USERNAMEREG3"]) return fail(ctx.lang, "register.closed");
  const body = isRecord(ctx.body) ? ctx.body : null;
  if (!body) return fail(ctx.lang, "request.invalid", { status: 400 });

  const rules = store.registerRules(merchantCode).filter((r) => r.enabled === 1);
  const ruleOf = (key: string) => rules.find((r) => r.field_key === key);
  const mobile = text(body, "mobileNum");
  const username = kind === "mobile" ? mobile : text(body, "username");
  const password = typeof body.password === "string" ? body.password : "";
  const deviceId = text(body, "deviceId");

  // 1. Captcha first, so that probing for taken names costs a solved captcha each time.
  if (ruleOf("captcha")) {
    const expected = deviceId !== "" ? store.consumeCaptcha(deviceId, now) : null;
    if (expected === null || text(body, "captcha") !== expected) return fail(ctx.lang, "captcha.invalid", { value: { captcha: true } });
  }

  // 2. Every field by the merchant's rules; the identity of the kind is always required.
  if (username === "" || password === "") return fail(ctx.lang, "register.field.invalid", { value: { field: username === "" ? (kind === "mobile" ? "mobileNum" : "username") : "password" } });
  for (const rule of rules) {
    if (NOT_BY_RULE.has(rule.field_key)) continue;
    if (kind === "mobile" && rule.field_key === "username") continue;
    const value = rule.field_key === "password" ? password : text(body, rule.field_key);
    const required = rule.required === 1 || (kind === "mobile" && rule.field_key === "mobileNum");
    if (!passesRule(rule, value, required)) return fail(ctx.lang, "register.field.invalid", { value: { field: rule.field_key } });
  }
  if (typeof body.confirmPassword === "string" && body.confirmPassword !== password) return fail(ctx.lang, "register.password.mismatch");

  // 3. Taken names and numbers.
  if (store.memberByUsername(merchantCode, username)) {
    return fail(ctx.lang, kind === "mobile" ? "mobile.registered" : "username.registered");
  }
  if (mobile !== "" && store.memberByMobile(merchantCode, mobile)) return fail(ctx.lang, "mobile.registered");

  // 4. The affiliate, when one is named.
  const affiliateCode = text(body, "affiliateCode");
  if (affiliateCode !== "" && !activeAffiliate(ctx, affiliateCode)) return fail(ctx.lang, "affiliate.invalid");

  // 5. A social identity to bind, when the player came from a social sign-in.
  const social = identityToBindOnRegister(ctx, body);
  if (social && !("bindTo" in social)) return social;

  // 6. The SMS code last: a refusal above does not use up a code the player waited for.
  if (kind === "mobile" && features.REGMOBVERF3) {
    if (!store.consumeSmsCode(mobile, "register", text(body, "verificationCode"), now)) return fail(ctx.lang, "register.sms.code.invalid");
  }

  const profile: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (!NOT_PROFILE.has(key) && value !== "" && value !== undefined) profile[key] = value;
  const member = store.createMember({
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

  // login: true asks for a session at once (document 000, section 3: the login flag).
  let token: string | undefined;
  if (body.login === true || body.login === "true") {
    token = store.createSession(member.id, now);
  }
  return ok({ customerName: `${merchantCode}@${member.username}`, profile: { mobileNo: member.mobile ?? "" }, ...(token ? { token, firstTimeLogin: true } : {}) });
}

function activeAffiliate(ctx: RouteContext, code: string): boolean {
  const row = ctx.runtime.store.db
    .prepare("SELECT active FROM affiliates WHERE merchant_code = ? AND code = ?")
    .get(ctx.merchantCode, code) as { active: number } | undefined;
  return row?.active === 1;
}

function toSeed(value: unknown): RegisterRuleSeed | null {
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
      return activeAffiliate(ctx, code) ? ok({ code, domain: ctx.url.searchParams.get("domain") ?? "" }) : fail(ctx.lang, "affiliate.invalid");
    },
  },
];

/** Test and demo only (mounted with the other /__reference routes, never in production mode). */
export const registerReferenceRoutes: RouteDef[] = [
  {
    // Test-only: what a registration stored (username, mobile, profile extras), by username.
    method: "GET",
    path: "/__reference/registered",
    access: "reference",
    handler(ctx) {
      const member = ctx.runtime.store.memberByUsername(ctx.runtime.settings.merchantCode, ctx.url.searchParams.get("username") ?? "");
      if (!member) return fail(ctx.lang, "not.found", { status: 404 });
      return ok({ username: member.username, mobile: member.mobile, email: member.email, profile: JSON.parse(member.profile) });
    },
  },
  {
    // Test-only: { rules: [...] } replaces the merchant's register rules; { rules: null } restores the seeded ones.
    method: "POST",
    path: "/__reference/register-rules",
    access: "reference",
    body: "json",
    handler(ctx) {
      const given = isRecord(ctx.body) ? ctx.body.rules : undefined;
      if (given !== null && !Array.isArray(given)) return fail(ctx.lang, "request.invalid", { status: 400 });
      const seeds = given === null ? REGISTER_RULES : given.map(toSeed);
      if (seeds.some((s) => s === null)) return fail(ctx.lang, "request.invalid", { status: 400 });
      const merchant = ctx.runtime.settings.merchantCode;
      const { db } = ctx.runtime.store;
      const insert = db.prepare(
        `INSERT INTO register_rules (merchant_code, field_key, position, type, required, enabled, min_length, max_length, accepted_pattern, pattern_id, message)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      db.transaction(() => {
        db.prepare("DELETE FROM register_rules WHERE merchant_code = ?").run(merchant);
        (seeds as RegisterRuleSeed[]).forEach((r, i) =>
          insert.run(merchant, r.key, i, r.type, r.required ? 1 : 0, r.enabled ? 1 : 0, r.minLength, r.maxLength, r.acceptedPattern, r.patternId, r.message),
        );
      })();
      return ok(ctx.runtime.store.registerRules(merchant).length);
    },
  },
];
