import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { safeRedirect } from "~/lib/safe-redirect";
import { HTML_LANG, isLocale, LANGUAGE_NAMES } from "~/i18n/config";
import { getLocale, localeCookie } from "~/i18n/i18n.server";
import { bindOperator } from "~/operator/operator.server";
import { operatorFailure } from "~/operator/errors";
import { openAction } from "~/server/action.server";
import { TRIAL_ACCOUNT } from "~/server/gate.server";
import { loadSettings, offeredLanguages } from "~/features/site/site.server";

/** The language page: every language the operator offers, each a button of one form. */
export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const settings = await loadSettings(locale);
  return json({ locale, languages: offeredLanguages(settings) });
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

export default function Lang() {
  const { t } = usePageTranslation();
  const { locale, languages } = useLoaderData<typeof loader>();
  return (
    <section className="panel" aria-labelledby="lang-title">
      <h1 id="lang-title">{t("choose_language")}</h1>
      <Form method="post" action="/resources/lang" reloadDocument className="language-list">
        <AuthenticityTokenInput />
        <input type="hidden" name="redirectTo" value="/" />
        {languages.map((lng) => (
          <button
            key={lng}
            type="submit"
            name="lng"
            value={lng}
            lang={HTML_LANG[lng]}
            className={lng === locale ? "button button--current" : "button button--secondary"}
            aria-current={lng === locale ? "true" : undefined}
          >
            {LANGUAGE_NAMES[lng]}
          </button>
        ))}
      </Form>
    </section>
  );
}
