/** What every successful way in answers (document 000, section 3: token, firstTimeLogin, passwordExpired, captcha). */
import { ok, type Reply, type RouteContext } from "../http";
import { recordLogin, type MemberRow } from "../member/store";
import { createSession } from "./store";

export function loginAnswer(ctx: RouteContext, member: MemberRow): Reply {
  const now = ctx.runtime.now();
  const token = createSession(ctx.runtime.db, member.id, now);
  recordLogin(ctx.runtime.db, member.id, now);
  return ok({
    token,
    firstTimeLogin: member.last_login_at === null,
    passwordExpired: member.password_expires_at !== null && member.password_expires_at <= now,
    captcha: false,
    // Ways in without a typed username (social, Telegram, free play) learn the account here.
    username: member.username,
  });
}
