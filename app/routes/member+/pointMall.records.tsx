/**
 * Redeem records (document 002, sections 2 and 7): getRedeemPointList in a date range with a
 * status filter (P pending, A approved, R rejected: labels chosen in decision 033) as a GET form,
 * newest first, 13 a page.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RecordsEmpty, RecordsPager, RecordsTable, type Column } from "~/features/reports/records-view";
import { RecordsFilter } from "~/features/reports/records-filter";
import { readRecordsQuery, recordsFailure, timeText } from "~/features/reports/records.server";
import { askPaged } from "~/lib/paging";
import { formatAmount, toMoney } from "~/lib/money.server";
import { usePageTranslation } from "~/i18n/translation";
import { requirePointMall } from "~/features/points/points.server";
import { formatPoints, REDEEM_RECORDS_PAGE_SIZE, REDEEM_STATUSES } from "~/features/points/mall";

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request }: LoaderFunctionArgs) {
  const { operator } = await requirePointMall(request);
  const query = readRecordsQuery(request, REDEEM_STATUSES);
  const empty = { rows: [], page: 1, totalPages: 1, total: 0 };
  if (!query.ok) return json({ frame: query.frame, ...empty }, { status: 400 });
  const ask = (page: number) =>
    operator.call("redeemRecords", {
      body: {
        startDate: query.startTime,
        endDate: query.endTime,
        page,
        size: REDEEM_RECORDS_PAGE_SIZE,
        status: query.frame.filter.type || undefined,
      },
    });
  try {
    const { answer, total, ...paging } = await askPaged(ask, query.page, REDEEM_RECORDS_PAGE_SIZE);
    const money = (v: string) => formatAmount(toMoney(v) ?? toMoney("0")!);
    const rows = answer.list.map((r) => ({
      id: r.id,
      time: timeText(r.dateRequested),
      name: r.name || "—",
      quantity: r.quantity,
      type: r.type === "PM" ? "PM" : "P",
      points: formatPoints(r.requiredPoint) ?? "0",
      money: money(r.requiredMoney),
      status: (REDEEM_STATUSES as readonly string[]).includes(r.status ?? "") ? (r.status as string) : "P",
    }));
    return json({ frame: query.frame, rows, ...paging, total });
  } catch (error) {
    const { notice, status } = await recordsFailure(request, error);
    return json({ frame: { ...query.frame, notice }, ...empty }, { status });
  }
}

// ── view ────────────────────────────────────────────────────────────────────────────────

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function RedeemRecords() {
  const { t } = usePageTranslation();
  const { frame, rows, page, totalPages, total } = useLoaderData<typeof loader>();
  const columns: Column<Row>[] = [
    { id: "time", label: t("points_record_time"), cell: (r) => <time>{r.time}</time> },
    { id: "name", label: t("points_record_reward"), cell: (r) => r.name },
    { id: "quantity", label: t("points_quantity"), numeric: true, cell: (r) => r.quantity },
    { id: "type", label: t("points_redeem_type"), cell: (r) => t(`points_redeem_type_${r.type}`) },
    { id: "points", label: t("points_pay_points"), numeric: true, cell: (r) => r.points },
    { id: "money", label: t("points_pay_money"), numeric: true, cell: (r) => r.money },
    {
      id: "status",
      label: t("points_status"),
      cell: (r) => <span className={`status-chip status-chip--${r.status}`}>{t(`points_status_${r.status}`)}</span>,
    },
  ];
  return (
    <section className="records-page points-records" aria-labelledby="points-records-title">
      <h2 id="points-records-title">{t("points_menu_records")}</h2>
      <RecordsFilter
        frame={frame}
        typeLabel={t("points_status")}
        types={REDEEM_STATUSES.map((s) => ({ value: s, label: t(`points_status_${s}`) }))}
      />
      <p className="field__hint">{t("points_status_hint")}</p>
      {frame.result || frame.notice ? null : rows.length === 0 ? (
        <RecordsEmpty path={frame.path} />
      ) : (
        <>
          <RecordsTable caption={t("points_menu_records")} columns={columns} rows={rows} rowKey={(r) => r.id} />
          <RecordsPager frame={frame} page={page} totalPages={totalPages} total={total} />
        </>
      )}
    </section>
  );
}
