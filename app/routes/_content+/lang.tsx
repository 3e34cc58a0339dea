/**
 * /lang, the language page of document 000's route table (decision 006: it stays for links and
 * menus): every language the operator offers, each a button of one plain form that posts to
 * the language switch (/resources/lang) and comes back to ?redirectTo=, else home.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { safeRedirect } from "~/lib/safe-redirect";
import { LanguageChoices } from "~/features/site/language-menu";
import { getLocale } from "~/i18n/i18n.server";
import { loadSettings, offeredLanguages } from "~/features/site/site.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const settings = await loadSettings(locale);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  return json({ locale, languages: offeredLanguages(settings), redirectTo });
}

export const handle = { seo: { crawl: true } };

export default function Lang() {
  const { t } = usePageTranslation();
  const { locale, languages, redirectTo } = useLoaderData<typeof loader>();
  return (
    <section className="panel" aria-labelledby="lang-title">
      <h1 id="lang-title">{t("choose_language")}</h1>
      <LanguageChoices
        locale={locale}
        languages={languages}
        redirectTo={redirectTo}
        className="language-list cluster"
        choiceClass={(current) => (current ? "button button--current" : "button button--secondary")}
      />
    </section>
  );
}
