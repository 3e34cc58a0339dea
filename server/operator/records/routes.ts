/**
 * The records relays (document 002's betting record, account record and personal loss pages):
 * ODSFE2_getBettingRecords, ODSFE2_MemTransDet (the spec's call; accountTypeId 1 is the main
 * account, 9 the points the points mall will read) and ODSFE2_getPersonalProfit. Paths and
 * answers are the project's choice (docs/decisions/030-member-records.md). Times are epoch ms,
 * money decimal strings. A range must be sane (both ends, end ≥ start, at most RANGE_MAX_DAYS)
 * and a page within [1, MAX_PAGE_SIZE] rows, else 400 request.invalid.
 */
import { fail, isRecord, ok, sessionOf, type Reply, type RouteContext } from "../http";
import type { RelayDef } from "../relay";
import { BET_STATUSES, DAY_MS, PRODUCT_TYPES, type BetStatus, type ProductType } from "./seed";
import { betPage, profitByDay, transactionPage, type BetRow, type Paging, type Range, type TransactionRow } from "./store";

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
/** The longest range asked in one call: the portal's 90 days with room for the last day's end. */
export const RANGE_MAX_DAYS = 92;
const MAX_PAGE = 100_000;
/** Earliest time accepted (2000-01-01) and the latest (2100-01-01): anything else is a mistake. */
const TIME_MIN = 946_684_800_000;
const TIME_MAX = 4_102_444_800_000;

type Body = Record<string, unknown>;
type Read<T> = { ok: true; value: T } | { ok: false };
const bad = { ok: false } as const;

/** A whole number field: a JSON number or a string of digits. */
function integer(value: unknown): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" && /^-?\d{1,16}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) ? n : null;
}

function readRange(body: Body): Read<Range> {
  const start = integer(body.startTime);
  const end = integer(body.endTime);
  if (start === null || end === null || start < TIME_MIN || end > TIME_MAX || end < start) return bad;
  if (end - start > RANGE_MAX_DAYS * DAY_MS) return bad;
  return { ok: true, value: { start, end } };
}

function readPaging(body: Body): Read<Paging> {
  const page = body.page === undefined ? 1 : integer(body.page);
  const size = body.size === undefined ? DEFAULT_PAGE_SIZE : integer(body.size);
  if (page === null || size === null || page < 1 || page > MAX_PAGE || size < 1 || size > MAX_PAGE_SIZE) return bad;
  return { ok: true, value: { page, size } };
}

/** An optional code among the allowed ones: absent or blank is none, anything else unknown is bad. */
function readCode<T extends string>(value: unknown, allowed: readonly T[]): Read<T | undefined> {
  if (value === undefined || value === null || value === "") return { ok: true, value: undefined };
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) return bad;
  return { ok: true, value: value as T };
}

const invalid = (ctx: RouteContext) => fail(ctx.lang, "request.invalid", { status: 400 });
const bodyOf = (ctx: RouteContext): Body => (isRecord(ctx.body) ? ctx.body : {});
const pageInfo = (paging: Paging, total: number) => ({ ...paging, total, totalPages: Math.ceil(total / paging.size) });

const betJson = (bet: BetRow) => ({
  orderNo: bet.order_no,
  betTime: bet.bet_time,
  vendor: bet.vendor,
  vendorName: bet.vendor_name,
  gameNameCn: bet.game_name_cn,
  gameNameEn: bet.game_name_en,
  productType: bet.product_type,
  betAmount: bet.bet_amount,
  validBet: bet.valid_bet,
  winLoss: bet.win_loss,
  status: bet.status,
});

const transactionJson = (tx: TransactionRow) => ({
  txId: tx.tx_id,
  txTypeId: tx.tx_type_id,
  txTimeInTimestamp: tx.tx_time,
  amount: tx.amount,
  currentAvailBalance: tx.balance_after,
  nameCn: tx.name_cn,
  nameEn: tx.name_en,
});

function bettingRecords(ctx: RouteContext): Reply {
  const body = bodyOf(ctx);
  const range = readRange(body);
  const paging = readPaging(body);
  const productType = readCode<ProductType>(body.productType, PRODUCT_TYPES);
  const status = readCode<BetStatus>(body.status, BET_STATUSES);
  if (!range.ok || !paging.ok || !productType.ok || !status.ok) return invalid(ctx);
  const page = betPage(
    ctx.runtime.db,
    sessionOf(ctx).member.id,
    { ...range.value, productType: productType.value, status: status.value },
    paging.value,
  );
  return ok({ list: page.rows.map(betJson), ...pageInfo(paging.value, page.total), summary: page.summary });
}

/** excludeTxTypeIds as the spec sends it (9203), a list, or "a,b". */
function idList(value: unknown): number[] | null {
  if (value === undefined || value === null || value === "") return [];
  const parts = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [value];
  if (parts.length > 50) return null;
  const ids = parts.map(integer);
  return ids.every((id): id is number => id !== null) ? ids : null;
}

function memberTransactions(ctx: RouteContext): Reply {
  const { member } = sessionOf(ctx);
  const body = bodyOf(ctx);
  const range = readRange(body);
  const paging = readPaging(body);
  const accountTypeId = body.accountTypeId === undefined ? 1 : integer(body.accountTypeId);
  const txTypeId = body.txTypeId === undefined || body.txTypeId === null || body.txTypeId === "" ? undefined : integer(body.txTypeId);
  const exclude = idList(body.excludeTxTypeIds);
  if (!range.ok || !paging.ok || accountTypeId === null || txTypeId === null || exclude === null) return invalid(ctx);
  // A member reads their own records; subordinateName names them (agents' downlines are the agent centre's).
  const name = typeof body.subordinateName === "string" ? body.subordinateName.trim() : "";
  if (name !== "" && name.toLowerCase() !== member.username.toLowerCase()) return invalid(ctx);
  const page = transactionPage(ctx.runtime.db, member.id, { ...range.value, accountTypeId, txTypeId, exclude }, paging.value);
  return ok({ list: page.rows.map(transactionJson), ...pageInfo(paging.value, page.total), summary: page.summary });
}

function personalProfit(ctx: RouteContext): Reply {
  const range = readRange(bodyOf(ctx));
  if (!range.ok) return invalid(ctx);
  return ok(profitByDay(ctx.runtime.db, sessionOf(ctx).member.id, range.value));
}

export const recordsRelays: RelayDef[] = [
  { service: "ODSFE2", operation: "getBettingRecords", access: "session", handler: bettingRecords },
  { service: "ODSFE2", operation: "MemTransDet", access: "session", handler: memberTransactions },
  { service: "ODSFE2", operation: "getPersonalProfit", access: "session", handler: personalProfit },
];
