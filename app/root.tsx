import type { ShouldRevalidateFunction } from "@remix-run/react";
import { refreshesUnread } from "~/features/member/routes";
import { depositOpen } from "~/features/member/menu";
import { loadPlayerPrompts } from "~/features/member/prompts.server";
import { ContractsPrompt } from "~/features/contracts/contracts-prompt";
import { BackdropKeeper } from "~/components/backdrop";
import { json, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { PageNamespaces } from "~/i18n/translation";
import { useChangeLanguage } from "remix-i18next/react";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import stylesheet from "~/styles/app.css";
import { Shell, type ShellData } from "~/features/site/shell";
import { FooterBody, GameMenuNav, LanguageMenuBody, ToolbarBody } from "~/features/site/shell-fragments.server";
import { NoticeBanner } from "~/components/notice";
import { ErrorPage, ErrorTitle, useRenderedLocale } from "~/components/error-page";
import { HTML_LANG, type Locale } from "~/i18n/config";
import { getLocale, keepAskedLocale } from "~/i18n/i18n.server";
import { useNonce } from "~/lib/nonce";
import { useHydrationDone } from "~/lib/client-ready";
import { usePrefetchParts } from "~/components/lazy-part";
import { bindOperator, handleOperatorError } from "~/operator/operator.server";
import { loadPlayerFigures, playerSummary, type PlayerSummary } from "~/features/site/player.server";
import { loadFeatures, loadSettings, loginPopOn, offeredLanguages } from "~/features/site/site.server";
import { logoutLeftGame } from "~/features/games/seamless.server";
import { loadGameMenu } from "~/features/games/menu.server";
import { DEFAULT_LOGO, resolveLogo } from "~/features/games/images";
import { themeHref } from "~/styles/theme";
import { themeStylesheet } from "~/styles/theme.server";
import { commitSession, deviceId, getSession, playerView } from "~/server/session.server";
import { chatCorner, isBalanceHidden, isToolbarCollapsed } from "~/server/preferences.server";
import { TRIAL_ACCOUNT } from "~/server/gate.server";
import { csrfTokenFor } from "~/server/csrf.server";
import { ensureFragment, fragmentKey, isDocumentRequest } from "~/server/fragments.server";
import { siteGate } from "~/features/site/site-state.server";
import { siteClosedOf } from "~/features/site/site-closed-data";
import { takePublicity } from "~/features/content/publicity.server";
import { toolbarEntries } from "~/features/site/toolbar.server";
import type { ToolbarKind } from "~/features/site/toolbar";
import { chatShown } from "~/features/chat/chat.server";
import { ChatEntry } from "~/features/chat/chat-entry";
import { miniGameShown } from "~/features/mini-game/mini-game.server";
import { MiniGameEntry } from "~/features/mini-game/mini-game-entry";
import { onDemand } from "~/components/on-demand";
import { pageNotices } from "~/server/notify/page.server";

// Drawn by few views: their code comes only with a view that has some (components/on-demand.tsx).
const PublicityPopups = onDemand(
  () => import("~/features/content/publicity").then((module) => module.PublicityPopups),
  ({ popups }) => Boolean(popups?.length),
);
// With receipts waiting it stays once drawn: its dialog closes itself after the last answer.
const PaymentConfirmationPrompt = onDemand(
  () => import("~/features/member/payment-confirmation-prompt").then((module) => module.PaymentConfirmationPrompt),
  ({ count }) => count > 0,
);
// Only a closed site's answer draws it (site-state.server.ts).
const SiteClosedView = onDemand(
  () => import("~/features/site/site-closed").then((module) => module.SiteClosedView),
  () => true,
);
// A player's toasts, stream and kept messages: a guest's page never fetches them.
const PlayerNotifications = onDemand(
  () => import("~/features/notify/player-notifications").then((module) => module.PlayerNotifications),
  ({ stream, kept }) => stream || kept.length > 0,
);
const BonusPopup = onDemand(
  () => import("~/features/member/bonus-popup").then((module) => module.BonusPopup),
  ({ popup }) => Boolean(popup),
);

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/logo.svg", type: "image/svg+xml" },
];

export const handle = { i18n: "common" };

