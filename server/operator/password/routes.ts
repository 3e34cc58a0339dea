/**
 * Passwords: change (/wps/member/password), reset by e-mail and by SMS code
 * (/wps/member/password/email, /sms, /verification). The reset calls answer the same whether or
 * not the account matches, so they cannot be used to find out who plays here; only a real match
 * gets a mail or a code. Tests read the "sent" mails at /__reference/password-mails.
 */
import { hashPasswordSync, verifyPassword } from "../crypto";
import { fail, isRecord, ok, sessionOf, type RouteContext, type RouteDef } from "../http";
import { memberByUsername, setPassword, type MemberRow } from "../member/store";
import { registerRules } from "../register/store";
import { revokeOtherSessions } from "../session/store";
import { mobileOf, notSent, sendSmsCode } from "../sms/codes";
import { consumeSmsCode } from "../sms/store";
import { recordPasswordMail } from "./store";

/** The fallback rule when the merchant configured no password rule (document 000, section 5). */
const DEFAULT_RULE = { min: 6, max: 16, pattern: null as RegExp | null };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The merchant's register rule for `password`: the same rule a new member's password meets. */
function passwordRule(ctx: RouteContext) {
  const rule = registerRules(ctx.runtime.db, ctx.merchantCode).find((r) => r.field_key === "password" && r.enabled === 1);
  if (!rule) return DEFAULT_RULE;
  let pattern: RegExp | null = null;
  try {
    pattern = rule.accepted_pattern ? new RegExp(rule.accepted_pattern) : null;
  } catch {
    pattern = null;
  }
  return { min: rule.min_length ?? DEFAULT_RULE.min, max: rule.max_length ?? DEFAULT_RULE.max, pattern };
}

function meetsRule(ctx: RouteContext, password: string): boolean {
  const rule = passwordRule(ctx);
  return password.length >= rule.min && password.length <= rule.max && (!rule.pattern || rule.pattern.test(password));
}

const str = (body: unknown, key: string) => (isRecord(body) && typeof body[key] === "string" ? (body[key] as string) : "");

/** Checks the new password and its confirmation; answers the failure or null. */
function newPasswordProblem(ctx: RouteContext, newPassword: string, confirm: string) {
  if (!meetsRule(ctx, newPassword)) return fail(ctx.lang, "password.invalid");
  if (newPassword !== confirm) return fail(ctx.lang, "password.confirm.mismatch");
  return null;
}

// ── routes ──────────────────────────────────────────────────────────────────────────────────

const changePassword: RouteDef = {
  method: "POST",
  path: "/wps/member/password",
  access: "session",
  body: "encrypted",
  async handler(ctx) {
    const { member, token } = sessionOf(ctx);
    const oldPassword = str(ctx.body, "oldPassword");
    const newPassword = str(ctx.body, "newPassword");
    const confirm = str(ctx.body, "confirmNewPassword");
    if (oldPassword === "" || newPassword === "") return fail(ctx.lang, "request.invalid", { status: 400 });
    if (!(await verifyPassword(oldPassword, member.password_hash))) return fail(ctx.lang, "password.old.incorrect");
    const problem = newPasswordProblem(ctx, newPassword, confirm);
    if (problem) return problem;
    if (newPassword === oldPassword) return fail(ctx.lang, "password.same");
    const now = ctx.runtime.now();
    setPassword(ctx.runtime.db, member.id, hashPasswordSync(newPassword), now);
    // A new password ends every other session of the member: a thief's session dies with the old password.
    revokeOtherSessions(ctx.runtime.db, member.id, token, now);
    return ok(null);
  },
};

const resetByEmail: RouteDef = {
  method: "POST",
  path: "/wps/member/password/email",
  access: "merchant",
  body: "form",
  handler(ctx) {
    const username = str(ctx.body, "username").trim();
    const email = str(ctx.body, "email").trim();
    if (username === "") return fail(ctx.lang, "request.invalid", { status: 400 });
    if (!EMAIL.test(email)) return fail(ctx.lang, "email.invalid", { status: 400 });
    const member = memberByUsername(ctx.runtime.db, ctx.merchantCode, username);
    if (member && member.email !== null && member.email.toLowerCase() === email.toLowerCase()) {
      // A real operator mails a one-time reset link here; the reference one records the mail.
      recordPasswordMail(ctx.runtime.db, member, member.email, ctx.runtime.now());
    }
    return ok(null);
  },
};

/** The member a username and mobile number name together, or undefined. */
function memberOf(ctx: RouteContext, username: string, mobile: string): MemberRow | undefined {
  const member = memberByUsername(ctx.runtime.db, ctx.merchantCode, username);
  return member && member.mobile === mobile ? member : undefined;
}

const resetBySms: RouteDef = {
  method: "POST",
  path: "/wps/member/password/sms",
  access: "merchant",
  body: "json",
  handler(ctx) {
    const username = str(ctx.body, "username").trim();
    const mobile = mobileOf(ctx, "mobileNumber");
    if (username === "") return fail(ctx.lang, "request.invalid", { status: 400 });
    if (!mobile) return fail(ctx.lang, "mobile.invalid");
    if (!memberOf(ctx, username, mobile)) return notSent(ctx);
    return sendSmsCode(ctx, mobile, "password");
  },
};

const setPasswordBySms: RouteDef = {
  method: "POST",
  path: "/wps/member/password/verification",
  access: "merchant",
  body: "encrypted",
  handler(ctx) {
    const username = str(ctx.body, "username").trim();
    const mobile = str(ctx.body, "mobileNumber").trim();
    const code = str(ctx.body, "verificationCode").trim();
    const newPassword = str(ctx.body, "newPassword");
    const confirm = str(ctx.body, "confirmNewPassword");
    if (username === "" || mobile === "" || code === "") return fail(ctx.lang, "request.invalid", { status: 400 });
    // The password is checked before the code is spent: a typo in it does not cost the code.
    const problem = newPasswordProblem(ctx, newPassword, confirm);
    if (problem) return problem;
    const now = ctx.runtime.now();
    const codeOk = consumeSmsCode(ctx.runtime.db, mobile, "password", code, now);
    const member = memberOf(ctx, username, mobile);
    if (!codeOk || !member) return fail(ctx.lang, "password.sms.code.invalid");
    setPassword(ctx.runtime.db, member.id, hashPasswordSync(newPassword), now);
    revokeOtherSessions(ctx.runtime.db, member.id, null, now);
    return ok(null);
  },
};

export const passwordRoutes: RouteDef[] = [changePassword, resetByEmail, resetBySms, setPasswordBySms];
