import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { pageMetaFor } from "~/features/content/page-meta.server";
import { pageMeta } from "~/lib/page-meta";
import { useRootData } from "~/features/site/root-data";
import { Link, useLoaderData } from "@remix-run/react";
import { GuestLinks } from "~/features/site/shell";
import { Namespaces, usePageTranslation } from "~/i18n/translation";
import { getLocale } from "~/i18n/i18n.server";
import { getSession } from "~/server/session.server";
import { loadHomeGames, type HomeBlock } from "~/features/games/home.server";
import { PopularGames, PopularGamesGrid } from "~/features/games/popular-games";
import { bindOperator, sharedOperator } from "~/operator/operator.server";
import { loadLotteryHome, type LotteryHome } from "~/features/lottery/lobby.server";
import { LotteryListPanel, TrendStrip } from "~/features/lottery/lottery-home";
import { LotteryTile } from "~/features/lottery/lottery-list";
import { QuickBetPanel } from "~/features/lottery/quick-bet";
import { VendorCardLink } from "~/features/games/vendor-card";
import { useCallback, useState } from "react";
import { FragmentLinks, SharedFragment } from "~/components/shared-fragment";
import { FetchedDialog } from "~/components/fetched-dialog";
import { useVendorGamesDialog, VENDOR_GAMES_DIALOG, type VendorGamesData } from "~/features/games/vendor-games-view";
import { GROUP_LIST_DIALOG, useGroupListDialog, type GroupListData } from "~/features/lottery/lottery-list";
import type { LotteryGameView } from "~/features/lottery/lottery.server";
import { ensureFragment, fragmentKey, isDocumentRequest } from "~/server/fragments.server";
import { loadSiteContent } from "~/features/content/content.server";
import { BannerCarousel, BannerSlides } from "~/features/content/banners";
import { NoticeStrip } from "~/features/content/notices";
import { loadJackpot, loadWinners } from "~/features/content/winners.server";
import { JackpotCounter, WinnerBoardList } from "~/features/content/winners";

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
      ensureFragment(locale, blocksKey, () => <HomeBlocks {...blocksData} guest={guest} />),
      listKey ? ensureFragment(locale, listKey, () => <HomeLotteryList groups={lottery.groups} guest={guest} />) : null,
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
    lottery: document ? { ...lottery, groups: [] } : lottery,
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
  const { blocks, hot, lottery, blocksKey, listKey, hotKey } = data;
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
  const vendorGames = useVendorGamesDialog();
  const groupList = useGroupListDialog();
  return (
    <div className="home">
      {bannersKey ? <BannerCarousel banners={banners} count={bannerCount} fragmentKey={bannersKey} /> : null}
      {noticesKey ? (
        <SharedFragment fragmentKey={noticesKey} className="home-notices" render={() => <NoticeStrip notices={notices} />} />
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
          <HomeBlocks blocks={blocks} lotteryGame={lottery.trend[0]?.game ?? null} lotteryLobby={lottery.lobby} guest={!player} />
        )}
        onOpen={openDialog}
      />

      <div className="home-lottery">
        {listKey ? (
          <SharedFragment
            fragmentKey={listKey}
            className="home-lottery__list"
            render={() => <HomeLotteryList groups={lottery.groups} guest={!player} />}
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
            <SharedFragment fragmentKey={winnersKey} className="home-winners__board" render={() => <WinnerBoardList winners={winners} />} />
          </section>
        ) : null}
      </div>

      <TrendStrip trend={lottery.trend} />
      {dialog?.kind === VENDOR_GAMES_DIALOG ? (
        <FetchedDialog<VendorGamesData> href={dialog.href} onClose={closeDialog} {...vendorGames} />
      ) : null}
      {dialog?.kind === GROUP_LIST_DIALOG ? <FetchedDialog<GroupListData> href={dialog.href} onClose={closeDialog} {...groupList} /> : null}
    </div>
  );
}

/** The game-entry blocks: a shared fragment's part, drawn from props only with plain links. */
function HomeBlocks({
  blocks,
  lotteryGame,
  lotteryLobby,
  guest,
}: {
  blocks: HomeBlock[];
  lotteryGame: LotteryGameView | null;
  lotteryLobby: string;
  guest: boolean;
}) {
  return (
    <FragmentLinks.Provider value={{ guest }}>
      <Namespaces ns={handle.i18n}>
        {blocks.map((block) => (
          <GameBlock key={block.gameType} block={block} guest={guest} />
        ))}
        {lotteryGame ? <LotteryBlock game={lotteryGame} lobby={lotteryLobby} /> : null}
      </Namespaces>
    </FragmentLinks.Provider>
  );
}

/** The lottery list beside the quick bet: a shared fragment's part. */
function HomeLotteryList({ groups, guest }: { groups: LotteryHome["groups"]; guest: boolean }) {
  const { t } = usePageTranslation("lottery");
  return (
    <FragmentLinks.Provider value={{ guest }}>
      <Namespaces ns={handle.i18n}>
        <LotteryListPanel groups={groups} title={t("lottery_list_title")} />
      </Namespaces>
    </FragmentLinks.Provider>
  );
}

/** The lottery's entry (screen 9): one popular lottery game and the way to the lottery lobby. */
function LotteryBlock({ game, lobby }: { game: LotteryGameView; lobby: string }) {
  const { t } = usePageTranslation("lottery");
  return (
    <section className="panel game-block game-block--lottery" aria-labelledby="home-block-lottery" data-testid="home-block-lottery">
      <h2 id="home-block-lottery">{t("lottery_block_title")}</h2>
      <ul className="vendor-cards">
        <li>
          <LotteryTile game={game} />
        </li>
      </ul>
      <a href={lobby} className="button button--small game-block__more">
        {t("more_games")}
      </a>
    </section>
  );
}

/** One game type's entry: up to three vendors and the "more games" button to its lobby. */
function GameBlock({ block, guest }: { block: HomeBlock; guest: boolean }) {
  const { t } = usePageTranslation("games");
  const id = `home-block-${block.gameType.toLowerCase()}`;
  return (
    <section className={`panel game-block game-block--${block.gameType.toLowerCase()}`} aria-labelledby={id} data-testid={id}>
      <h2 id={id}>{t(`lobby_title_${block.gameType}`)}</h2>
      <ul className="vendor-cards">
        {block.vendors.map((vendor) => (
          <li key={vendor.code}>
            <VendorCardLink vendor={vendor} guest={guest} />
          </li>
        ))}
      </ul>
      <a href={block.more} className="button button--small game-block__more">
        {t("more_games")}
      </a>
    </section>
  );
}
