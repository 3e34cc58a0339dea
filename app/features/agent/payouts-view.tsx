/** The view of the five payout pages (decision 032): filter, table, total, pages, empty state. */
import { useLoaderData } from "@remix-run/react";
import { Amount, RecordsEmpty, RecordsPager, RecordsTable, type Column } from "~/features/reports/records-view";
import { RecordsFilter } from "~/features/reports/records-filter";
import type { payoutLoader } from "~/features/agent/payouts.server";
import { usePageTranslation } from "~/i18n/translation";

type Data = typeof payoutLoader;

export function PayoutsPage() {
  const { t } = usePageTranslation();
  const data = useLoaderData<Data>();
  type Row = (typeof data.rows)[number];
  const title = t(`agent_page_${data.page}`);
  const columns: Column<Row>[] = [
    { id: "paid", label: t("agent_paid_time"), cell: (r) => <time>{r.paid}</time> },
    { id: "kind", label: t("agent_payout_kind"), cell: (r) => t(`agent_payout_${r.kind}`, { defaultValue: r.kind }) },
    {
      id: "productType",
      label: t("records_product_type"),
      cell: (r) => t(`contract_product_${r.productType}`, { defaultValue: r.productType }),
    },
    { id: "period", label: t("agent_payout_period"), cell: (r) => r.period },
    { id: "basis", label: t("agent_payout_basis"), numeric: true, cell: (r) => r.basis },
    { id: "rate", label: t("agent_payout_rate"), numeric: true, cell: (r) => r.rate },
    { id: "amount", label: t("agent_payout_amount"), numeric: true, cell: (r) => <Amount value={r.amount} /> },
    {
      id: "status",
      label: t("records_status"),
      cell: (r) => (
        <span className={r.status === "PAID" ? "badge badge--active" : "badge badge--pending"}>
          {t(`agent_payout_status_${r.status}`, { defaultValue: r.status })}
        </span>
      ),
    },
  ];
  return (
    <section className="member-page records-page" aria-labelledby="payouts-title">
      <h1 id="payouts-title">{title}</h1>
      <RecordsFilter
        frame={data.frame}
        typeLabel={t("agent_payout_kind")}
        types={data.kinds.map((k) => ({ value: k, label: t(`agent_payout_${k}`) }))}
      />
      {data.frame.result || data.frame.notice ? null : data.rows.length === 0 ? (
        <RecordsEmpty path={data.frame.path} />
      ) : (
        <>
          <RecordsTable
            caption={title}
            columns={columns}
            rows={data.rows}
            rowKey={(r) => r.id}
            totals={data.sum && { label: t("records_totals"), cells: { amount: <Amount value={data.sum} /> } }}
          />
          <RecordsPager frame={data.frame} page={data.current} totalPages={data.totalPages} total={data.total} />
        </>
      )}
    </section>
  );
}