/** Pages a player with a pending forced password change may still open. */
const CPW_ALLOWED = ["/change-password", "/logout"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request);
  const locale = await getLocale(request);
  const url = new URL(request.url);
  if (session.get("cpw") && !CPW_ALLOWED.includes(url.pathname)) {
    throw redirect("/change-password");
  }

  const headers = new Headers();
  const [csrfToken, csrfCookie] = await csrfTokenFor(request, session);
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);
  const device = await deviceId(request, context);
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  // Every page passes here, so a ?lng= on any address outlives the address.
  const keptLocale = await keepAskedLocale(request);
  if (keptLocale) headers.append("Set-Cookie", keptLocale);
  // /index only redirects home (where the forced password change ends): the flash message is
  // left for the page it leads to, which a client-side navigation loads in a second request.
  const notice = url.pathname === "/index" ? null : (session.get("notice") ?? null);
  if (notice) headers.append("Set-Cookie", await commitSession(session));

  const operator = bindOperator(session, locale, device.id);
  const known = playerView(session);
  const publicityWas = session.get("publicity");

  // One wave of parallel calls per page view: settings and the vendor list (the game menu) come
  // from the 3-minute cache after the first visitor; member info and balance are the player's
  // own. The menu is quiet: without it the page still draws.
  const isAgent = known ? Number(known.isAgent) : null;
  // The site's state rides in the same wave (cached for the process: no call on most views); a
  // closed site answers its page whatever the rest of the wave says (site-state.server.ts).
  const gate = siteGate(context, session, locale);
  const prompting = loadPlayerPrompts(request, operator, isAgent, locale, Boolean(session.get("contractsSeen")));
  const wave = Promise.all([
    loadSettings(locale),
    known ? loadPlayerFigures(request, operator) : null,
    loadGameMenu(request, operator, isAgent),
    // A player who left the in-page game through the portal: its game logout, in the same wave.
    logoutLeftGame(request, session, operator),
    known ? isBalanceHidden(request) : false,
    prompting,
    // The header's Deposit, when the member centre's deposit page is open (its menu's rule).
    known ? loadFeatures(locale).then(depositOpen, () => false) : false,
    isToolbarCollapsed(request),
    // The floating chat, for a member or agent with the chat switch on (its count comes later, /resources/chat).
    // It is drawn at the corner this browser moved it to, from the first paint.
    known
      ? chatShown(request, operator, isAgent, locale).then(
          (shown) => (shown ? chatCorner.read(request) : null),
          () => null,
        )
      : null,
    // The login's publicity pop-ups, on the first page view after it (their close flag is set
    // then); a view whose contract requests open by themselves leaves them for the next.
    known ? prompting.then((prompts) => takePublicity(request, session, operator, prompts.contracts.autoOpen)) : null,
    // The mini-game's switches (the cached whitelabel answer); a failure shows none.
    known ? miniGameShown(isAgent, locale).catch(() => null) : null,
  ]);
  // The player's topics are wanted while pages are viewed, and what came between pages is shown once.
  const notify = known ? pageNotices(session).catch(() => null) : null;
  const closed = await gate;
  if (closed) {
    wave.catch(() => {});
    throw closed;
  }
  const [settings, figures, menu, leftGame, balanceHidden, prompts, deposit, toolbarCollapsed, chat, publicity, miniGame] =
    await wave.catch(async (error) => {
      // Without the merchant's settings there is no page to draw: say why, with the catalogue's text.
      const notice = await handleOperatorError(request, error);
      throw json({ notice: notice ?? { key: "timeout, retry please" } }, { status: 503 });
    });

  const notices = {
    ...((await notify) ?? { stream: false, kept: [] }),
    // Amounts in toasts are written the merchant's way, as the header's balance.
    money: { currencySymbol: settings.currencySymbol, currencyPosition: settings.currencyPosition, currency: settings.currency },
  };
  if (leftGame) headers.append("Set-Cookie", leftGame);
  if (known && session.get("publicity") === "closed" && publicityWas === "due") headers.append("Set-Cookie", await commitSession(session));

  // The game menu is a shared fragment (decision 041): a document carries its markup, drawn once
  // per key, and leaves its data out; a client navigation's data keeps it, for the browser to draw
  // the menu itself when the key has changed (a login in the pop-up).
  const menuShown = menu.groups.length > 0 || menu.agent;
  const guest = !known;
  const menuKey = menuShown ? fragmentKey("menu", locale, guest ? "guest" : menu.agent ? "agent" : "player", menu) : null;
  const document = isDocumentRequest(context);
  const languages = offeredLanguages(settings);
  const title = settings.siteTitle ?? "";
  const languageKey = fragmentKey("language", locale, "all", languages);
  const footerKey = fragmentKey("footer", locale, "all", title);
  const toolbarKind: ToolbarKind = !known ? "guest" : isAgent === TRIAL_ACCOUNT ? "trial" : deposit ? "player-deposit" : "player";
  const toolbar = await toolbarEntries(settings.resources, toolbarKind);
  const toolbarKey = fragmentKey("toolbar", locale, toolbarKind, toolbar);
  if (document) {
    await Promise.all([
      menuKey ? ensureFragment(locale, menuKey, () => <GameMenuNav menu={menu} guest={guest} />) : null,
      ensureFragment(locale, languageKey, () => <LanguageMenuBody locale={locale} languages={languages} />),
      ensureFragment(locale, footerKey, () => <FooterBody title={title} />),
      ensureFragment(locale, toolbarKey, () => <ToolbarBody entries={toolbar} />),
    ]);
  }
  const logoUrl = resolveLogo(settings.logoUrl);
  return json(
    {
      locale,
      csrfToken,
      notice,
      site: {
        title,
        logoUrl,
        wordmark: logoUrl !== DEFAULT_LOGO,
        languages,
        loginPop: loginPopOn(settings),
        // The theme stylesheet's version: a changed theme is a new address (decision 022).
        themeVersion: themeStylesheet(settings.theme).version,
      },
      menu: document ? null : menu,
      menuKey,
      languageKey,
      footerKey,
      toolbar: { key: toolbarKey, entries: document ? null : toolbar, collapsed: toolbarCollapsed },
      /** The Vietnamese lottery's page when the operator offers it (the lottery lobby links it). */
      vnLottery: menu.lottery?.vn ?? null,
      prompts,
      publicity,
      chat,
      /** The mini-games this player is shown (LOTT, SEA), or null. */
      miniGame,
      notices,
      player:
        known && figures ? { ...headerFigures(playerSummary(session, figures, settings), isAgent ?? 0), balanceHidden, deposit } : null,
    },
    { headers },
  );
}

