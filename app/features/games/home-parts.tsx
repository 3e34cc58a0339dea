/**
 * Home's shared fragments (decision 041) as React draws them: the game-entry blocks, the
 * lottery list and the popular-trend strip, from props only with plain links, and the dialogs
 * their links open. The browser needs them only for a key new to the page (a client-side visit,
 * a login in the pop-up) or once a dialog is asked for, so the home route takes them as lazy parts (lazy-part.tsx); the loader
 * draws them into the store through home-parts.server.ts.
 */
import { FragmentLinks } from "~/components/shared-fragment";
import { FetchedDialog } from "~/components/fetched-dialog";
import { Namespaces, usePageTranslation } from "~/i18n/translation";
import type { HomeBlock } from "~/features/games/home.server";
import type { LotteryHome, TrendEntry } from "~/features/lottery/lobby.server";
import type { LotteryGameView } from "~/features/lottery/lottery.server";
import { LotteryTile, useGroupListDialog, type GroupListData } from "~/features/lottery/lottery-list";
import { LotteryListPanel, TrendStrip } from "~/features/lottery/lottery-home";
import { VendorCardLink } from "./vendor-card";
import { useVendorGamesDialog, type VendorGamesData } from "./vendor-games-view";
import { GROUP_LIST_DIALOG, VENDOR_GAMES_DIALOG } from "./dialog-kinds";

type Ns = readonly string[];

/** The game-entry blocks: a shared fragment's part, drawn from props only with plain links. */
export function HomeBlocks({
  blocks,
  lotteryGame,
  lotteryLobby,
  guest,
  ns,
}: {
  blocks: HomeBlock[];
  lotteryGame: LotteryGameView | null;
  lotteryLobby: string;
  guest: boolean;
  /** The page's namespaces: a fragment is drawn outside the page (a loader). */
  ns: Ns;
}) {
  return (
    <FragmentLinks.Provider value={{ guest }}>
      <Namespaces ns={ns}>
        {blocks.map((block) => (
          <GameBlock key={block.gameType} block={block} guest={guest} />
        ))}
        {lotteryGame ? <LotteryBlock game={lotteryGame} lobby={lotteryLobby} /> : null}
      </Namespaces>
    </FragmentLinks.Provider>
  );
}

/** The lottery list beside the quick bet: a shared fragment's part. */
export function HomeLotteryList({ groups, guest, ns }: { groups: LotteryHome["groups"]; guest: boolean; ns: Ns }) {
  const { t } = usePageTranslation("lottery");
  return (
    <FragmentLinks.Provider value={{ guest }}>
      <Namespaces ns={ns}>
        <LotteryListPanel groups={groups} title={t("lottery_list_title")} />
      </Namespaces>
    </FragmentLinks.Provider>
  );
}

/** The popular-trend strip: a shared fragment's part (the draws are in its key). */
export function HomeTrend({ trend, guest, ns }: { trend: readonly TrendEntry[]; guest: boolean; ns: Ns }) {
  return (
    <FragmentLinks.Provider value={{ guest }}>
      <Namespaces ns={ns}>
        <TrendStrip trend={trend} />
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

/** The dialog a fragment's link opened (data-opens): a vendor's games or a folded lottery group. */
export function HomeDialog({ kind, href, onClose }: { kind: string; href: string; onClose: () => void }) {
  const vendorGames = useVendorGamesDialog();
  const groupList = useGroupListDialog();
  if (kind === VENDOR_GAMES_DIALOG) return <FetchedDialog<VendorGamesData> href={href} onClose={onClose} {...vendorGames} />;
  if (kind === GROUP_LIST_DIALOG) return <FetchedDialog<GroupListData> href={href} onClose={onClose} {...groupList} />;
  return null;
}
