/**
 * Passwords: change (/wps/member/password), reset by e-mail and by SMS code
 * (/wps/member/password/email, /sms, /verification). The reset calls answer the same whether or
 * not the account matches, so they cannot be used to find out who plays here; only a real match
 * gets a mail or a code. Tests read the "sent" mails at /__reference/password-mails.
 */
import { hashPasswordSync, hashToken, verifyPassword } from "../crypto";
import type { Db } from "../db";
import { fail, isRecord, ok, sessionOf, type OperatorSettings, type RouteContext, type RouteDef } from "../http";
import type { MemberRow } from "../store";
import { mobileOf, sendSmsCode, SMS_CODE_TTL_MS } from "../sms/routes";

/** The fallback rule when the merchant configured no password rule (document 000, section 5). */
const DEFAULT_RULE = { min: 6, max: 16, pattern: null as RegExp | null };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The merchant's register rule for `password`: the same rule a new member's password meets. */
function passwordRule(ctx: RouteContext) {
  const rule = ctx.runtime.store.registerRules(ctx.merchantCode).find((r) => r.field_key === "password" && r.enabled === 1);
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

// ── what the operator keeps of its own ─────────────────────────────────────────────────────

const prepared = new WeakSet<Db>();

function tables(db: Db): Db {
  if (!prepared.has(db)) {
    db.exec(`CREATE TABLE IF NOT EXISTS password_mails (
      id            INTEGER PRIMARY KEY,
      merchant_code TEXT NOT NULL,
      member_id     INTEGER NOT NULL,
      username      TEXT NOT NULL,
      email         TEXT NOT NULL,
      created_at    INTEGER NOT NULL
    )`);
    prepared.add(db);
  }
  return db;
}

/** A new password ends every other session of the member: a thief's session dies with the old password. */
function revokeOtherSessions(db: Db, member: MemberRow, keepToken: string | null, now: number) {
  db.prepare("UPDATE sessions SET revoked_at = ? WHERE member_id = ? AND revoked_at IS NULL AND token_hash IS NOT ?").run(
    now,
    member.id,
    keepToken === null ? null : hashToken(keepToken),
  );
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
    ctx.runtime.store.setPassword(member.id, hashPasswordSync(newPassword), now);
    revokeOtherSessions(ctx.runtime.store.db, member, token, now);
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
    const member = ctx.runtime.store.memberByUsername(ctx.merchantCode, username);
    if (member && member.email !== null && member.email.toLowerCase() === email.toLowerCase()) {
      // A real operator mails a one-time reset link here; the reference one records the mail.
      tables(ctx.runtime.store.db)
        .prepare("INSERT INTO password_mails (merchant_code, member_id, username, email, created_at) VALUES (?, ?, ?, ?, ?)")
        .run(ctx.merchantCode, member.id, member.username, member.email, ctx.runtime.now());
    }
    return ok(null);
  },
};

/** The member a username and mobile number name together, or undefined. */
function memberOf(ctx: RouteContext, username: string, mobile: string): MemberRow | undefined {
  const member = ctx.runtime.store.memberByUsername(ctx.merchantCode, username);
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
    if (!memberOf(ctx, username, mobile)) {
      return ok({ expiredMinutes: SMS_CODE_TTL_MS / 60_000, expirationTime: new Date(ctx.runtime.now() + SMS_CODE_TTL_MS).toISOString() });
    }
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
    const codeOk = ctx.runtime.store.consumeSmsCode(mobile, "password", code, now);
    const member = memberOf(ctx, username, mobile);
    if (!codeOk || !member) return fail(ctx.lang, "password.sms.code.invalid");
    ctx.runtime.store.setPassword(member.id, hashPasswordSync(newPassword), now);
    revokeOtherSessions(ctx.runtime.store.db, member, null, now);
    return ok(null);
  },
};

/** Test and demo helper: the reset mails "sent" to a username (?username=…), newest last. */
const sentMails: RouteDef = {
  method: "GET",
  path: "/__reference/password-mails",
  access: "reference",
  handler(ctx) {
    const username = ctx.url.searchParams.get("username")?.trim() ?? "";
    if (username === "") return fail(ctx.lang, "request.invalid", { status: 400 });
    const rows = tables(ctx.runtime.store.db)
      .prepare("SELECT username, email, created_at AS sentAt FROM password_mails WHERE username = ? COLLATE NOCASE ORDER BY id")
      .all(username);
    return ok(rows);
  },
};

export function passwordRoutes(settings: OperatorSettings): RouteDef[] {
  const routes = [changePassword, resetByEmail, resetBySms, setPasswordBySms];
  // Production mode must not show what was mailed.
  if (settings.mode !== "production") routes.push(sentMails);
  return routes;
}
