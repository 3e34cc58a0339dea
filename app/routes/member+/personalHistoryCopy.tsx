import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Amount, RecordsEmpty, RecordsPager, RecordsTable, type Column } from "~/features/reports/records-view";
import { RecordsFilter } from "~/features/reports/records-filter";
import { prefersChinese, PRODUCT_TYPES, RECORDS_PAGE_SIZE, type ProductType } from "~/features/reports/records";
import { amountCell, readRecordsQuery, recordsFailure, timeText } from "~/features/reports/records.server";
import { askPaged } from "~/lib/paging";
import { getLocale } from "~/i18n/i18n.server";
import { requireMemberPage } from "~/features/member/centre.server";
import { usePageTranslation } from "~/i18n/translation";

/**
 * Betting records (document 002's personalHistoryCopy): the player's bets in a date range, by
 * product type, newest first, with the range's totals (stake, valid bet, win/loss) from the
 * operator's ODSFE2_getBettingRecords (decision 030).
 */
export const handle = { i18n: "member" };

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request }: LoaderFunctionArgs) {
  // The gate (requirePlayer, member features) and this page open to the player.
  const { operator } = await requireMemberPage(request, "personalHistoryCopy");
  const locale = await getLocale(request);
  const query = readRecordsQuery(request, PRODUCT_TYPES);
  const empty = { rows: [], totals: null, page: 1, totalPages: 1, total: 0 };
  if (!query.ok) return json({ frame: query.frame, ...empty }, { status: 400 });
  const productType = (query.frame.filter.type || undefined) as ProductType | undefined;
  const ask = (page: number) =>
    operator.call("bettingRecords", {
      body: { startTime: query.startTime, endTime: query.endTime, productType, page, size: RECORDS_PAGE_SIZE },
    });
  try {
    const { answer, total, ...paging } = await askPaged(ask, query.page, RECORDS_PAGE_SIZE);
    const chinese = prefersChinese(locale);
    const rows = answer.list.map((bet) => ({
      orderNo: bet.orderNo,
      time: timeText(bet.betTime),
      game: (chinese ? bet.gameNameCn : bet.gameNameEn) || bet.gameNameCn || bet.gameNameEn || "—",
      vendor: bet.vendorName || bet.vendor || "",
      productType: bet.productType ?? "",
      betAmount: amountCell(bet.betAmount),
      validBet: amountCell(bet.validBet),
      winLoss: amountCell(bet.winLoss),
      status: bet.status ?? "",
    }));
    const s = answer.summary;
    const totals = s ? { betAmount: amountCell(s.betAmount), validBet: amountCell(s.validBet), winLoss: amountCell(s.winLoss) } : null;
    return json({ frame: query.frame, rows, totals, ...paging, total });
  } catch (error) {
    const { notice, status } = await recordsFailure(request, error);
    return json({ frame: { ...query.frame, notice }, ...empty }, { status });
  }
}

// ── view ────────────────────────────────────────────────────────────────────────────────

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function BettingRecords() {
  const { t } = usePageTranslation();
  const { frame, rows, totals, page, totalPages, total } = useLoaderData<typeof loader>();
  const columns: Column<Row>[] = [
    { id: "time", label: t("records_bet_time"), cell: (r) => <time>{r.time}</time> },
    { id: "orderNo", label: t("records_order_no"), cell: (r) => <span className="records-code">{r.orderNo}</span> },
    {
      id: "game",
      label: t("records_game"),
      cell: (r) => (
        <span className="records-game">
          {r.game}
          <small>
            {r.vendor}
            {r.productType ? ` · ${t(`records_product_${r.productType}`)}` : ""}
          </small>
        </span>
      ),
    },
    { id: "betAmount", label: t("records_bet_amount"), numeric: true, cell: (r) => r.betAmount.text },
    { id: "validBet", label: t("records_valid_bet"), numeric: true, cell: (r) => r.validBet.text },
    { id: "winLoss", label: t("records_win_loss"), numeric: true, cell: (r) => <Amount value={r.winLoss} /> },
    {
      id: "status",
      label: t("records_status"),
      cell: (r) => (
        <span className={`badge records-status records-status--${r.status.toLowerCase()}`}>{t(`records_status_${r.status}`)}</span>
      ),
    },
  ];
  return (
    <section className="member-page records-page" aria-labelledby="records-title">
      <h1 id="records-title">{t("records_bets_title")}</h1>
      <RecordsFilter
        frame={frame}
        typeLabel={t("records_product_type")}
        types={PRODUCT_TYPES.map((type) => ({ value: type, label: t(`records_product_${type}`) }))}
      />
      {frame.result || frame.notice ? null : rows.length === 0 ? (
        <RecordsEmpty path={frame.path} />
      ) : (
        <>
          <RecordsTable
            caption={t("records_bets_title")}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.orderNo}
            totals={
              totals && {
                label: t("records_totals"),
                cells: {
                  betAmount: totals.betAmount.text,
                  validBet: totals.validBet.text,
                  winLoss: <Amount value={totals.winLoss} />,
                },
              }
            }
          />
          <RecordsPager frame={frame} page={page} totalPages={totalPages} total={total} />
        </>
      )}
    </section>
  );
}
