import { BalanceControls } from "~/features/member/balance-controls";
import { Form, Link, useLocation } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import type { Locale } from "~/i18n/config";
import { LanguageForm } from "./language-menu";
import { lazyPart } from "~/components/lazy-part";
import { currentMenuEntry, type GameMenu } from "~/features/games/menu";
import { GatedLogin, SharedFragment } from "~/components/shared-fragment";
import { ToolBar, type ToolbarEntry } from "~/features/site/toolbar";
import { PageLoading } from "~/components/page-loading";
import { LoginDialog } from "~/features/auth/login-dialog";
import { contractsHref } from "~/features/contracts/contracts-prompt";

// The shared fragments' parts, drawn by the browser only when a key is new to the page (a login
// in the pop-up): not in the first view's JavaScript.
const GameMenuPart = lazyPart(() => import("~/features/games/game-menu").then((m) => m.GameMenuNav));
const LanguageMenuPart = lazyPart(() => import("./shell-fragments").then((m) => m.LanguageMenuBody));
const FooterPart = lazyPart(() => import("./shell-fragments").then((m) => m.FooterBody));
// Asked for by a player's Log out press only.
const LogoutDialog = lazyPart(() => import("./logout-dialog").then((m) => m.LogoutDialog));

export interface ShellData {
  locale: Locale;
  /** `wordmark`: the logo is the operator's own, which carries the site's name. */
  site: { title: string; logoUrl: string; languages: Locale[]; wordmark?: boolean; loginPop?: boolean };
  /** The main game menu; null or without groups when the vendor list could not be read. */
  menu?: GameMenu | null;
  /** The game menu's fragment key (decision 041): merchant, language, visitor kind, the menu's digest. */
  menuKey?: string | null;
  /** The language picker's and the footer's fragment keys (decision 041). */
  languageKey?: string;
  footerKey?: string;
  /** The right tool bar: its fragment key, its entries (on a client navigation only) and this browser's choice. */
  toolbar?: { key: string; entries: ToolbarEntry[] | null; collapsed: boolean } | null;
  /**
   * `trial`: a free-play account (isAgent 4), shown only what it may use; `vipLabel`: the
   * clubLabel's name. The agent centre is an entry of the game menu (menu.agent).
   */
  player: {
    nickname: string;
    account: string;
    balance: string | null;
    vipLabel?: string | null;
    trial?: boolean;
    /** This browser asked to hide the balance (the info bar's eye). */
    balanceHidden?: boolean;
    /** The cashier's deposit is open to this player (DEPOSIT on, no credit margin): the header's Deposit. */
    deposit?: boolean;
  } | null;
  /** The unread count of the header's envelope (null: the mail centre is off). */
  prompts?: { unread: number | null; contracts?: { pending: number; total: number } } | null;
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

/**
 * Logging out asks first (document 002, section 4), and the logout itself is a POST with the
 * form token (a link or prefetch must never end a session). Without scripts the button is a GET
 * of /logout, the confirmation page with its POST form; with scripts it opens the same question
 * as a dialog over the page.
 */
export function LogoutButton({ small = false }: { small?: boolean }) {
  const { t } = usePageTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Form
        method="get"
        action="/logout"
        reloadDocument
        onSubmit={(event) => {
          event.preventDefault();
          setAsking(true);
        }}
      >
        <button type="submit" className={small ? "button button--small button--ghost" : "button button--secondary"}>
          {t("logout")}
        </button>
      </Form>
      {asking ? <LogoutDialog onClose={() => setAsking(false)} /> : null}
    </>
  );
}

/**
 * The site's frame. The header is one row at every width: on a phone the language form and the
 * account actions go behind a menu button, a <details> that opens without scripts; its panel is
 * the sibling after it, so that on a wide screen the same elements stand in the row itself.
 * `bare`: the root loader did not run (an error page for a refused post, the operator down), so
 * who the visitor is and the form token are unknown: the frame without the forms.
 */
