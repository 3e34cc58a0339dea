/**
 * What a player reads when a page cannot be drawn: a title and a message by status, in the
 * player's language, with a way on (the form again, or a retry) and a way home. The thrown
 * responses carry English text/plain bodies meant for logs and tools; the page never shows them.
 */
import { isRouteErrorResponse, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { usePageTranslation } from "~/i18n/translation";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/config";
import { NoticeText } from "~/components/notice";
import type { Notice } from "~/operator/errors";

interface ErrorTexts {
  title: string;
  text: string;
  /** The label of the link that opens the same address again, if that helps. */
  again: string | null;
}

const TEXTS: Record<number, ErrorTexts> = {
  // A form that could not be read or was refused is best answered by a fresh copy of it.
  400: { title: "error_page_400_title", text: "error_page_400_text", again: "error_page_reload_form" },
  403: { title: "error_page_403_title", text: "error_page_403_text", again: "error_page_reload_form" },
  404: { title: "page_not_found", text: "error_page_404_text", again: null },
  405: { title: "error_page_405_title", text: "error_page_405_text", again: null },
  413: { title: "error_page_413_title", text: "error_page_413_text", again: "error_page_reload_form" },
  429: { title: "error_page_429_title", text: "too_many_requests", again: "error_page_retry" },
  500: { title: "error_page_500_title", text: "error_page_500_text", again: "error_page_retry" },
  503: { title: "error_page_503_title", text: "error_page_503_text", again: "error_page_retry" },
};
const OTHER_CLIENT_ERROR: ErrorTexts = { title: "error_page_4xx_title", text: "error_page_4xx_text", again: null };

/**
 * The language the page is being drawn in, for when the root loader's data is missing: the one
 * the server detected for the request (?lng=, the lng cookie, the operator's default), which
 * entry.server's i18next instance was chosen by; in the browser, the instance entry.client made
 * from <html data-locale>, which the server wrote.
 */
export function useRenderedLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

export function errorTexts(status: number): ErrorTexts {
  return TEXTS[status] ?? (status >= 400 && status < 500 ? OTHER_CLIENT_ERROR : TEXTS[500]);
}

/** The operator's reason, when the root loader gave one (its settings did not come: 503). */
function noticeOf(error: unknown): Notice | undefined {
  return isRouteErrorResponse(error) ? (error.data as { notice?: Notice } | null)?.notice : undefined;
}

/** The document's <title>: what went wrong, then the site when it is known. */
export function ErrorTitle({ error, site }: { error: unknown; site?: string }) {
  const { t } = usePageTranslation();
  const title = t(errorTexts(errorStatus(error)).title);
  return <title>{site ? `${title} · ${site}` : title}</title>;
}

export function ErrorPage({ error }: { error: unknown }) {
  const { t } = usePageTranslation();
  const location = useLocation();
  const status = errorStatus(error);
  const texts = errorTexts(status);
  const notice = noticeOf(error);
  // A GET of the same address: the page again, or for a refused post the form with a new token.
  const again = location.pathname + location.search;
  return (
    <section className="panel error-page" aria-labelledby="error-title" data-status={status}>
      <p className="error-page__status">{t("error_page_label", { status })}</p>
      <h1 id="error-title">{t(texts.title)}</h1>
      <p>{notice ? <NoticeText notice={notice} /> : t(texts.text)}</p>
      <p className="actions">
        {texts.again ? (
          // Plain links: after an error the page comes whole from the server, scripts or not.
          <a href={again} className="button">
            {t(texts.again)}
          </a>
        ) : null}
        <a href="/" className={texts.again ? "button button--secondary" : "button"}>
          {t("back_home")}
        </a>
      </p>
    </section>
  );
}
