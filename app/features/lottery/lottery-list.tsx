/**
 * The lottery list (document 001, section 2, screen 10): groups with a title, four games each;
 * a group with more folds the rest into a popup list — a route-based dialog over the page when
 * scripts run, its own page without them. A game goes to /lottery (a guest is asked to log in
 * first); an SEA game opens in a new window.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { FetchedDialogLink, type FetchedDialogProps } from "~/components/fetched-dialog";
import { useFragmentLinks } from "~/components/shared-fragment";
import { GatedLink } from "~/features/auth/login-dialog";
import { loginHref } from "~/features/auth/login-href";
import { tileInitials, tileTone } from "~/features/games/game-tile";
import { usePageTranslation } from "~/i18n/translation";
import { GROUP_LIST_DIALOG } from "~/features/games/dialog-kinds";
import type { LotteryGameView, LotteryGroupView } from "./lottery.server";

export function LotteryGameLink({ game, className, children }: { game: LotteryGameView; className: string; children: ReactNode }) {
  const plain = useFragmentLinks();
  if (game.newWindow) {
    return (
      <a href={game.href} className={className} target="_blank" rel="noopener">
        {children}
      </a>
    );
  }
  if (plain) {
    // In a shared fragment: a plain anchor; a guest's leads to the login (the pop-up with scripts).
    return plain.guest ? (
      <a href={loginHref({ redirectTo: game.href })} className={className} data-gated="">
        {children}
      </a>
    ) : (
      <a href={game.href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <GatedLink to={game.href} className={className}>
      {children}
    </GatedLink>
  );
}

/** A game's new or hot label (the tiles' texts). */
export function LotteryTag({ tag }: { tag: LotteryGameView["tag"] }) {
  const { t } = usePageTranslation();
  return tag ? <span className={`badge badge--${tag}`}>{t(tag === "hot" ? "tile_hot" : "tile_new")}</span> : null;
}

export function LotteryTile({ game }: { game: LotteryGameView }) {
  return (
    <LotteryGameLink game={game} className="lottery-tile">
      {game.icon ? (
        <img className="lottery-tile__icon" src={game.icon} alt="" width="56" height="56" loading="lazy" decoding="async" />
      ) : (
        <span className={`lottery-tile__icon game-tile__initials--${tileTone(game.gameCode)}`} aria-hidden="true">
          {tileInitials(game.name)}
        </span>
      )}
      <span className="lottery-tile__name">{game.name}</span>
      <LotteryTag tag={game.tag} />
    </LotteryGameLink>
  );
}

export function LotteryGroups({ groups, headingLevel = 3 }: { groups: readonly LotteryGroupView[]; headingLevel?: 2 | 3 }) {
  const { t } = usePageTranslation("lottery");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="lottery-groups stack" data-testid="lottery-groups">
      {groups.map((group) => (
        <section
          key={group.id}
          className={group.flag ? `lottery-group lottery-group--flag-${group.flag.toLowerCase()}` : "lottery-group"}
          data-flag={group.flag ?? undefined}
          aria-labelledby={`lottery-group-${group.id}`}
          data-testid={`lottery-group-${group.id}`}
        >
          <Heading id={`lottery-group-${group.id}`} className="lottery-group__title">
            {group.title}
          </Heading>
          <ul className="lottery-group__games">
            {group.games.map((game) => (
              <li key={game.gameCode}>
                <LotteryTile game={game} />
              </li>
            ))}
          </ul>
          {group.more ? (
            <GroupListLink href={group.more} className="button button--small button--secondary lottery-group__more">
              {t("lottery_more_of", { n: group.total })}
            </GroupListLink>
          ) : null}
        </section>
      ))}
    </div>
  );
}

export interface GroupListData {
  group: LotteryGroupView;
  back: string;
}

/** A folded group's full list: the dialog's body and the page's. */
export function GroupListView({
  data,
  titleId = "lottery-list-title",
  inDialog,
}: {
  data: GroupListData;
  titleId?: string;
  inDialog?: boolean;
}) {
  const { t } = usePageTranslation("lottery");
  return (
    <section className="panel lottery-list-page" aria-labelledby={titleId}>
      <h1 id={titleId}>{data.group.title}</h1>
      <p className="lottery-list-page__count">{t("lottery_games_count", { n: data.group.total })}</p>
      <ul className="lottery-group__games lottery-group__games--all" data-testid="lottery-list-games">
        {data.group.games.map((game) => (
          <li key={game.gameCode}>
            <LotteryTile game={game} />
          </li>
        ))}
      </ul>
      {inDialog ? null : (
        <p className="actions">
          <Link to={data.back} className="button button--secondary">
            {t("lottery_back_to_list")}
          </Link>
        </p>
      )}
    </section>
  );
}

/** The "more" link: the page without scripts; with them, the list in a dialog over the page. */
function GroupListLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  const dialog = useGroupListDialog();
  if (useFragmentLinks()) {
    return (
      <a href={href} className={className} data-testid="lottery-group-more" data-opens={GROUP_LIST_DIALOG}>
        {children}
      </a>
    );
  }
  return (
    <FetchedDialogLink<GroupListData> href={href} className={className} testId="lottery-group-more" {...dialog}>
      {children}
    </FetchedDialogLink>
  );
}

/** A folded group's full list as a dialog. */
export function useGroupListDialog(): FetchedDialogProps<GroupListData> {
  const { t } = usePageTranslation("lottery");
  return {
    titleId: "lottery-list-dialog-title",
    dialogClassName: "lottery-list-dialog",
    loading: t("lottery_loading"),
    render: (data) => <GroupListView data={data} titleId="lottery-list-dialog-title" inDialog />,
  };
}
