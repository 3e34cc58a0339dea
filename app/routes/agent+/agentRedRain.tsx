/**
 * Red envelopes (agentRedRain, decision 032): the red-envelope rains the agent has run for the
 * team in a date range: when, the total and how much of it was claimed, how many envelopes and
 * how many were opened, running or ended (MCSFE_getRedEnvelopes).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAgentPage } from "~/features/agent/centre.server";
import { plainAmount, timeOrDash, withoutStrayType } from "~/features/agent/format.server";
import { readRecordsQuery, recordsFailure } from "~/features/reports/records.server";
import { askPaged } from "~/lib/paging";
import { RECORDS_PAGE_SIZE } from "~/features/reports/records";
import { RecordsEmpty, RecordsPager, RecordsTable, type Column } from "~/features/reports/records-view";
import { RecordsFilter } from "~/features/reports/records-filter";
import { usePageTranslation } from "~/i18n/translation";

export const handle = { i18n: ["agent", "member"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { operator } = await requireAgentPage(request, "agentRedRain");
  const query = readRecordsQuery(withoutStrayType(request, []), []);
  const empty = { rows: [], page: 1, totalPages: 1, total: 0 };
  if (!query.ok) return json({ frame: query.frame, ...empty }, { status: 400 });
  try {
    // A page past the end (an old link, a typed address) is drawn as the last page, not empty.
    const { answer, total, page, totalPages } = await askPaged(
      (page) =>
        operator.call("redEnvelopes", { body: { startTime: query.startTime, endTime: query.endTime, page, size: RECORDS_PAGE_SIZE } }),
      query.page,
      RECORDS_PAGE_SIZE,
    );
    const rows = answer.list.map((e) => ({
      id: e.id,
      title: e.title,
      created: timeOrDash(e.createdTime),
      ends: timeOrDash(e.endTime),
      total: plainAmount(e.totalAmount),
      claimed: plainAmount(e.claimedAmount),
      envelopes: `${e.claimedCount} / ${e.count}`,
      running: e.status === "RUNNING",
    }));
    return json({ frame: query.frame, rows, total, page, totalPages });
  } catch (error) {
    const { notice, status } = await recordsFailure(request, error);
    return json({ frame: { ...query.frame, notice }, ...empty }, { status });
  }
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function RedEnvelopes() {
  const { t } = usePageTranslation();
  const { frame, rows, page, totalPages, total } = useLoaderData<typeof loader>();
  const columns: Column<Row>[] = [
    { id: "title", label: t("agent_envelope_title"), cell: (r) => r.title },
    { id: "created", label: t("agent_envelope_start"), cell: (r) => <time>{r.created}</time> },
    { id: "ends", label: t("agent_envelope_end"), cell: (r) => <time>{r.ends}</time> },
    { id: "total", label: t("agent_envelope_total"), numeric: true, cell: (r) => r.total },
    { id: "claimed", label: t("agent_envelope_claimed"), numeric: true, cell: (r) => r.claimed },
    { id: "envelopes", label: t("agent_envelope_opened"), numeric: true, cell: (r) => r.envelopes },
    {
      id: "status",
      label: t("records_status"),
      cell: (r) => (
        <span className={r.running ? "badge badge--pending" : "badge"}>
          {t(r.running ? "agent_envelope_running" : "agent_envelope_ended")}
        </span>
      ),
    },
  ];
  return (
    <section className="member-page records-page" aria-labelledby="red-title">
      <h1 id="red-title">{t("agent_page_agentRedRain")}</h1>
      <RecordsFilter frame={frame} typeLabel="" types={[]} />
      {frame.result || frame.notice ? null : rows.length === 0 ? (
        <RecordsEmpty path={frame.path} />
      ) : (
        <>
          <RecordsTable caption={t("agent_page_agentRedRain")} columns={columns} rows={rows} rowKey={(r) => r.id} />
          <RecordsPager frame={frame} page={page} totalPages={totalPages} total={total} />
        </>
      )}
    </section>
  );
}
