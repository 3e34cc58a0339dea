import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { pageMetaFor } from "~/features/content/page-meta.server";
import { pageMeta } from "~/lib/page-meta";
import { useRootData } from "~/features/site/root-data";
import { Link, useLoaderData } from "@remix-run/react";
import { GuestLinks } from "~/features/site/shell";
import { usePageTranslation } from "~/i18n/translation";
import { getLocale } from "~/i18n/i18n.server";
import { getSession } from "~/server/session.server";
import { loadHomeGames } from "~/features/games/home.server";
import { PopularGames } from "~/features/games/popular-games";
import { bindOperator, sharedOperator } from "~/operator/operator.server";
import { loadLotteryHome } from "~/features/lottery/lobby.server";
import { QuickBetPanel } from "~/features/lottery/quick-bet";
import { useCallback, useState } from "react";
import { SharedFragment } from "~/components/shared-fragment";
import { GROUP_LIST_DIALOG, VENDOR_GAMES_DIALOG } from "~/features/games/dialog-kinds";
import {
  BannerSlides,
  HomeBlocks,
  HomeLotteryList,
  HomeTrend,
  NoticeStrip,
  PopularGamesGrid,
  WinnerBoardList,
} from "~/features/games/home-parts.server";
import { lazyPart } from "~/components/lazy-part";
import { ensureFragment, fragmentKey, isDocumentRequest } from "~/server/fragments.server";
import { loadSiteContent } from "~/features/content/content.server";
import { BannerCarousel } from "~/features/content/banners";
import { loadJackpot, loadWinners } from "~/features/content/winners.server";
import { JackpotCounter } from "~/features/content/winners";

// The fragments below are drawn outside the page (a loader): they name the page's namespaces themselves.
export const handle = { i18n: ["games", "lottery", "content"] as const, seo: { index: true } };
export { homeLinks as links } from "~/styles/areas";

/**
 * A player's ways on from the welcome card. A guest is offered Log in and Register there instead
 * (issue 23): a member centre or a password change means nothing before logging in.
 */
const GATED_ENTRIES = [
  { to: "/member", label: "home_member_centre" },
  { to: "/change-password", label: "home_change_password" },
] as const;

// Drawn by the browser only for a key new to the page, or once a dialog is asked for (lazy-part.tsx).
const HomeBlocksPart = lazyPart(() => import("~/features/games/home-parts").then((m) => m.HomeBlocks));
const HomeLotteryListPart = lazyPart(() => import("~/features/games/home-parts").then((m) => m.HomeLotteryList));
const HomeTrendPart = lazyPart(() => import("~/features/games/home-parts").then((m) => m.HomeTrend));
const HomeDialogPart = lazyPart(() => import("~/features/games/home-parts").then((m) => m.HomeDialog));
const NoticeStripPart = lazyPart(() => import("~/features/content/notices").then((m) => m.NoticeStrip));
const WinnerBoardPart = lazyPart(() => import("~/features/content/winner-board").then((m) => m.WinnerBoardList));

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [session, locale] = await Promise.all([getSession(request), getLocale(request)]);
  const operator = bindOperator(session, locale);
  const asked = new URL(request.url).searchParams.get("qb");
  const [games, lottery, content, winners, jackpot, meta] = await Promise.all([
    loadHomeGames(request, session, locale),
    // No recent games here: home draws none, and its player already makes six calls at once.
    loadLotteryHome(request, operator, { asked, recent: false }),
    // The content reads are shared (no token): they take no place among the player's six.
    loadSiteContent(request, sharedOperator(operator)),
    loadWinners(request, sharedOperator(operator), locale),
    loadJackpot(request, sharedOperator(operator), locale),
    pageMetaFor(locale, "home"),
  ]);
  // The game blocks and the lottery list are the same for every visitor of a kind: shared
  // fragments (decision 041), drawn once per key; a document carries their markup.
  const guest = !session.get("token");
  const kind = guest ? "guest" : "player";
  const blocksData = { blocks: games.blocks, lotteryGame: lottery.trend[0]?.game ?? null, lotteryLobby: lottery.lobby };
  const blocksKey = fragmentKey("home-blocks", locale, kind, blocksData.blocks, blocksData.lotteryGame, blocksData.lotteryLobby);
  const listKey = lottery.groups.length ? fragmentKey("home-lottery-list", locale, kind, lottery.groups) : null;
  // A player's favourites among the popular games are in the data, so in the key: players with the
  // same favourites there (most have none) share one entry.
  const trendKey = lottery.trend.length ? fragmentKey("home-trend", locale, kind, lottery.trend) : null;
  const hotKey = games.hot.length ? fragmentKey("home-hot", locale, kind, games.hot) : null;
  // Banners and notices are the same for every visitor (a banner's forms get the token in their hole).
  const bannersKey = content.banners.length ? fragmentKey("home-banners", locale, "all", content.banners) : null;
  const noticesKey = content.notices.length ? fragmentKey("home-notices", locale, "all", content.notices) : null;
  const winnersKey = winners.length ? fragmentKey("home-winners", locale, "all", winners) : null;
  const document = isDocumentRequest(context);
  if (document) {
    await Promise.all([
      bannersKey ? ensureFragment(locale, bannersKey, () => <BannerSlides banners={content.banners} />) : null,
      noticesKey ? ensureFragment(locale, noticesKey, () => <NoticeStrip notices={content.notices} />) : null,
      winnersKey ? ensureFragment(locale, winnersKey, () => <WinnerBoardList winners={winners} />) : null,
      hotKey ? ensureFragment(locale, hotKey, () => <PopularGamesGrid hot={games.hot} guest={guest} />) : null,
      ensureFragment(locale, blocksKey, () => <HomeBlocks {...blocksData} guest={guest} ns={handle.i18n} />),
      trendKey ? ensureFragment(locale, trendKey, () => <HomeTrend trend={lottery.trend} guest={guest} ns={handle.i18n} />) : null,
      listKey ? ensureFragment(locale, listKey, () => <HomeLotteryList groups={lottery.groups} guest={guest} ns={handle.i18n} />) : null,
    ]);
  }
  // A document carries the parts' markup, so not the data they are drawn from (as the root does
  // with the menu); a client-side visit gets the data, to draw a part whose key it has not seen.
  return json({
    banners: document ? [] : content.banners,
    bannerCount: content.banners.length,
    notices: document ? [] : content.notices,
    bannersKey,
    noticesKey,
    winners: document ? [] : winners,
    winnersKey,
    jackpot,
    meta,
    blocks: document ? [] : games.blocks,
    hot: document ? [] : games.hot,
    lottery: document ? { ...lottery, groups: [], trend: [] } : lottery,
    trendKey,
    blocksKey,
    listKey,
    hotKey,
  });
}

