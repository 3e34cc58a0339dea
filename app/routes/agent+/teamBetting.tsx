/**
 * Team betting (TEAMBETTING3, decision 032): each team member's bets in a date range, by product
 * type, biggest valid bet first, with the team's totals (ODSFE2_getTeamBetting).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { teamReport } from "~/features/agent/reports.server";
import { agentHref } from "~/features/agent/pages";
import { PRODUCT_TYPES } from "~/features/reports/records";
import { Amount, RecordsEmpty, RecordsPager, RecordsTable, type Column } from "~/features/reports/records-view";
import { RecordsFilter } from "~/features/reports/records-filter";
import { usePageTranslation } from "~/i18n/translation";

export const handle = { i18n: ["agent", "member"] };

export const loader = ({ request }: LoaderFunctionArgs) =>
  teamReport(
    request,
    "teamBetting",
    PRODUCT_TYPES,
    (operator, body) => operator.call("teamBetting", { body }),
    (r) => ({ username: r.username, level: r.level ?? 1 }),
  );

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function TeamBetting() {
  const { t } = usePageTranslation();
  const { frame, rows, totals, page, totalPages, total } = useLoaderData<typeof loader>();
  const columns: Column<Row>[] = [
    {
      id: "username",
      label: t("agent_username"),
      cell: (r) => <Link to={agentHref("downlineDetails", { username: r.username })}>{r.username}</Link>,
    },
    { id: "level", label: t("agent_level"), cell: (r) => t("agent_level_n", { level: r.level }) },
    { id: "betCount", label: t("agent_figure_betCount"), numeric: true, cell: (r) => r.betCount },
    { id: "betAmount", label: t("records_bet_amount"), numeric: true, cell: (r) => r.betAmount },
    { id: "validBet", label: t("records_valid_bet"), numeric: true, cell: (r) => r.validBet },
    { id: "winLoss", label: t("records_win_loss"), numeric: true, cell: (r) => <Amount value={r.winLoss} /> },
  ];
  return (
    <section className="member-page records-page" aria-labelledby="team-betting-title">
      <h1 id="team-betting-title">{t("agent_page_teamBetting")}</h1>
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
            caption={t("agent_page_teamBetting")}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.username}
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
