/**
 * A reward as the exchange-goods list draws it: its picture, name, price in points (and money
 * when displayPointMoneyAmt is Y), what is left, and the link that opens the product view. The
 * list's query travels with the link, so closing the product returns to the same list.
 */
import { DialogLink } from "~/components/route-dialog";
import { usePageTranslation } from "~/i18n/translation";
import type { RewardView } from "./points.server";
import { rewardHref } from "./mall";

/** "12,000 points" or "6,000 points + ¥699.00": the ways a reward is priced, as one line each. */
export function RewardPrices({ reward }: { reward: Pick<RewardView, "price" | "mpPointAmount" | "mpMoneyText" | "showMoney"> }) {
  const { t } = usePageTranslation();
  return (
    <span className="reward-prices">
      {reward.price ? (
        <span className="reward-price">{t("points_price_points", { points: reward.price.toLocaleString("en-US") })}</span>
      ) : null}
      {reward.showMoney && reward.mpPointAmount && reward.mpMoneyText ? (
        <span className="reward-price reward-price--pm">
          {t("points_price_pm", { points: reward.mpPointAmount.toLocaleString("en-US"), money: reward.mpMoneyText })}
        </span>
      ) : null}
    </span>
  );
}

export function RewardCard({ reward, search }: { reward: RewardView; search: string }) {
  const { t } = usePageTranslation();
  const soldOut = reward.inventory <= 0;
  return (
    <DialogLink
      to={rewardHref(reward.id, search)}
      className={soldOut ? "reward-card reward-card--sold-out" : "reward-card"}
      preventScrollReset
      data-testid="reward-card"
    >
      <span className="reward-card__image">
        {reward.images[0] ? <img src={reward.images[0].main} alt="" loading="lazy" width={160} height={160} /> : null}
        {soldOut ? <span className="reward-card__badge">{t("points_sold_out")}</span> : null}
      </span>
      <span className="reward-card__name">{reward.name}</span>
      <RewardPrices reward={reward} />
      <span className="reward-card__stock">{soldOut ? t("points_sold_out") : t("points_in_stock", { count: reward.inventory })}</span>
    </DialogLink>
  );
}
