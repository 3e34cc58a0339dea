/**
 * Bonus details (bonusDetails; shown only with a rebate): the player's rebate rates by product
 * type as percentages and the rebate bonuses paid, newest first.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { formatRate } from "~/lib/money";
import { requireMemberPage } from "~/features/member/centre.server";
import { pageFailure } from "~/features/member/benefits.server";
import { merchantMoneyFor } from "~/features/site/money.server";

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
        <div className="records-table-wrap">
          <table className="records-table">
            <thead>
              <tr>
                <th scope="col">{t("bonus_date")}</th>
                <th scope="col">{t("bonus_product")}</th>
                <th scope="col" className="records-table__num">
                  {t("bonus_bet")}
                </th>
                <th scope="col" className="records-table__num">
                  {t("bonus_rebate")}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.bonuses.map((b) => (
                <tr key={b.key}>
                  <td>{b.date}</td>
                  <td>{t(`records_product_${b.productType}`)}</td>
                  <td className="records-table__num">{b.bet}</td>
                  <td className="records-table__num">{b.rebate}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
