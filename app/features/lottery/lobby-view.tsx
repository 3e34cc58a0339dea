/** The lottery lobby page (/lott, /elott): the lottery's own front page. */
import { useRootData } from "~/features/site/root-data";
import { Link } from "@remix-run/react";
import { GatedLink } from "~/features/auth/login-dialog";
import { usePageTranslation } from "~/i18n/translation";
import { LONG_DRAGON_HREF } from "./lottery";
import { LotteryListPanel, RecentLotteries, TrendStrip } from "./lottery-home";
import type { LotteryHome } from "./lobby.server";
import { QuickBetPanel } from "./quick-bet";

export function LotteryLobby({ lottery }: { lottery: LotteryHome }) {
  const { t } = usePageTranslation("lottery");
  const root = useRootData();
  const vn = root?.vnLottery;
  return (
    <div className="lottery-lobby stack">
      <section className="panel lottery-lobby__head" aria-labelledby="lottery-lobby-title">
        <h1 id="lottery-lobby-title">{t(lottery.area === "ELOTT" ? "lottery_lobby_title_elott" : "lottery_lobby_title")}</h1>
        <p className="actions">
          <GatedLink to={LONG_DRAGON_HREF} className="button">
            {t("lottery_long_dragon")}
          </GatedLink>
          <GatedLink to="/lottery" className="button button--secondary">
            {t("lottery_open_lobby")}
          </GatedLink>
          {vn ? (
            <Link to={vn} className="button button--secondary">
              {t("lottery_vn_title")}
            </Link>
          ) : null}
        </p>
      </section>
      <RecentLotteries games={lottery.recent} />
      <div className="lottery-lobby__columns">
        <div className="lottery-lobby__main stack">
          <TrendStrip trend={lottery.trend} />
          <LotteryListPanel groups={lottery.groups} title={t("lottery_list_title")} />
          {lottery.groups.length ? null : <p className="panel">{t("in_stay_tuned")}</p>}
        </div>
        <QuickBetPanel data={lottery.quickBet} />
      </div>
    </div>
  );
}
