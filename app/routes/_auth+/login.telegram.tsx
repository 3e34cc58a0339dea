/**
 * Telegram login (TELEGRAMLOGIN3) without Telegram's widget script, which neither the CSP nor
 * an offline network allows:
 * - GET /login/telegram sends the player to Telegram's own login page (oauth.telegram.org) with
 *   return_to /login?telegram=return. Telegram comes back with the signed fields in the fragment
 *   (#tgAuthResult=…); the login page's script reads them into a confirmation form.
 * - GET /login/telegram?id=…&hash=… (the fields in the query, as the widget's redirect mode
 *   sends them) goes to the login page with the same fields, where the form works without scripts.
 * - POST /login/telegram (that form) hands the fields to the operator, which checks Telegram's
 *   signature, and completes the login. A GET never logs in: a crafted link could otherwise log
 *   a player in to someone else's account.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { getLocale } from "~/i18n/i18n.server";
import { TELEGRAM_FIELDS } from "~/lib/social";
import { registrationContext } from "~/features/auth/register.server";
import { loadFeatures, loadSettings } from "~/features/site/site.server";
import { backToLogin, finishWayIn, telegramBotId } from "~/features/auth/social.server";
import { openAction } from "~/server/action.server";

const TELEGRAM_OAUTH = "https://oauth.telegram.org/auth";

async function requireTelegram(request: Request) {
  const locale = await getLocale(request);
  const features = await loadFeatures(locale);
  if (!features.has("TELEGRAMLOGIN3")) throw new Response("Not Found", { status: 404 });
  return { locale, features };
}

export const handle = { i18n: "auth" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = await requireTelegram(request);
  const url = new URL(request.url);
  if (url.searchParams.has("hash")) {
    const query = new URLSearchParams({ telegram: "confirm" });
    for (const key of [...TELEGRAM_FIELDS, "redirectTo"]) {
      const value = url.searchParams.get(key);
      if (value !== null) query.set(key, value);
    }
    throw redirect(`/login?${query}`);
  }
  const botId = await telegramBotId(locale);
  if (!botId) throw new Response("Not Found", { status: 404 });
  const origin = url.origin;
  const back = new URLSearchParams({ telegram: "return" });
  const redirectTo = url.searchParams.get("redirectTo");
  if (redirectTo) back.set("redirectTo", redirectTo);
  const oauth = new URLSearchParams({ bot_id: botId, origin, return_to: `${origin}/login?${back}`, request_access: "write" });
  throw redirect(`${TELEGRAM_OAUTH}?${oauth}`);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, session, headers, operator: bind } = await openAction(request, context);
  const { locale, features } = await requireTelegram(request);
  const redirectTo = safeRedirect(String(formData.get("redirectTo") ?? ""), "/");

  const telegramAuth: Record<string, string> = {};
  for (const key of TELEGRAM_FIELDS) {
    const value = formData.get(key);
    if (typeof value === "string" && value !== "") telegramAuth[key] = value;
  }
  if (!telegramAuth.id || !telegramAuth.hash || !telegramAuth.auth_date) {
    return backToLogin(session, { key: "telegram_failed" }, redirectTo, headers);
  }
  return finishWayIn({
    request,
    session,
    locale,
    features,
    redirectTo,
    headers,
    fallback: "telegram_failed",
    login: async () => {
      // A first Telegram login registers the player: the operator wants the registration context.
      const context = await registrationContext(request, await loadSettings(locale));
      return bind(features).call("loginTelegram", { body: { telegramAuth, ...context } });
    },
  });
}

// A document, not a resource: its refusals get the error page (app/components/no-view.tsx).
export { NoView as default } from "~/components/no-view";
