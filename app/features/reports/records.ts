/**
 * The records pages' query (betting records, account records, personal profit): one zod schema
 * for the GET filter form, read by the loaders (parseWithZod on the address) and by the form when
 * scripts run (useForm). Dates are days of the merchant's clock, Asia/Shanghai (UTC+8, no
 * daylight saving); a range is at most RECORDS_MAX_DAYS days and its last day ends 86,399,000 ms
 * after it starts (document 002, section 5, the points history's rule). Client-safe: no server code.
 */
import { BAD_PAGE } from "~/lib/paging";

export const RECORDS_MAX_DAYS = 90;
export const DAY_MS = 86_400_000;
/** The last moment of a day, from its start (document 002, section 5). */
export const DAY_END_MS = 86_399_000;
export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
/** Rows per page: the spec's page size of MemTransDet, kept for every records page. */
export const RECORDS_PAGE_SIZE = 12;
/** The range before the player chooses one: the last 7 days and today. */
export const DEFAULT_RANGE_DAYS = 7;

export const PRODUCT_TYPES = ["LIVE", "RNG", "SPORTS", "LOTT", "FISH", "PVP", "ESPORTS"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Account transaction types by the filter's value: txTypeId of the operator (decision 030). */
export const TX_TYPES = {
  deposit: 1101,
  withdrawal: 1201,
  transfer: 1301,
  bonus: 1401,
  rebate: 1501,
  adjustment: 1601,
} as const;
export type TxType = keyof typeof TX_TYPES;
export const TX_TYPE_KEYS = Object.keys(TX_TYPES) as TxType[];

export const RECORDS_MESSAGES = {
  badDate: "records_bad_date",
  endBeforeStart: "records_end_before_start",
  tooLong: "records_range_too_long",
  badType: "records_bad_type",
  badPage: BAD_PAGE,
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start (epoch ms) of a Shanghai calendar day "YYYY-MM-DD" between 2000 and 2099, or null. */
export function dayStart(date: string): number | null {
  const parts = ISO_DATE.exec(date);
  if (!parts) return null;
  const [year, month, day] = parts.slice(1).map(Number);
  if (year < 2000 || year > 2099) return null;
  const utc = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 2026-02-30 over to March: a date that does not exist is refused.
  if (new Date(utc).toISOString().slice(0, 10) !== date) return null;
  return utc - SHANGHAI_OFFSET_MS;
}

/** The Shanghai calendar date of a moment. */
export const dateOf = (time: number) => new Date(time + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
/** The date `days` after (or before) a date. */
export const addDays = (date: string, days: number) => dateOf((dayStart(date) ?? 0) + days * DAY_MS);
/** Whole days from one date to another. */
export const daysBetween = (from: string, to: string) => Math.round(((dayStart(to) ?? 0) - (dayStart(from) ?? 0)) / DAY_MS);

/** A page's longest range and the message that refuses a longer one (the points history: 30 days). */
export interface RangeLimit {
  maxDays: number;
  tooLong: string;
  hint: string;
}

export const RECORDS_LIMIT: RangeLimit = { maxDays: RECORDS_MAX_DAYS, tooLong: RECORDS_MESSAGES.tooLong, hint: "records_range_hint" };

export type QuickRange = "today" | "yesterday" | "7d" | "30d";
export const QUICK_RANGES: readonly QuickRange[] = ["today", "yesterday", "7d", "30d"];

/** A quick range's dates, counted back from today. */
export function quickRange(range: QuickRange, today: string): { start: string; end: string } {
  switch (range) {
    case "today":
      return { start: today, end: today };
    case "yesterday":
      return { start: addDays(today, -1), end: addDays(today, -1) };
    case "7d":
      return { start: addDays(today, -DEFAULT_RANGE_DAYS), end: today };
    case "30d":
      return { start: addDays(today, -30), end: today };
  }
}

/** The page's address with the filter (and a page other than the first). */
export function recordsHref(path: string, filter: { start: string; end: string; type: string }, page = 1): string {
  const params = new URLSearchParams({ start: filter.start, end: filter.end });
  if (filter.type) params.set("type", filter.type);
  if (page > 1) params.set("page", String(page));
  return `${path}?${params.toString()}`;
}

/** Names in the player's language: Chinese for CN and TW, English otherwise (decision 030). */
export const prefersChinese = (locale: string) => locale === "CN" || locale === "TW";
