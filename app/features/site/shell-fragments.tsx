/**
 * The shell's parts that are the same for every visitor of a kind, drawn once per key as shared
 * fragments (decision 041): the language picker and the footer's text. The browser draws them
 * only when a key is new to the page, so they come as lazy parts (lazy-part.tsx), not in the
 * first view's JavaScript.
 */
import { helpHref } from "~/features/content/help-topics";
import { usePageTranslation } from "~/i18n/translation";
import { HTML_LANG, LANGUAGE_NAMES, type Locale } from "~/i18n/config";
import { LANGUAGE_FORM } from "./language-menu";

/**
 * The language picker: the current language, and under it (a <details>, so it opens without
 * scripts) one button per offered language, which posts the form the header keeps apart
 * (LANGUAGE_FORM: its form token and the page to come back to are the visitor's own) to
 * /resources/lang (decision 006: a choice made in a form, passed on to the operator, back to the
 * page the player was on). A shared fragment (decision 041): props only.
 */
export function LanguageMenuBody({ locale, languages }: { locale: Locale; languages: readonly Locale[] }) {
  const { t } = usePageTranslation();
  return (
    <>
      <summary className="button button--small button--ghost" aria-label={`${t("language")}: ${LANGUAGE_NAMES[locale]}`}>
        <GlobeIcon />
        <span lang={HTML_LANG[locale]}>{LANGUAGE_NAMES[locale]}</span>
      </summary>
      <div className="language-menu__list">
        {languages.map((lng) => (
          <button
            key={lng}
            type="submit"
            form={LANGUAGE_FORM}
            name="lng"
            value={lng}
            lang={HTML_LANG[lng]}
            className="language-menu__choice"
            aria-current={lng === locale ? "true" : undefined}
          >
            {LANGUAGE_NAMES[lng]}
          </button>
        ))}
      </div>
    </>
  );
}

const RESPONSIBLE_GAMING_TAG = "responsible-gaming";

/** The footer's text: the site's name and the copyright line (a shared fragment). */
export function FooterBody({ title }: { title: string }) {
  const { t } = usePageTranslation();
  return (
    <>
      <nav className="site-footer__links" aria-label={t("footer_links")}>
        <a href="/promotions">{t("promotions")}</a>
        <a href="/news">{t("notices")}</a>
        <a href="/help">{t("footer_help")}</a>
        {/* The help centre's topic of that name (an operator without it shows the centre's first). */}
        <a href={helpHref(RESPONSIBLE_GAMING_TAG)}>{t("footer_responsible")}</a>
        <a href="/download">{t("footer_download")}</a>
        <a href="/service">{t("customer_service")}</a>
      </nav>
      <p>{title ? `© ${title} · ${t("copyright")}` : `© ${t("copyright")}`}</p>
    </>
  );
}

function GlobeIcon() {
  return (
    <svg className="menu-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.7 5.7 3.7 9s-1.2 6.3-3.7 9c-2.5-2.7-3.7-5.7-3.7-9S9.5 5.7 12 3z" />
    </svg>
  );
}
