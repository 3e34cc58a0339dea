import { Form, Link, useLocation } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { ReactNode } from "react";
import { HTML_LANG, LANGUAGE_NAMES, type Locale } from "~/i18n/config";

export interface ShellData {
  locale: Locale;
  site: { title: string; logoUrl: string; languages: Locale[] };
  player: { nickname: string; account: string; balance: string | null } | null;
}

/** The language selector: a plain form, so it works without scripts. */
export function LanguageForm({ locale, languages }: { locale: Locale; languages: Locale[] }) {
  const { t } = usePageTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/resources/lang" className="language-form" reloadDocument>
      <AuthenticityTokenInput />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="language-select" className="visually-hidden">
        {t("language")}
      </label>
      <select id="language-select" name="lng" defaultValue={locale}>
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={HTML_LANG[lng]}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--small">
        {t("change_language")}
      </button>
    </Form>
  );
}

/** Log in and Register, for a guest. */
export function GuestLinks({ small = false }: { small?: boolean }) {
  const { t } = usePageTranslation();
  const size = small ? " button--small" : "";
  return (
    <>
      <Link to="/login" className={`button${size}`}>
        {t("login")}
      </Link>
      <Link to="/register" className={`button${size} button--secondary`}>
        {t("register")}
      </Link>
    </>
  );
}

/** Logging out is a POST (a link or prefetch must never end a session), from the header or a page. */
export function LogoutButton({ small = false }: { small?: boolean }) {
  const { t } = usePageTranslation();
  return (
    <Form method="post" action="/logout">
      <AuthenticityTokenInput />
      <button type="submit" className={small ? "button button--small" : "button"}>
        {t("logout")}
      </button>
    </Form>
  );
}

export function Shell({ data, children }: { data: ShellData; children: ReactNode }) {
  const { t } = usePageTranslation();
  const { site, player, locale } = data;
  return (
    <>
      <header className="site-header">
        <Link to="/" className="brand">
          <img src={site.logoUrl} alt="" width="32" height="32" />
          <span>{site.title}</span>
        </Link>
        <LanguageForm locale={locale} languages={site.languages} />
        <nav className="account-nav" aria-label={t("account")}>
          {player ? (
            <>
              <span className="player-name" data-testid="nickname">
                {player.nickname || player.account}
              </span>
              <span className="player-balance" data-testid="balance">
                {player.balance ?? "—"}
              </span>
              <Link to="/change-password" className="button button--small button--secondary">
                {t("change_password")}
              </Link>
              <LogoutButton small />
            </>
          ) : (
            <GuestLinks small />
          )}
        </nav>
      </header>
      <main className="site-main">{children}</main>
      <footer className="site-footer">
        <p>
          © {site.title} · {t("copyright")}
        </p>
      </footer>
    </>
  );
}
