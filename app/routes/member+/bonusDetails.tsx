/**
 * Bonus details (bonusDetails; shown only with a rebate): the player's rebate rates by product
 * type as percentages and the rebate bonuses paid, newest first.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { formatRate } from "~/lib/money.server";
import { requireMemberPage } from "~/features/member/centre.server";
import { pageFailure } from "~/features/member/benefits.server";
import { merchantMoneyFor } from "~/features/site/money.server";
import { RecordsTable } from "~/features/reports/records-view";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMemberPage(request, "bonusDetails");
  try {
    const [rebate, money] = await Promise.all([member.operator.call("rebate"), merchantMoneyFor(request)]);
    return json({
      rates: (rebate?.rates ?? []).map((r) => ({ productType: r.productType, percent: formatRate(r.rate) ?? "—" })),
      bonuses: (rebate?.bonuses ?? []).map((b, i) => ({
        key: `${b.date}-${b.productType}-${i}`,
        date: b.date,
        productType: b.productType,
        bet: money.show(b.betAmount),
        rebate: money.show(b.rebate),
      })),
      error: null as string | null,
    });
  } catch (error) {
    const { error: message, status } = await pageFailure(request, error);
    return json({ rates: [], bonuses: [], error: message }, { status });
  }
}

type Bonus = ReturnType<typeof useLoaderData<typeof loader>>["bonuses"][number];

export default function BonusDetails() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <section className="member-page" aria-labelledby="bonus-title">
      <h1 id="bonus-title">{t("member_page_bonusDetails")}</h1>
      {data.error ? <p className="notice notice--error">{t(data.error)}</p> : null}
      <h2 className="section-title">{t("bonus_rates")}</h2>
      <ul className="rate-chips">
        {data.rates.map((r) => (
          <li key={r.productType} data-product={r.productType}>
            <span>{t(`records_product_${r.productType}`)}</span> <strong>{r.percent}</strong>
          </li>
        ))}
      </ul>
      <h2 className="section-title">{t("bonus_history")}</h2>
      {data.bonuses.length === 0 ? (
        <p className="empty-state">{t("bonus_empty")}</p>
      ) : (
        <RecordsTable
          columns={[
            { id: "date", label: t("bonus_date"), cell: (b: Bonus) => b.date },
            { id: "product", label: t("bonus_product"), cell: (b: Bonus) => t(`records_product_${b.productType}`) },
            { id: "bet", label: t("bonus_bet"), cell: (b: Bonus) => b.bet, numeric: true },
            { id: "rebate", label: t("bonus_rebate"), cell: (b: Bonus) => b.rebate, numeric: true },
          ]}
          rows={data.bonuses}
          rowKey={(b) => b.key}
        />
      )}
    </section>
  );
}
