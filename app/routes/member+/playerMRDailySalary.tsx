/**
 * A member's daily salary (playerMRDailySalary; switch DAYSALMR): the contract's tiers (bet
 * volume and rate as a percentage) and the daily records, ten a page (?page=N).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Pager } from "~/components/pager";
import { usePageTranslation } from "~/i18n/translation";
import { formatRate } from "~/lib/money";
import { requireMemberPage } from "~/features/member/centre.server";
import { pageFailure } from "~/features/member/benefits.server";
import { merchantMoneyFor } from "~/features/site/money.server";
import { memberHref } from "~/features/member/routes";

const PAGE_SIZE = 10;
const querySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).catch(1) });

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMemberPage(request, "playerMRDailySalary");
  const { page } = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  try {
    const [salary, money] = await Promise.all([
      member.operator.call("playerDailySalary", { body: { page, size: PAGE_SIZE } }),
      merchantMoneyFor(request),
    ]);
    return json({
      page,
      totalPages: Math.max(1, Math.ceil(salary.total / PAGE_SIZE)),
      tiers: salary.rates.map((r, i) => ({
        key: i,
        volume: money.show(r.betVolume),
        rate: r.rateType === "P" ? (formatRate(r.rate) ?? "—") : money.show(r.rate),
      })),
      rows: salary.list.map((r) => ({
        date: r.date,
        volume: money.show(r.betVolume),
        rate: formatRate(r.rate) ?? "—",
        salary: money.show(r.salary),
        status: r.status ?? "",
      })),
      error: null as string | null,
    });
  } catch (error) {
    const { error: message, status } = await pageFailure(request, error);
    return json({ page, totalPages: 1, tiers: [], rows: [], error: message }, { status });
  }
}

export default function DailySalary() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <section className="member-page" aria-labelledby="salary-title">
      <h1 id="salary-title">{t("member_page_playerMRDailySalary")}</h1>
      {data.error ? <p className="notice notice--error">{t(data.error)}</p> : null}
      <h2 className="section-title">{t("salary_contract")}</h2>
      {data.tiers.length === 0 ? (
        <p className="empty-state">{t("salary_none")}</p>
      ) : (
        <ul className="rate-chips">
          {data.tiers.map((tier) => (
            <li key={tier.key}>
              <span>{t("salary_tier", { volume: tier.volume })}</span> <strong>{tier.rate}</strong>
            </li>
          ))}
        </ul>
      )}
      <h2 className="section-title">{t("salary_records")}</h2>
      {data.rows.length ? (
        <div className="records-table-wrap">
          <table className="records-table">
            <thead>
              <tr>
                <th scope="col">{t("bonus_date")}</th>
                <th scope="col" className="records-table__num">
                  {t("salary_volume")}
                </th>
                <th scope="col" className="records-table__num">
                  {t("salary_rate")}
                </th>
                <th scope="col" className="records-table__num">
                  {t("salary_amount")}
                </th>
                <th scope="col">{t("salary_status")}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={r.date}>
                  <td>{r.date}</td>
                  <td className="records-table__num">{r.volume}</td>
                  <td className="records-table__num">{r.rate}</td>
                  <td className="records-table__num">{r.salary}</td>
                  <td>{r.status === "PAID" ? t("salary_paid") : t("salary_pending")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : data.error ? null : (
        <p className="empty-state">{t("salary_records_none")}</p>
      )}
      <Pager
        page={data.page}
        totalPages={data.totalPages}
        hrefFor={(p) => memberHref("playerMRDailySalary", p > 1 ? { page: String(p) } : {})}
        label={t("salary_pages")}
      />
    </section>
  );
}
