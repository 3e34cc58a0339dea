/**
 * Team loss (AGETEAMPNL3, decision 032): the team's bets and win/loss by day in a date range,
 * newest first, with how many members bet that day and the range's totals (ODSFE2_getTeamProfit).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { teamReport } from "~/features/agent/reports.server";
import { Amount, RecordsEmpty, RecordsPager, RecordsTable, type Column } from "~/features/reports/records-view";
import { RecordsFilter } from "~/features/reports/records-filter";
import { usePageTranslation } from "~/i18n/translation";

export const handle = { i18n: ["agent", "member"] };

export const loader = ({ request }: LoaderFunctionArgs) =>
  teamReport(
    request,
    "teamLoss",
    [],
    (operator, body) => operator.call("teamProfit", { body }),
    (r) => ({ date: r.date, bettors: r.bettors ?? 0 }),
  );

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function TeamLoss() {
  const { t } = usePageTranslation();
  const { frame, rows, totals, page, totalPages, total } = useLoaderData<typeof loader>();
  const columns: Column<Row>[] = [
    { id: "date", label: t("agent_date"), cell: (r) => <time>{r.date}</time> },
    { id: "bettors", label: t("agent_figure_activeMembers"), numeric: true, cell: (r) => r.bettors },
    { id: "betCount", label: t("agent_figure_betCount"), numeric: true, cell: (r) => r.betCount },
    { id: "betAmount", label: t("records_bet_amount"), numeric: true, cell: (r) => r.betAmount },
    { id: "validBet", label: t("records_valid_bet"), numeric: true, cell: (r) => r.validBet },
    { id: "winLoss", label: t("agent_team_win_loss"), numeric: true, cell: (r) => <Amount value={r.winLoss} /> },
  ];
  return (
    <section className="member-page records-page" aria-labelledby="team-loss-title">
      <h1 id="team-loss-title">{t("agent_page_teamLoss")}</h1>
      <RecordsFilter frame={frame} typeLabel="" types={[]} />
      {frame.result || frame.notice ? null : rows.length === 0 ? (
        <RecordsEmpty path={frame.path} />
      ) : (
        <>
          <RecordsTable
            caption={t("agent_page_teamLoss")}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.date}
            totals={
              totals && {
                label: t("records_totals"),
                cells: {
                  betCount: totals.betCount,
                  betAmount: totals.betAmount,
                  validBet: totals.validBet,
                  winLoss: <Amount value={totals.winLoss} />,
                },
              }
            }
          />
          <p className="field__hint">{t("agent_win_loss_hint")}</p>
          <RecordsPager frame={frame} page={page} totalPages={totalPages} total={total} />
        </>
      )}
    </section>
  );
}
