/**
 * Point transactions (document 002, sections 5 and 7): MemTransDet of the points account
 * (accountTypeId 9), 12 a page, leaving out the internal type 9203, in a range of at most 30 days
 * whose last day ends 86,399,000 ms after it starts — a longer range is refused beside the
 * filter with a 400. Amounts with the balance after each; names in the player's language.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Amount, RecordsEmpty, RecordsPager, RecordsTable, type Column } from "~/features/reports/records-view";
import { RecordsFilter } from "~/features/reports/records-filter";
import { prefersChinese, type RangeLimit } from "~/features/reports/records";
import { readRecordsQuery, recordsFailure, transactionRow } from "~/features/reports/records.server";
import { askPaged } from "~/lib/paging";
import { getLocale } from "~/i18n/i18n.server";
import { usePageTranslation } from "~/i18n/translation";
import { requirePointMall } from "~/features/points/points.server";
import { EXCLUDED_TX_TYPES, POINT_ACCOUNT_TYPE_ID, POINT_RANGE_MAX_DAYS, POINT_TX_PAGE_SIZE } from "~/features/points/mall";

const LIMIT: RangeLimit = { maxDays: POINT_RANGE_MAX_DAYS, tooLong: "points_range_too_long", hint: "points_range_hint" };

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request }: LoaderFunctionArgs) {
  const { session, operator } = await requirePointMall(request);
  const locale = await getLocale(request);
  const query = readRecordsQuery(request, [], Date.now(), LIMIT);
  const empty = { rows: [], page: 1, totalPages: 1, total: 0 };
  if (!query.ok) return json({ frame: query.frame, ...empty }, { status: 400 });
  const ask = (page: number) =>
    operator.call("pointTransactions", {
      body: {
        subordinateName: String(session.get("account") ?? ""),
        startTime: query.startTime,
        endTime: query.endTime,
        accountTypeId: POINT_ACCOUNT_TYPE_ID,
        size: POINT_TX_PAGE_SIZE,
        page,
        excludeTxTypeIds: EXCLUDED_TX_TYPES.join(","),
      },
    });
  try {
    const { answer, total, ...paging } = await askPaged(ask, query.page, POINT_TX_PAGE_SIZE);
    const chinese = prefersChinese(locale);
    const rows = answer.list
      // An operator that ignores the exclusion still does not show its internal rows.
      .filter((tx) => !(EXCLUDED_TX_TYPES as readonly number[]).includes(tx.txTypeId ?? 0))
      .map((tx) => transactionRow(tx, chinese));
    return json({ frame: query.frame, rows, ...paging, total });
  } catch (error) {
    const { notice, status } = await recordsFailure(request, error);
    return json({ frame: { ...query.frame, notice }, ...empty }, { status });
  }
}

// ── view ────────────────────────────────────────────────────────────────────────────────

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function PointTransactions() {
  const { t } = usePageTranslation();
  const { frame, rows, page, totalPages, total } = useLoaderData<typeof loader>();
  const columns: Column<Row>[] = [
    { id: "time", label: t("records_tx_time"), cell: (r) => <time>{r.time}</time> },
    { id: "txId", label: t("records_tx_id"), cell: (r) => <span className="records-code">{r.txId}</span> },
    { id: "name", label: t("records_tx_type"), cell: (r) => r.name },
    { id: "amount", label: t("points_tx_points"), numeric: true, cell: (r) => <Amount value={r.amount} /> },
    { id: "balance", label: t("points_tx_balance"), numeric: true, cell: (r) => r.balance ?? "—" },
  ];
  return (
    <section className="records-page points-transactions" aria-labelledby="points-tx-title">
      <h2 id="points-tx-title">{t("points_menu_transactions")}</h2>
      <RecordsFilter frame={frame} typeLabel="" types={[]} />
      {frame.result || frame.notice ? null : rows.length === 0 ? (
        <RecordsEmpty path={frame.path} />
      ) : (
        <>
          <RecordsTable caption={t("points_menu_transactions")} columns={columns} rows={rows} rowKey={(r) => r.txId} />
          <RecordsPager frame={frame} page={page} totalPages={totalPages} total={total} />
        </>
      )}
    </section>
  );
}