/**
 * Home: a greeting, the game-entry blocks (sports, live, fish, PVP, slots: three vendors each and
 * the way to the lobby; lottery: one popular game), the lottery list beside the quick bet, the
 * popular games, the jackpot and the winner board, and the popular-trend strip, under the banner
 * carousel and the notice strip.
 */
export default function Home() {
  const { t } = usePageTranslation("games");
  const root = useRootData();
  const data = useLoaderData<typeof loader>();
  const { banners, bannerCount, notices, bannersKey, noticesKey, winners, winnersKey, jackpot } = data;
  const { blocks, hot, lottery, blocksKey, listKey, hotKey, trendKey } = data;
  const player = root?.player;
  // What the fragments' links open (their delegated clicks): a fetched dialog (the shell opens
  // the login pop-up for a guest's gated link).
  const [dialog, setDialog] = useState<{ kind: string; href: string } | null>(null);
  const openDialog = useCallback((kind: string, href: string) => {
    if (kind !== VENDOR_GAMES_DIALOG && kind !== GROUP_LIST_DIALOG) return false;
    setDialog({ kind, href });
    return true;
  }, []);
  const closeDialog = useCallback(() => setDialog(null), []);
  return (
    <div className="home">
      {bannersKey ? <BannerCarousel banners={banners} count={bannerCount} fragmentKey={bannersKey} /> : null}
      {noticesKey ? (
        <SharedFragment fragmentKey={noticesKey} className="home-notices" render={() => <NoticeStripPart notices={notices} />} />
      ) : null}
      <section className="panel home-welcome" aria-labelledby="home-title">
        {player ? (
          <>
            <h1 id="home-title">{t("welcome_back", { name: player.nickname || player.account })}</h1>
            <dl className="wallet">
              <dt>{t("balance")}</dt>
              <dd data-testid="home-balance">{player.balance ?? t("balance_unavailable")}</dd>
            </dl>
          </>
        ) : (
          <>
            <h1 id="home-title">{t("welcome_guest", { site: root?.site.title ?? "" })}</h1>
            <p>{t("guest_intro")}</p>
            <p className="actions">
              <GuestLinks />
            </p>
          </>
        )}
        {player ? (
          <nav className="gated-entries" aria-labelledby="gated-title">
            <h2 id="gated-title" className="visually-hidden">
              {t("home_members_only")}
            </h2>
            {player.trial ? (
              // A free-play account is refused every entry here: it is told why instead of being bounced.
              <p data-testid="trial-hint">{t("home_trial_hint")}</p>
            ) : (
              <ul>
                {GATED_ENTRIES.map((entry) => (
                  <li key={entry.to}>
                    <Link to={entry.to} className="button button--small button--secondary">
                      {t(entry.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </nav>
        ) : null}
      </section>

      <SharedFragment
        fragmentKey={blocksKey}
        className="home-blocks"
        render={() => (
          <HomeBlocksPart
            blocks={blocks}
            lotteryGame={lottery.trend[0]?.game ?? null}
            lotteryLobby={lottery.lobby}
            guest={!player}
            ns={handle.i18n}
          />
        )}
        onOpen={openDialog}
      />

      <div className="home-lottery">
        {listKey ? (
          <SharedFragment
            fragmentKey={listKey}
            className="home-lottery__list"
            render={() => <HomeLotteryListPart groups={lottery.groups} guest={!player} ns={handle.i18n} />}
            onOpen={openDialog}
          />
        ) : null}
        {lottery.quickBet || listKey ? <QuickBetPanel data={lottery.quickBet} /> : null}
      </div>

      {hotKey ? <PopularGames hot={hot} fragmentKey={hotKey} guest={!player} /> : null}

      <div className="home-wins">
        <JackpotCounter jackpot={jackpot} />
        {winnersKey ? (
          <section className="panel home-winners" aria-labelledby="winners-title">
            <h2 id="winners-title">{t("winners")}</h2>
            <SharedFragment fragmentKey={winnersKey} className="home-winners__board" render={() => <WinnerBoardPart winners={winners} />} />
          </section>
        ) : null}
      </div>

      {trendKey ? (
        <SharedFragment
          fragmentKey={trendKey}
          className="home-trend"
          render={() => <HomeTrendPart trend={lottery.trend} guest={!player} ns={handle.i18n} />}
        />
      ) : null}
      {dialog ? <HomeDialogPart kind={dialog.kind} href={dialog.href} onClose={closeDialog} /> : null}
    </div>
  );
}