export function Shell({ data, children, bare = false }: { data: ShellData; children: ReactNode; bare?: boolean }) {
  const { t } = usePageTranslation();
  const { site, player, locale } = data;
  const menu = useRef<HTMLDetailsElement>(null);
  const { key, pathname } = useLocation();
  // A guest's gated link in any fragment of the page (the menu's lottery games, home's blocks)
  // opens the login pop-up, as GatedLink does.
  const [gatedTo, setGatedTo] = useState<string | null>(null);
  const openLogin = useCallback(
    (to: string) => {
      if (player || !site.loginPop) return false;
      setGatedTo(to);
      return true;
    },
    [player, site.loginPop],
  );
  // With scripts a link in the menu changes the page without a reload, which would leave the
  // menu open over the new page (and a game menu panel open while its link keeps the focus).
  useEffect(() => {
    menu.current?.removeAttribute("open");
    document.querySelector("details.language-menu")?.removeAttribute("open");
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused.closest(".game-menu")) focused.blur();
  }, [key]);
  // A document's loader data leaves the menu out (its markup is in the page): the key says it is shown.
  const gameMenu = data.menu?.groups.length || data.menu?.agent ? data.menu : null;
  const menuShown = data.menuKey !== undefined ? data.menuKey !== null : gameMenu !== null;
  const guest = !player;
  return (
    <GatedLogin.Provider value={openLogin}>
      <header className="site-header">
        <Link to="/" className="brand" aria-label={site.title ? undefined : t("error_page_home")}>
          <img src={site.logoUrl} alt="" width="32" height="32" />
          {/* An operator's own logo is taken to carry its name (usually a wordmark): the title
              beside it would say it twice, so it is left to assistive technology. */}
          {site.title ? <span className={site.wordmark ? "brand__title visually-hidden" : "brand__title"}>{site.title}</span> : null}
        </Link>
        {bare ? null : (
          <>
            <div className={player?.trial ? "header-account header-account--trial" : "header-account"}>
              {player ? (
                <>
                  <span className="player-name" data-testid="nickname">
                    {player.nickname || player.account}
                  </span>
                  {player.trial ? (
                    <span className="player-badge">{t("header_trial")}</span>
                  ) : player.vipLabel ? (
                    <span className="player-badge player-badge--vip" data-testid="vip-label">
                      {player.vipLabel}
                    </span>
                  ) : null}
                  <BalanceControls balance={player.balance} hidden={Boolean(player.balanceHidden)} />
                  {data.prompts && data.prompts.unread !== null ? (
                    <Link
                      to="/member/messageV2"
                      className="header-inbox"
                      aria-label={t("header_inbox", { count: data.prompts.unread })}
                      title={t("header_inbox", { count: data.prompts.unread })}
                    >
                      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                        <path d="M3 6h18v12H3z" />
                        <path d="M3 7l9 6 9-6" />
                      </svg>
                      {data.prompts.unread > 0 ? (
                        <span className="count-badge" data-testid="header-unread">
                          {data.prompts.unread}
                        </span>
                      ) : null}
                    </Link>
                  ) : null}
                  {data.prompts?.contracts && data.prompts.contracts.total > 0 ? <ContractsBadge {...data.prompts.contracts} /> : null}
                  {player.deposit && !player.trial ? (
                    <Link to="/member/depositv2" className="button button--small header-deposit" data-testid="header-deposit">
                      {t("header_deposit")}
                    </Link>
                  ) : null}
                </>
              ) : (
                <GuestLinks small />
              )}
            </div>
            <details className="header-menu-toggle" ref={menu}>
              <summary className="button button--small button--ghost">
                <MenuIcon />
                <span className="visually-hidden">{t("header_menu")}</span>
              </summary>
            </details>
            <div className="header-menu">
              {menuShown ? (
                <SharedFragment
                  fragmentKey={data.menuKey ?? undefined}
                  className="game-menu-frame"
                  current={currentMenuEntry(pathname)}
                  render={() => (gameMenu ? <GameMenuPart menu={gameMenu} guest={guest} /> : <></>)}
                />
              ) : null}
              <SharedFragment
                as="details"
                className="language-menu"
                fragmentKey={data.languageKey ?? undefined}
                render={() => <LanguageMenuPart locale={locale} languages={site.languages} />}
              />
              <LanguageForm />
              {player ? (
                <nav className="account-nav" aria-label={t("account")}>
                  {/* A free-play account may open neither the member centre nor a password change.
                      The password change is one of the member centre's pages on a wide screen; the
                      phone's menu has the room to name it. */}
                  {player.deposit && !player.trial ? (
                    <Link to="/member/depositv2" className="button button--small account-nav__phone">
                      {t("header_deposit")}
                    </Link>
                  ) : null}
                  {player.trial ? null : (
                    <Link to="/member" className="button button--small button--secondary">
                      {t("home_member_centre")}
                    </Link>
                  )}
                  {player.trial ? null : (
                    <Link to="/change-password" className="button button--small button--ghost account-nav__phone">
                      {t("change_password")}
                    </Link>
                  )}
                  <LogoutButton small />
                </nav>
              ) : null}
            </div>
          </>
        )}
      </header>
      {gatedTo ? <LoginDialog redirectTo={gatedTo} onClose={() => setGatedTo(null)} /> : null}
      <main className="site-main">{children}</main>
      <SharedFragment
        as="footer"
        className="site-footer"
        fragmentKey={data.footerKey ?? undefined}
        render={() => <FooterPart title={site.title} />}
      />
      <PageLoading />
      {data.toolbar ? <ToolBar fragmentKey={data.toolbar.key} entries={data.toolbar.entries} collapsed={data.toolbar.collapsed} /> : null}
    </GatedLogin.Provider>
  );
}

/** Three bars, and a cross while the menu is open (CSS picks one by the <details> state). */
function MenuIcon() {
  return (
    <svg className="menu-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path className="menu-icon__bars" d="M3 6h18M3 12h18M3 18h18" />
      <path className="menu-icon__cross" d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

/** The header's way to the contract requests: a document icon with the count of those waiting. */
function ContractsBadge({ pending }: { pending: number; total: number }) {
  const { t } = usePageTranslation();
  const { pathname, search } = useLocation();
  return (
    <Link
      to={contractsHref(pathname, search)}
      className="header-inbox header-contracts"
      aria-label={t("header_contracts", { count: pending })}
      title={t("header_contracts", { count: pending })}
      data-testid="header-contracts"
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M6 3h9l4 4v14H6z" />
        <path d="M9 12h7M9 16h7M9 8h4" />
      </svg>
      {pending > 0 ? (
        <span className="count-badge" data-testid="header-contracts-count">
          {pending}
        </span>
      ) : null}
    </Link>
  );
}
