import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Amount, RecordsEmpty, RecordsPager, RecordsTable, type Column } from "~/features/reports/records-view";
import { RecordsFilter } from "~/features/reports/records-filter";
import { RECORDS_PAGE_SIZE } from "~/features/reports/records";
import { amountCell, readRecordsQuery, recordsFailure, sumOf } from "~/features/reports/records.server";
import { pageOfList } from "~/lib/paging";
import { formatAmount } from "~/lib/money.server";
import { requireMemberPage } from "~/features/member/centre.server";
import { usePageTranslation } from "~/i18n/translation";

/**
 * Personal profit and loss (document 002's personalProfit): by day in a date range, the settled
 * stakes, valid bets, payouts, bonuses, rebates and the profit, newest day first, with the
 * range's totals summed here with decimal.js. ODSFE2_getPersonalProfit answers every day of the
 * range at once (at most 90), so the pages are cut here (decision 030).
 */
export const handle = { i18n: "member" };

const FIGURES = ["betAmount", "validBet", "payout", "bonus", "rebate", "profit"] as const;
type Figure = (typeof FIGURES)[number];

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request }: LoaderFunctionArgs) {
  // The gate (requirePlayer, member features) and this page open to the player.
  const { operator } = await requireMemberPage(request, "personalProfit");
  const query = readRecordsQuery(request, []);
  const empty = { rows: [], totals: null, page: 1, totalPages: 1, total: 0 };
  if (!query.ok) return json({ frame: query.frame, ...empty }, { status: 400 });
  try {
    const answer = await operator.call("personalProfit", {
      body: { startTime: query.startTime, endTime: query.endTime },
    });
    const days = answer.list;
    const { rows: shown, ...paging } = pageOfList(days, RECORDS_PAGE_SIZE, query.page);
    const cells = (d: Record<Figure, string>) =>
      Object.fromEntries(
        FIGURES.map((f) => [f, f === "profit" ? amountCell(d[f]) : { text: amountCell(d[f]).text, tone: "even" as const }]),
      );
    const rows = shown.map((d) => ({ date: d.date, ...(cells(d) as Record<Figure, ReturnType<typeof amountCell>>) }));
    // The range's totals: every day, not only this page's.
    const totals = days.length
      ? (Object.fromEntries(
          FIGURES.map((f) => {
            const sum = sumOf(days, (d) => d[f]);
            return [f, f === "profit" ? amountCell(sum.toFixed(2)) : { text: formatAmount(sum), tone: "even" as const }];
          }),
        ) as Record<Figure, ReturnType<typeof amountCell>>)
      : null;
    return json({ frame: query.frame, rows, totals, ...paging });
  } catch (error) {
    const { notice, status } = await recordsFailure(request, error);
    return json({ frame: { ...query.frame, notice }, ...empty }, { status });
  }
}

// ── view ────────────────────────────────────────────────────────────────────────────────

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function PersonalProfit() {
  const { t } = usePageTranslation();
  const { frame, rows, totals, page, totalPages, total } = useLoaderData<typeof loader>();
  const columns: Column<Row>[] = [
    { id: "date", label: t("records_date"), cell: (r) => <time dateTime={r.date}>{r.date}</time> },
    ...FIGURES.map((f): Column<Row> => ({
      id: f,
      label: t(`records_profit_${f}`),
      numeric: true,
      cell: (r) => (f === "profit" ? <Amount value={r[f]} /> : r[f].text),
    })),
  ];
  return (
    <section className="member-page records-page" aria-labelledby="records-title">
      <h1 id="records-title">{t("records_profit_title")}</h1>
      <RecordsFilter frame={frame} typeLabel="" types={[]} />
      {frame.result || frame.notice ? null : rows.length === 0 ? (
        <RecordsEmpty path={frame.path} hint={t("records_profit_empty_hint")} />
      ) : (
        <>
          {totals ? (
            <p className="records-headline" data-testid="records-profit">
              {t("records_profit_total")} <Amount value={totals.profit} />
            </p>
          ) : null}
          <RecordsTable
            caption={t("records_profit_title")}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.date}
            totals={
              totals && {
                label: t("records_totals"),
                cells: Object.fromEntries(FIGURES.map((f) => [f, f === "profit" ? <Amount value={totals[f]} /> : totals[f].text])),
              }
            }
          />
          <RecordsPager frame={frame} page={page} totalPages={totalPages} total={total} />
        </>
      )}
    </section>
  );
}
