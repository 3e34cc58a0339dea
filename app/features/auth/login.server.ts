/**
 * What every way in ends with (password, SMS, two-factor, social, registration): a new
 * server session holding the token and the member's values, then the next page, or the
 * forced password change when the operator says so.
 */
import { redirect } from "@remix-run/node";
import { bindOperator } from "~/operator/operator.server";
import type { Features } from "~/lib/features";
import type { Locale } from "~/i18n/config";
import { commitSession, rotateSession, type PortalSession } from "~/server/session.server";
import type { Notice } from "~/operator/errors";
import type { LoginValue } from "~/operator/answers";
import { config, operatorConfig } from "~/server/config.server";
import { CONTRACTS_PATH } from "~/features/contracts/contracts";
import { CONTRACT_TYPES, loadContracts, pendingOf, shownContracts } from "~/features/contracts/contracts.server";

export type { LoginValue };

/**
 * The fixed password of a phone registration without one (MOBILENUMPASSREG3). Logging in with
 * it always leads to the forced password change. Server-only; operators may set their own.
 */
export function defaultLoginPassword(): string {
  return config().DEFAULT_LOGIN_PASSWORD;
}

export async function completeLogin(args: {
  request: Request;
  session: PortalSession;
  locale: Locale;
  value: Pick<LoginValue, "token" | "firstTimeLogin" | "passwordExpired">;
  username: string;
  remember: boolean;
  features: Features;
  redirectTo: string;
  headers: Headers;
  /** The password the player typed, when there was one: the default password forces a change. */
  password?: string;
  /** The default password was used (phone registration without one). */
  defaultPasswordUsed?: boolean;
  /** A message for the next page (e.g. login_2fa_pass after the second factor). */
  notice?: Notice;
}): Promise<never> {
  const { value, username, features, headers } = args;
  const defaultPasswordUsed =
    Boolean(args.defaultPasswordUsed) || (args.password !== undefined && args.password === defaultLoginPassword());
  const { session, cookies } = await rotateSession(args.session);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);

  session.set("token", value.token);
  const operator = bindOperator(session, args.locale);
  const member = await operator.call("memberInfo");

  session.set("username", username);
  session.set("account", member.account ?? username);
  session.set("customerId", String(member.id ?? ""));
  session.set("loggedInAt", Date.now());
  session.set("nickname", member.nickname ?? "");
  session.set("isAgent", member.type);
  session.set("toUpline", Boolean(member.toUpline));
  session.set("memberLabel", member.clubLabel?.labelName ?? member.memberLabel ?? "");
  session.set("clubLabelId", member.clubLabel?.labelId == null ? "" : String(member.clubLabel.labelId));
  session.set("merchantCode", operatorConfig().merchantCode);
  session.set("loginInfo", {
    firstTimeLogin: Boolean(value.firstTimeLogin),
    passwordExpired: Boolean(value.passwordExpired),
  });
  session.set("remember", args.remember);
  session.set("publicity", "due");

  // Document 000, section 4: the default password, or an expired one with forced change on,
  // holds the login until the password is changed.
  const forced = defaultPasswordUsed || (Boolean(value.passwordExpired) && features.has("PWDEXPFORCECHANGE3"));
  if (forced) {
    session.set("cpw", true);
    session.set("defaultPasswordUsed", defaultPasswordUsed);
  }
  if (args.notice) session.flash("notice", args.notice);
  headers.append("Set-Cookie", await commitSession(session));
  if (forced) throw redirect("/change-password", { status: 303, headers });
  throw redirect(await contractsFirst(args.request, session, args.locale, features, member.type, args.redirectTo), {
    status: 303,
    headers,
  });
}

/**
 * Contract requests waiting open by themselves after login (document 002, section 4): the
 * dialog's page comes first and leads on to where the player was going.
 */
async function contractsFirst(
  request: Request,
  session: PortalSession,
  locale: Locale,
  features: Features,
  isAgent: number,
  next: string,
): Promise<string> {
  if (!CONTRACT_TYPES.includes(isAgent)) return next;
  const list = await loadContracts(request, bindOperator(session, locale, null, features));
  return pendingOf(shownContracts(list, features)) > 0 ? `${CONTRACTS_PATH}?${new URLSearchParams({ redirectTo: next })}` : next;
}
