import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { isLocale } from "~/i18n/config";
import { localeCookie } from "~/i18n/i18n.server";
import { bindOperator } from "~/operator/operator.server";
import { operatorFailure } from "~/operator/errors";
import { openAction } from "~/server/action.server";
import { TRIAL_ACCOUNT } from "~/server/gate.server";

/** The language page is /lang (document 000's route table); this address, once the page, leads there. */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/lang${new URL(request.url).search}`);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, session, headers } = await openAction(request, context);
  const lng = formData.get("lng");
  const redirectTo = withoutAskedLocale(safeRedirect(formData.get("redirectTo"), "/"));
  if (!isLocale(lng)) return redirect(redirectTo, { status: 303, headers });

  // The operator keeps the member's language too, except for trial accounts (flag 4).
  if (session.get("token") && session.get("isAgent") !== TRIAL_ACCOUNT) {
    try {
      // In the new language: the operator answers in the language it is told.
      await bindOperator(session, lng).call("memberLanguage", { body: { language: lng } });
    } catch (error) {
      // The cookie holds the player's choice; the operator's copy may lag. Bugs still surface.
      operatorFailure(error);
    }
  }
  headers.append("Set-Cookie", await localeCookie.serialize(lng));
  return redirect(redirectTo, { status: 303, headers });
}

/** The page the player was on, less its ?lng=: the address would otherwise overrule the choice just made. */
function withoutAskedLocale(path: string): string {
  const url = new URL(path, "http://portal.invalid");
  if (!url.searchParams.has("lng")) return path;
  url.searchParams.delete("lng");
  return url.pathname + url.search + url.hash;
}

/**
 * Never drawn (the loader leads to /lang, the action redirects), but a view makes this a page
 * route: a refused post (another site, no form token) is answered by the root's error page in
 * HTML, not as a bare resource route's text.
 */
export default function LanguageSwitch() {
  return null;
}
