/**
 * What the social, Telegram and free-play routes share: which channels exist behind which
 * switch, the merchant's identity-service configuration, and the redirects that carry a
 * message back to the login page.
 */
import { redirect } from "@remix-run/node";
import { loadSettings } from "~/features/site/site.server";
import { noticeFor, OperatorError, operatorFailure, type Notice } from "~/operator/errors";
import type { LoginValue } from "~/operator/answers";
import { completeLogin } from "~/features/auth/login.server";
import type { Features } from "~/lib/features";
import { handleOperatorError } from "~/operator/operator.server";
import type { Locale } from "~/i18n/config";
import { commitSession, type PortalSession } from "~/server/session.server";
import { FIREBASE_CHANNELS, type FirebaseChannel, type FirebaseWebConfig } from "~/lib/social";

/** The merchant's Firebase web configuration, or null when it has none (or an unusable one). */
export async function firebaseConfigFor(locale: Locale): Promise<FirebaseWebConfig | null> {
  // Absent or incomplete: the site offers no social sign-in.
  const config = (await loadSettings(locale)).firebase;
  if (!config?.apiKey || !config.projectId) return null;
  return {
    apiKey: config.apiKey,
    authDomain: config.authDomain || `${config.projectId}.firebaseapp.com`,
    projectId: config.projectId,
    ...(config.emulatorUrl ? { emulatorUrl: config.emulatorUrl } : {}),
  };
}

export async function telegramBotId(locale: Locale): Promise<string | null> {
  const id = (await loadSettings(locale)).telegram?.botId;
  return id && /^\d+$/.test(id) ? id : null;
}

export function isFirebaseChannel(value: unknown): value is FirebaseChannel {
  return typeof value === "string" && Object.hasOwn(FIREBASE_CHANNELS, value);
}

/** Back to the login page, with a message when there is one (the root shows flashed notices). */
export async function backToLogin(
  session: PortalSession,
  notice: Notice | null,
  redirectTo: string,
  headers = new Headers(),
): Promise<never> {
  if (notice) session.flash("notice", notice);
  headers.append("Set-Cookie", await commitSession(session));
  const query = redirectTo && redirectTo !== "/" ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  throw redirect(`/login${query}`, { status: 303, headers });
}

/** How long a social sign-in may wait on /login/bind: an ID token lives an hour. */
export const PENDING_SOCIAL_MS = 50 * 60 * 1000;

export function pendingSocial(session: PortalSession, now = Date.now()) {
  const pending = session.get("pendingSocial");
  return pending && now - pending.at < PENDING_SOCIAL_MS ? pending : null;
}

/**
 * What the player reads after a way in failed. These calls are quiet in the catalogue's sense
 * (no alert of their own), but here the player pressed the button and must learn why.
 */
export async function failureNotice(request: Request, error: unknown, fallback = "unknown_error"): Promise<Notice> {
  const notice = await handleOperatorError(request, error);
  return notice ?? (error instanceof OperatorError ? noticeFor(error) : null) ?? { key: fallback };
}

/**
 * The end of a way in that has no form of its own to answer with (social, Telegram, free play):
 * the operator's login value completes the login, and any operator failure, of the login or of
 * its completion, goes back to the login page with the catalogue's message (`fallback` when the
 * catalogue is silent). Redirects thrown by `login` (bind-or-register) go on up.
 */
export async function finishWayIn(args: {
  request: Request;
  session: PortalSession;
  locale: Locale;
  features: Features;
  redirectTo: string;
  headers: Headers;
  fallback?: string;
  login: () => Promise<Pick<LoginValue, "token" | "firstTimeLogin" | "passwordExpired" | "username">>;
}): Promise<never> {
  const { request, session, redirectTo, headers } = args;
  try {
    const value = await args.login();
    return await completeLogin({
      request,
      session,
      locale: args.locale,
      value,
      username: value.username ?? "",
      remember: false,
      features: args.features,
      redirectTo,
      headers,
    });
  } catch (error) {
    const notice = await failureNotice(request, operatorFailure(error), args.fallback);
    return backToLogin(session, notice, redirectTo, headers);
  }
}
