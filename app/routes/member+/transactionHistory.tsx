import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Amount, RecordsEmpty, RecordsPager, RecordsTable, type Column } from "~/features/reports/records-view";
import { RecordsFilter } from "~/features/reports/records-filter";
import { prefersChinese, RECORDS_PAGE_SIZE, TX_TYPE_KEYS, TX_TYPES, type TxType } from "~/features/reports/records";
import { amountCell, readRecordsQuery, recordsFailure, transactionRow } from "~/features/reports/records.server";
import { askPaged } from "~/lib/paging";
import { getLocale } from "~/i18n/i18n.server";
import { requireMemberPage } from "~/features/member/centre.server";
import { usePageTranslation } from "~/i18n/translation";

/**
 * Account records (document 002's transactionHistory): the main account's transactions in a
 * date range (deposits, withdrawals, transfers, bonuses, rebates, adjustments), newest first,
 * with the balance after each and the range's money in and out. The spec's MemTransDet call
 * with the main account, accountTypeId 1 (decision 030).
 */
export const handle = { i18n: "member" };

/** The main account of MemTransDet (the points mall reads 9). */
const MAIN_ACCOUNT = 1;

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request }: LoaderFunctionArgs) {
  // The gate (requirePlayer, member features) and this page open to the player.
  const { session, operator } = await requireMemberPage(request, "transactionHistory");
  const locale = await getLocale(request);
  const query = readRecordsQuery(request, TX_TYPE_KEYS);
  const empty = { rows: [], totals: null, page: 1, totalPages: 1, total: 0 };
  if (!query.ok) return json({ frame: query.frame, ...empty }, { status: 400 });
  const type = query.frame.filter.type as TxType | "";
  const ask = (page: number) =>
    operator.call("accountTransactions", {
      body: {
        subordinateName: String(session.get("account") ?? ""),
        startTime: query.startTime,
        endTime: query.endTime,
        accountTypeId: MAIN_ACCOUNT,
        txTypeId: type ? TX_TYPES[type] : undefined,
        size: RECORDS_PAGE_SIZE,
        page,
      },
    });
  try {
    const { answer, total, ...paging } = await askPaged(ask, query.page, RECORDS_PAGE_SIZE);
    const chinese = prefersChinese(locale);
    const rows = answer.list.map((tx) => transactionRow(tx, chinese));
    const s = answer.summary;
    const totals = s ? { income: amountCell(s.income), expense: amountCell(s.expense), net: amountCell(s.net) } : null;
    return json({ frame: query.frame, rows, totals, ...paging, total });
  } catch (error) {
    const { notice, status } = await recordsFailure(request, error);
    return json({ frame: { ...query.frame, notice }, ...empty }, { status });
  }
}

// ── view ────────────────────────────────────────────────────────────────────────────────

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AccountRecords() {
  const { t } = usePageTranslation();
  const { frame, rows, totals, page, totalPages, total } = useLoaderData<typeof loader>();
  const columns: Column<Row>[] = [
    { id: "time", label: t("records_tx_time"), cell: (r) => <time>{r.time}</time> },
    { id: "txId", label: t("records_tx_id"), cell: (r) => <span className="records-code">{r.txId}</span> },
    { id: "name", label: t("records_tx_type"), cell: (r) => r.name },
    { id: "amount", label: t("records_amount"), numeric: true, cell: (r) => <Amount value={r.amount} /> },
    { id: "balance", label: t("records_balance_after"), numeric: true, cell: (r) => r.balance ?? "—" },
  ];
  return (
    <section className="member-page records-page" aria-labelledby="records-title">
      <h1 id="records-title">{t("records_account_title")}</h1>
      <RecordsFilter
        frame={frame}
        typeLabel={t("records_tx_type")}
        types={TX_TYPE_KEYS.map((key) => ({ value: key, label: t(`records_tx_${key}`) }))}
      />
      {frame.result || frame.notice ? null : rows.length === 0 ? (
        <RecordsEmpty path={frame.path} />
      ) : (
        <>
          {totals ? (
            <dl className="records-summary stat-grid" data-testid="records-summary">
              <div>
                <dt>{t("records_income")}</dt>
                <dd>
                  <Amount value={totals.income} />
                </dd>
              </div>
              <div>
                <dt>{t("records_expense")}</dt>
                <dd>
                  <Amount value={totals.expense} />
                </dd>
              </div>
              <div>
                <dt>{t("records_net")}</dt>
                <dd>
                  <Amount value={totals.net} />
                </dd>
              </div>
            </dl>
          ) : null}
          <RecordsTable
            caption={t("records_account_title")}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.txId}
            totals={totals && { label: t("records_totals"), cells: { amount: <Amount value={totals.net} /> } }}
          />
          <RecordsPager frame={frame} page={page} totalPages={totalPages} total={total} />
        </>
      )}
    </section>
  );
}
