/**
 * The server half of the records pages (betting records, account records, personal profit): the
 * query read from the address with the one schema of records.ts (defaults filled in first, so a
 * bare /member/personalHistoryCopy shows the last 7 days), the range as epoch milliseconds, the
 * operator's rows shaped for the view (times in the merchant's day, amounts with decimal.js and a
 * tone for the colour), and what a refused query or a failed call answers: a 400 with the
 * message beside the filter, or the catalogue's notice — never a 5xx of our own.
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { FormConstraint } from "~/components/client-check";
import type { SubmissionResult } from "@conform-to/react";
import Decimal from "decimal.js";
import { formatAmount, toMoney } from "~/lib/money";
import { handleOperatorError } from "~/operator/operator.server";
import { failureStatus, operatorFailure, type Notice } from "~/operator/errors";
import {
  addDays,
  DAY_END_MS,
  dateOf,
  dayStart,
  DEFAULT_RANGE_DAYS,
  QUICK_RANGES,
  quickRange,
  recordsHref,
  RECORDS_LIMIT,
  SHANGHAI_OFFSET_MS,
  type QuickRange,
  type RangeLimit,
} from "./records";
import { recordsQuerySchema } from "./records-schema";

export interface RecordsFilter {
  start: string;
  end: string;
  type: string;
}

/** What every records page shows around its table. */
export interface RecordsFrame {
  path: string;
  filter: RecordsFilter;
  quick: { id: QuickRange; href: string; current: boolean }[];
  /** conform's reply for a refused query (field errors beside the filter), else null. */
  result: SubmissionResult<string[]> | null;
  notice: Notice | null;
  limit: RangeLimit;
  /** The filter's HTML constraints; its schema reaches the browser after the page (decision 043). */
  constraint?: FormConstraint;
}

export type RecordsQueryRead =
  { ok: true; frame: RecordsFrame; startTime: number; endTime: number; page: number } | { ok: false; frame: RecordsFrame };

const FIELDS = ["start", "end", "type", "page"] as const;
/** Longest value echoed back into the form: anything longer is refused anyway. */
const ECHO_MAX = 40;

/** Today in the merchant's day (Asia/Shanghai). */
export const today = (now = Date.now()) => dateOf(now);

function quickLinks(path: string, filter: RecordsFilter, now: number, limit: RangeLimit): RecordsFrame["quick"] {
  // A quick range longer than the page allows is not offered.
  return QUICK_RANGES.filter((id) => id !== "30d" || limit.maxDays >= 30).map((id) => {
    const range = quickRange(id, today(now));
    const current = range.start === filter.start && range.end === filter.end;
    return { id, href: recordsHref(path, { ...range, type: filter.type }), current };
  });
}

/**
 * The query of a records page. The first value of each field counts (a repeated parameter is
 * not an error); absent dates become the default range: the 7 days before the end, which is
 * today unless given.
 */
export function readRecordsQuery(
  request: Request,
  types: readonly string[],
  now = Date.now(),
  limit: RangeLimit = RECORDS_LIMIT,
): RecordsQueryRead {
  const url = new URL(request.url);
  const given = Object.fromEntries(FIELDS.map((name) => [name, url.searchParams.get(name)?.trim() ?? ""]));
  const end = given.end || today(now);
  const start = given.start || (dayStart(end) === null ? addDays(today(now), -DEFAULT_RANGE_DAYS) : addDays(end, -DEFAULT_RANGE_DAYS));
  const params = new URLSearchParams();
  params.set("start", start);
  params.set("end", end);
  if (given.type) params.set("type", given.type);
  if (given.page) params.set("page", given.page);
  const schema = recordsQuerySchema(types, limit);
  const submission = parseWithZod(params, { schema });
  const echo = (v: string) => [...v].slice(0, ECHO_MAX).join("");
  const filter = { start: echo(start), end: echo(end), type: echo(given.type) };
  const frame: RecordsFrame = {
    path: url.pathname,
    filter,
    quick: quickLinks(url.pathname, filter, now, limit),
    result: null,
    notice: null,
    limit,
    constraint: getZodConstraint(schema),
  };
  if (submission.status !== "success") return { ok: false, frame: { ...frame, result: submission.reply() } };
  const value = submission.value;
  const startTime = dayStart(value.start ?? start)!;
  const endTime = dayStart(value.end ?? end)! + DAY_END_MS;
  return { ok: true, frame, startTime, endTime, page: value.page ?? 1 };
}

/** A failed operator call as the page's notice and status (the catalogue may end the session: that throws). */
export async function recordsFailure(request: Request, error: unknown): Promise<{ notice: Notice; status: 400 | 503 }> {
  const failure = operatorFailure(error);
  const notice = await handleOperatorError(request, failure);
  return { notice: notice ?? { key: "unknown_error" }, status: failureStatus(failure) };
}

export type Tone = "win" | "loss" | "even";

/** An amount for a table cell: grouped, two decimals, and its sign as a tone. */
export function amountCell(value: string | null | undefined): { text: string; tone: Tone } {
  const amount = toMoney(value) ?? new Decimal(0);
  return { text: formatAmount(amount), tone: amount.isZero() ? "even" : amount.isNegative() ? "loss" : "win" };
}

/** "2026-11-22 13:45:07" in the merchant's day. */
export function timeText(time: number): string {
  return new Date(time + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** The sum of amounts with decimal.js (absent values count as zero). */
export function sumOf<T>(rows: readonly T[], pick: (row: T) => string | null | undefined): Decimal {
  return rows.reduce((total, row) => total.plus(toMoney(pick(row)) ?? 0), new Decimal(0));
}

/** A MemTransDet row (the main account's or the points'): its name in the player's language, the amount and the balance after. */
export function transactionRow(
  tx: {
    txId: string;
    txTimeInTimestamp: number;
    nameCn?: string | null;
    nameEn?: string | null;
    amount: string;
    currentAvailBalance?: string | null;
  },
  chinese: boolean,
) {
  return {
    txId: tx.txId,
    time: timeText(tx.txTimeInTimestamp),
    name: (chinese ? tx.nameCn : tx.nameEn) || tx.nameCn || tx.nameEn || "—",
    amount: amountCell(tx.amount),
    balance: tx.currentAvailBalance == null ? null : amountCell(tx.currentAvailBalance).text,
  };
}
