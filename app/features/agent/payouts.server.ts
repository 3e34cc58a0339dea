/**
 * The agent's payouts (decision 032): my income (every kind), dividend records, both kinds of
 * daily wages, hourly and real-time salary. One operator call (MCSFE_getAgentIncome) filtered by
 * kind; one loader and one view for the five pages, each with the records pages' range filter,
 * paging and total.
 */
import { json } from "@remix-run/node";
import { requireAgentPage } from "~/features/agent/centre.server";
import { amountCell, plainAmount, withoutStrayType } from "~/features/agent/format.server";
import type { AgentPage } from "~/features/agent/pages";
import { RECORDS_PAGE_SIZE } from "~/features/reports/records";
import { readRecordsQuery, recordsFailure, timeText } from "~/features/reports/records.server";
import { askPaged } from "~/lib/paging";
import { formatRate } from "~/lib/money";

export const PAYOUT_KINDS = ["DIVIDEND", "DAILY", "DAILY_MR", "HOURLY", "REALTIME", "COMMISSION"] as const;

/** The kinds each page shows; a page with more than one filters by them. */
export const PAGE_KINDS = {
  palStatementsAgentCopy: PAYOUT_KINDS,
  agentDividendRecordCopy2: ["DIVIDEND"],
  agentDailyWages2: ["DAILY", "DAILY_MR"],
  agentHourSalary: ["HOURLY"],
  agentRealtimeSalary: ["REALTIME"],
} as const satisfies Partial<Record<AgentPage, readonly string[]>>;
export type PayoutPage = keyof typeof PAGE_KINDS;

export async function payoutLoader(request: Request, page: PayoutPage) {
  const { operator } = await requireAgentPage(request, page);
  const kinds: readonly string[] = PAGE_KINDS[page];
  const filterable = kinds.length > 1 ? kinds : [];
  const query = readRecordsQuery(withoutStrayType(request, filterable), filterable);
  const empty = { page, kinds: filterable, rows: [], total: 0, sum: null, current: 1, totalPages: 1 };
  if (!query.ok) return json({ frame: query.frame, ...empty }, { status: 400 });
  const chosen = query.frame.filter.type ? [query.frame.filter.type] : kinds;
  const ask = (p: number) =>
    operator.call("agentIncome", {
      body: { startTime: query.startTime, endTime: query.endTime, kinds: chosen, page: p, size: RECORDS_PAGE_SIZE },
    });
  try {
    const { answer, total, ...paging } = await askPaged(ask, query.page, RECORDS_PAGE_SIZE);
    const rows = answer.list.map((p) => ({
      id: p.id,
      kind: p.kind,
      productType: p.productType ?? "",
      period: p.period ?? "",
      basis: plainAmount(p.basis),
      rate: formatRate(p.rate) ?? "—",
      amount: amountCell(p.amount),
      status: p.status ?? "",
      paid: p.paidTime ? timeText(p.paidTime) : "—",
    }));
    const sum = answer.summary ? amountCell(answer.summary.amount) : null;
    return json({ frame: query.frame, ...empty, rows, total, sum, current: paging.page, totalPages: paging.totalPages });
  } catch (error) {
    const { notice, status } = await recordsFailure(request, error);
    return json({ frame: { ...query.frame, notice }, ...empty }, { status });
  }
}
