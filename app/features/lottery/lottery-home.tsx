/**
 * The lottery's parts of a page: the popular-trend strip (document 001, section 2, screen 11),
 * the lottery list (screen 10), the recent games and the quick bet (screen 6).
 */
import { usePageTranslation } from "~/i18n/translation";
import { Balls } from "./balls";
import { LotteryGameLink, LotteryGroups, LotteryTile } from "./lottery-list";
import type { LotteryGameView } from "./lottery.server";
import type { TrendEntry } from "./lobby.server";

export function TrendStrip({ trend }: { trend: readonly TrendEntry[] }) {
  const { t } = usePageTranslation("lottery");
  if (!trend.length) return null;
  return (
    <section className="panel trend-strip" aria-labelledby="trend-strip-title" data-testid="trend-strip">
      <h2 id="trend-strip-title">{t("lottery_popular_trend")}</h2>
      <ul className="trend-strip__list">
        {trend.map(({ game, draw }) => (
          <li key={game.gameCode}>
            <LotteryGameLink game={game} className="trend-strip__entry">
              <span className="trend-strip__name">{game.name}</span>
              {draw ? (
                <>
                  <span className="trend-strip__numero">{t("lottery_issue", { numero: draw.numero })}</span>
                  <Balls balls={draw.balls} small />
                </>
              ) : (
                <span className="trend-strip__numero">{t("lottery_no_draw")}</span>
              )}
            </LotteryGameLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LotteryListPanel({ groups, title }: { groups: Parameters<typeof LotteryGroups>[0]["groups"]; title: string }) {
  if (!groups.length) return null;
  return (
    <section className="panel lottery-list" aria-labelledby="lottery-list-heading">
      <h2 id="lottery-list-heading">{title}</h2>
      <LotteryGroups groups={groups} />
    </section>
  );
}

export function RecentLotteries({ games }: { games: readonly LotteryGameView[] }) {
  const { t } = usePageTranslation("lottery");
  if (!games.length) return null;
  return (
    <section className="panel lottery-recent" aria-labelledby="lottery-recent-title" data-testid="lottery-recent">
      <h2 id="lottery-recent-title">{t("lottery_recent")}</h2>
      <ul className="lottery-group__games">
        {games.map((game) => (
          <li key={game.gameCode}>
            <LotteryTile game={game} />
          </li>
        ))}
      </ul>
    </section>
  );
}
