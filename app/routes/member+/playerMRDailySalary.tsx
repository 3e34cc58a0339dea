/**
 * A member's daily salary (playerMRDailySalary; switch DAYSALMR): the contract's tiers (bet
 * volume and rate as a percentage) and the daily records, ten a page (?page=N).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Pager } from "~/components/pager";
import { usePageTranslation } from "~/i18n/translation";
import { formatRate } from "~/lib/money.server";
import { askPaged } from "~/lib/paging";
import { readPage } from "~/lib/read-page.server";
import { requireMemberPage } from "~/features/member/centre.server";
import { pageFailure } from "~/features/member/benefits.server";
import { merchantMoneyFor } from "~/features/site/money.server";
import { memberHref } from "~/features/member/routes";
import { RecordsTable } from "~/features/reports/records-view";

const PAGE_SIZE = 10;

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMemberPage(request, "playerMRDailySalary");
  const page = readPage(new URL(request.url));
  try {
    const ask = (p: number) => member.operator.call("playerDailySalary", { body: { page: p, size: PAGE_SIZE } });
    const [{ answer: salary, ...paging }, money] = await Promise.all([askPaged(ask, page, PAGE_SIZE), merchantMoneyFor(request)]);
    return json({
      page: paging.page,
      totalPages: paging.totalPages,
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

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

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
        <RecordsTable
          columns={[
            { id: "date", label: t("bonus_date"), cell: (r: Row) => r.date },
            { id: "volume", label: t("salary_volume"), cell: (r: Row) => r.volume, numeric: true },
            { id: "rate", label: t("salary_rate"), cell: (r: Row) => r.rate, numeric: true },
            { id: "salary", label: t("salary_amount"), cell: (r: Row) => r.salary, numeric: true },
            { id: "status", label: t("salary_status"), cell: (r: Row) => (r.status === "PAID" ? t("salary_paid") : t("salary_pending")) },
          ]}
          rows={data.rows}
          rowKey={(r) => r.date}
        />
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
