/**
 * What every way in ends with (password, SMS, two-factor, social, registration): a new
 * server session holding the token and the member's values, then the next page, or the
 * forced password change when the operator says so.
 */
import { redirect } from "@remix-run/node";
import { bindOperator } from "./operator.server";
import type { Features } from "~/lib/features";
import type { Locale } from "~/i18n/config";
import { commitSession, rotateSession, type PortalSession } from "~/session.server";
import { operatorConfig } from "~/config.server";

export interface LoginValue {
  token: string;
  firstTimeLogin?: boolean;
  passwordExpired?: boolean;
  captcha?: boolean;
}

export interface MemberInfo {
  id: string | number;
  account: string;
  nickname: string;
  type: number;
  toUpline?: boolean;
  clubLabel?: { labelName?: string | null } | null;
  memberLabel?: string | null;
}

export async function completeLogin(args: {
  request: Request;
  session: PortalSession;
  locale: Locale;
  value: LoginValue;
  username: string;
  remember: boolean;
  features: Features;
  redirectTo: string;
  headers: Headers;
  /** The default password was used (phone registration without one). */
  defaultPasswordUsed?: boolean;
}): Promise<never> {
  const { value, username, features, headers } = args;
  const { session, destroyCookie } = await rotateSession(args.session);
  headers.append("Set-Cookie", destroyCookie);

  session.set("token", value.token);
  const operator = bindOperator(session, args.locale);
  const member = await operator.call<MemberInfo>("memberInfo");

  session.set("username", username);
  session.set("account", member.account ?? username);
  session.set("customerId", String(member.id ?? ""));
  session.set("nickname", member.nickname ?? "");
  session.set("isAgent", Number(member.type ?? 0));
  session.set("toUpline", Boolean(member.toUpline));
  session.set("memberLabel", member.clubLabel?.labelName ?? member.memberLabel ?? "");
  session.set("merchantCode", operatorConfig().merchantCode);
  session.set("loginInfo", {
    firstTimeLogin: Boolean(value.firstTimeLogin),
    passwordExpired: Boolean(value.passwordExpired),
  });
  session.set("remember", args.remember);

  // Document 000, section 4: the default password, or an expired one with forced change on,
  // holds the login until the password is changed.
  const forced = Boolean(args.defaultPasswordUsed) || (Boolean(value.passwordExpired) && features.has("PWDEXPFORCECHANGE3"));
  if (forced) {
    session.set("cpw", true);
    session.set("defaultPasswordUsed", Boolean(args.defaultPasswordUsed));
  }
  headers.append("Set-Cookie", await commitSession(session));
  throw redirect(forced ? "/change-password" : args.redirectTo, { status: 303, headers });
}
