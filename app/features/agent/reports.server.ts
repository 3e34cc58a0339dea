/**
 * The team reports' loader (team betting, team loss; decision 032): the member records' range
 * query, one operator call a page (a page past the end asked again as the last), each row's bet
 * figures formatted, the range's totals, and a failure as the page's notice.
 */
import { json } from "@remix-run/node";
import { requireAgentPage, type AgentContext } from "~/features/agent/centre.server";
import { amountCell, plainAmount, withoutStrayType } from "~/features/agent/format.server";
import type { AgentPage } from "~/features/agent/pages";
import { RECORDS_PAGE_SIZE } from "~/features/reports/records";
import { readRecordsQuery, recordsFailure } from "~/features/reports/records.server";
import { askPaged } from "~/lib/paging";

interface Figures {
  betCount?: number | null;
  betAmount: string;
  validBet: string;
  winLoss: string;
}

export const betFigures = (f: Figures) => ({
  betCount: f.betCount ?? 0,
  betAmount: plainAmount(f.betAmount),
  validBet: plainAmount(f.validBet),
  winLoss: amountCell(f.winLoss),
});

export type ReportBody = {
  startTime: number;
  endTime: number;
  productType?: string;
  page: number;
  size: number;
};

export async function teamReport<R extends Figures, Row>(
  request: Request,
  page: AgentPage,
  types: readonly string[],
  ask: (operator: AgentContext["operator"], body: ReportBody) => Promise<{ list: R[]; total?: number | null; summary?: Figures | null }>,
  rowOf: (r: R) => Row,
) {
  const { operator } = await requireAgentPage(request, page);
  const query = readRecordsQuery(withoutStrayType(request, types), types);
  const empty = { rows: [] as (Row & ReturnType<typeof betFigures>)[], totals: null, page: 1, totalPages: 1, total: 0 };
  if (!query.ok) return json({ frame: query.frame, ...empty }, { status: 400 });
  const productType = query.frame.filter.type || undefined;
  const call = (p: number) =>
    ask(operator, { startTime: query.startTime, endTime: query.endTime, productType, page: p, size: RECORDS_PAGE_SIZE });
  try {
    const { answer, total, ...paging } = await askPaged(call, query.page, RECORDS_PAGE_SIZE);
    const rows = answer.list.map((r) => ({ ...rowOf(r), ...betFigures(r) }));
    const totals = answer.summary ? betFigures(answer.summary) : null;
    return json({ frame: query.frame, rows, totals, ...paging, total });
  } catch (error) {
    const { notice, status } = await recordsFailure(request, error);
    return json({ frame: { ...query.frame, notice }, ...empty }, { status });
  }
}