/**
 * What the header shows of the player: no more (loader data reaches the browser, never the
 * token). `trial`: a free-play account, which is shown only what it may use; `vipLabel`: the
 * clubLabel's name. Whether isAgent shows the agent entry is the game menu's `agent`.
 */
function headerFigures({ nickname, account, balance, vipLabel }: PlayerSummary, isAgent: number) {
  return { nickname, account, balance, vipLabel, trial: isAgent === TRIAL_ACCOUNT };
}

// An error page's title is drawn by the Layout, which can translate it.
export const meta: MetaFunction<typeof loader> = ({ data, error }) => (error ? [] : [{ title: data?.site.title ?? "" }]);

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  useHydrationDone();
  usePrefetchParts();
  const data = useRouteLoaderData<typeof loader>("root");
  const error = useRouteError();
  // Without the root loader's data (a refused post, the operator down) the page is still in the
  // language the request asked for.
  const rendered = useRenderedLocale();
  const locale: Locale = data?.locale ?? rendered;
  return (
    <html lang={HTML_LANG[locale]} data-locale={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* useRouteError() is null, not undefined, on a page without an error (issue 23). */}
        {error == null ? null : closedSite(error) ? (
          <title>{closedSite(error)!.titles.join(" · ")}</title>
        ) : (
          <ErrorTitle error={error} site={data?.site.title} />
        )}
        <Links />
        {/* After app.css, so the merchant's colours win; a stylesheet because the CSP allows no inline style. */}
        <link rel="stylesheet" href={themeHref(data?.site.themeVersion)} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The unread count is read again when the centre or a message closes (refreshesUnread). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || refreshesUnread(currentUrl, nextUrl);

export default function App() {
  const data = useLoaderData<typeof loader>();
  useChangeLanguage(data.locale);
  return (
    <AuthenticityTokenProvider token={data.csrfToken}>
      <PageNamespaces>
        <Shell data={data}>
          <NoticeBanner notice={data.notice} tone={data.notice && "tone" in data.notice ? data.notice.tone : undefined} />
          <BonusPopup popup={data.prompts.bonus} />
          <ContractsPrompt contracts={data.prompts.contracts} />
          <PaymentConfirmationPrompt count={data.prompts.contracts.autoOpen ? 0 : data.prompts.confirmations} />
          <PublicityPopups popups={data.publicity} />
          <Outlet />
          <ChatEntry corner={data.chat} />
          <MiniGameEntry games={data.miniGame} />
          <BackdropKeeper />
          <PlayerNotifications {...data.notices} />
        </Shell>
      </PageNamespaces>
    </AuthenticityTokenProvider>
  );
}

/**
 * Every error page sits in the shell. A 404 of an unknown address comes from the catch-all route
 * ($.tsx), so the root loader has run and the header is the player's own; when it has not run
 * (a refused post answered before any loader, the operator down), the frame comes without the
 * parts that need it.
 */
/** The site-closed page's data when the error is a closed site's answer (site-state.server.ts). */
function closedSite(error: unknown) {
  return isRouteErrorResponse(error) ? siteClosedOf(error.data) : null;
}

/** A closed site answers every page with its own page; any other error with the error page. */
function ErrorView({ error }: { error: unknown }) {
  const site = closedSite(error);
  return site ? <SiteClosedView site={site} /> : <ErrorPage error={error} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const locale = useRenderedLocale();
  if (data) {
    return (
      <AuthenticityTokenProvider token={data.csrfToken}>
        <PageNamespaces>
          <Shell data={data}>
            <ErrorView error={error} />
          </Shell>
        </PageNamespaces>
      </AuthenticityTokenProvider>
    );
  }
  const bare: ShellData = {
    locale,
    site: { title: "", logoUrl: "/logo.svg", languages: [] },
    menu: null,
    player: null,
  };
  return (
    <PageNamespaces>
      <Shell data={bare} bare>
        <ErrorView error={error} />
      </Shell>
    </PageNamespaces>
  );
}
