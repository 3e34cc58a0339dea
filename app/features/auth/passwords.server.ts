/**
 * Server pieces of the password pages: the operator's password rule, the once-per-3-seconds
 * change throttle, the message of the wrong-password limit, and the session after a change.
 */
import { operatorClient } from "~/operator/operator.server";
import { SlidingWindowLimiter } from "~/server/rate-limit.server";
import { DEFAULT_PASSWORD_RULE, passwordRuleFrom, type PasswordRule } from "~/schemas/password-rule";
import type { Locale } from "~/i18n/config";
import { translate } from "~/i18n/i18n.server";
import { rotateSession, type PortalSession, type SessionValues } from "~/server/session.server";

/**
 * The register rule for `password` (GET /wps/system/setting/register, cached by the client):
 * a changed or reset password meets the same rule as a new member's. The settings are read
 * even when registration is switched off, since the rule still holds; without them, the default.
 */
export async function loadPasswordRule(locale: Locale): Promise<PasswordRule> {
  try {
    return passwordRuleFrom(await operatorClient().call("registerSettings", { language: locale }));
  } catch {
    return DEFAULT_PASSWORD_RULE;
  }
}

/** Document 000, section 9: a password change once per 3 seconds. */
export const PASSWORD_CHANGE_INTERVAL_MS = 3_000;

let changeLimiter: SlidingWindowLimiter | undefined;

/**
 * Counts one change attempt of a player (every attempt that would reach the operator, refused
 * or not); answers the seconds to wait when the last one was less than 3 s ago.
 */
export function checkPasswordChangeRate(playerKey: string) {
  changeLimiter ??= new SlidingWindowLimiter(1, PASSWORD_CHANGE_INTERVAL_MS);
  return changeLimiter.hit(playerKey);
}

/** The message of a password check refused for too many wrong passwords (withPasswordCheck), in whole minutes. */
export function passwordChecksWait(locale: Locale, retryAfterS: number): Promise<string> {
  return translate(locale, "password_checks_wait", { minutes: Math.max(1, Math.ceil(retryAfterS / 60)) });
}

/**
 * The session after a password change: a new id (a session id seen before the change is
 * worthless after it) with the same values, the forced-change state cleared.
 */
export async function sessionAfterPasswordChange(old: PortalSession): Promise<{ session: PortalSession; cookies: string[] }> {
  // The new session has its own CSRF token (rotateSession): the old one is not carried over.
  const values = Object.entries(old.data).filter(([key]) => !key.startsWith("__flash") && key !== "csrf") as Array<
    [keyof SessionValues, SessionValues[keyof SessionValues]]
  >;
  const loginInfo = old.get("loginInfo");
  const { session, cookies } = await rotateSession(old);
  for (const [key, value] of values) session.set(key, value as never);
  session.unset("cpw");
  session.unset("defaultPasswordUsed");
  if (loginInfo) session.set("loginInfo", { ...loginInfo, passwordExpired: false });
  return { session, cookies };
}
