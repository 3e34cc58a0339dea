/** SQL of the records area: betting records, account transactions and the daily profit made from both. */
import Decimal from "decimal.js";
import type { Db } from "../db";
import { dayStartOf, SHANGHAI_OFFSET_MS, type BetStatus, type ProductType, type TxTypeId } from "./seed";

export interface BetRow {
  order_no: string;
  bet_time: number;
  vendor: string;
  vendor_name: string;
  game_name_cn: string;
  game_name_en: string;
  product_type: ProductType;
  bet_amount: string;
  valid_bet: string;
  win_loss: string;
  status: BetStatus;
}

export interface TransactionRow {
  tx_id: string;
  tx_type_id: TxTypeId;
  tx_time: number;
  amount: string;
  balance_after: string;
  name_cn: string;
  name_en: string;
}

export interface Range {
  start: number;
  end: number;
}

export interface Paging {
  page: number;
  size: number;
}

const sum = <T>(rows: readonly T[], field: (row: T) => string) => rows.reduce((total, row) => total.plus(field(row)), new Decimal(0));

export interface BetFilter extends Range {
  productType?: ProductType;
  status?: BetStatus;
}

/** One page of a member's bets in the range (newest first) and the totals of every bet the filter keeps. */
export function betPage(db: Db, memberId: number, filter: BetFilter, paging: Paging) {
  const all = db
    .prepare(
      `SELECT * FROM bet_records WHERE member_id = @memberId AND bet_time BETWEEN @start AND @end
         AND (@productType IS NULL OR product_type = @productType) AND (@status IS NULL OR status = @status)
       ORDER BY bet_time DESC, order_no DESC`,
    )
    .all({
      memberId,
      start: filter.start,
      end: filter.end,
      productType: filter.productType ?? null,
      status: filter.status ?? null,
    }) as BetRow[];
  const from = (paging.page - 1) * paging.size;
  return {
    rows: all.slice(from, from + paging.size),
    total: all.length,
    // Totals are decimal sums, never SQLite's floating-point SUM of text.
    summary: {
      count: all.length,
      betAmount: sum(all, (r) => r.bet_amount).toFixed(2),
      validBet: sum(all, (r) => r.valid_bet).toFixed(2),
      winLoss: sum(all, (r) => r.win_loss).toFixed(2),
    },
  };
}

export interface TransactionFilter extends Range {
  accountTypeId: number;
  txTypeId?: number;
  exclude: readonly number[];
}

/** One page of a member's transactions of one account (newest first) and the range's money in and out. */
export function transactionPage(db: Db, memberId: number, filter: TransactionFilter, paging: Paging) {
  const all = (
    db
      .prepare(
        `SELECT * FROM account_transactions WHERE member_id = @memberId AND account_type_id = @accountTypeId
           AND tx_time BETWEEN @start AND @end AND (@txTypeId IS NULL OR tx_type_id = @txTypeId)
         ORDER BY tx_time DESC, tx_id DESC`,
      )
      .all({
        memberId,
        accountTypeId: filter.accountTypeId,
        start: filter.start,
        end: filter.end,
        txTypeId: filter.txTypeId ?? null,
      }) as TransactionRow[]
  ).filter((row) => !filter.exclude.includes(row.tx_type_id));
  const from = (paging.page - 1) * paging.size;
  let income = new Decimal(0);
  let expense = new Decimal(0);
  for (const row of all) {
    const amount = new Decimal(row.amount);
    if (amount.isNegative()) expense = expense.plus(amount);
    else income = income.plus(amount);
  }
  return {
    rows: all.slice(from, from + paging.size),
    total: all.length,
    summary: { count: all.length, income: income.toFixed(2), expense: expense.toFixed(2), net: income.plus(expense).toFixed(2) },
  };
}

/** "2026-11-22": the Shanghai date of a day start. */
export const dateOf = (dayStart: number) => new Date(dayStart + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);

const ZERO = () => ({
  betAmount: new Decimal(0),
  validBet: new Decimal(0),
  payout: new Decimal(0),
  winLoss: new Decimal(0),
  bonus: new Decimal(0),
  rebate: new Decimal(0),
});

/**
 * The member's profit and loss by Shanghai day (newest first): settled bets (stake, valid bet,
 * payout = stake + result, result) plus the bonuses and rebates credited that day; profit is
 * result + bonus + rebate. Days with none of these are left out.
 */
export function profitByDay(db: Db, memberId: number, range: Range) {
  const days = new Map<number, ReturnType<typeof ZERO>>();
  const dayOf = (time: number) => {
    const key = dayStartOf(time);
    let day = days.get(key);
    if (!day) days.set(key, (day = ZERO()));
    return day;
  };
  const bets = db
    .prepare("SELECT * FROM bet_records WHERE member_id = ? AND status = 'SETTLED' AND bet_time BETWEEN ? AND ?")
    .all(memberId, range.start, range.end) as BetRow[];
  for (const bet of bets) {
    const day = dayOf(bet.bet_time);
    day.betAmount = day.betAmount.plus(bet.bet_amount);
    day.validBet = day.validBet.plus(bet.valid_bet);
    day.winLoss = day.winLoss.plus(bet.win_loss);
    day.payout = day.payout.plus(bet.bet_amount).plus(bet.win_loss);
  }
  const credits = db
    .prepare(
      "SELECT * FROM account_transactions WHERE member_id = ? AND account_type_id = 1 AND tx_type_id IN (1401, 1501) AND tx_time BETWEEN ? AND ?",
    )
    .all(memberId, range.start, range.end) as TransactionRow[];
  for (const tx of credits) {
    const day = dayOf(tx.tx_time);
    if (tx.tx_type_id === 1401) day.bonus = day.bonus.plus(tx.amount);
    else day.rebate = day.rebate.plus(tx.amount);
  }
  const total = ZERO();
  const list = [...days.entries()]
    .sort(([a], [b]) => b - a)
    .map(([dayStart, d]) => {
      for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] = total[key].plus(d[key]);
      return { date: dateOf(dayStart), dayStart, ...money(d), profit: d.winLoss.plus(d.bonus).plus(d.rebate).toFixed(2) };
    });
  return { list, summary: { days: list.length, ...money(total), profit: total.winLoss.plus(total.bonus).plus(total.rebate).toFixed(2) } };
}

function money(d: ReturnType<typeof ZERO>) {
  return {
    betAmount: d.betAmount.toFixed(2),
    validBet: d.validBet.toFixed(2),
    payout: d.payout.toFixed(2),
    winLoss: d.winLoss.toFixed(2),
    bonus: d.bonus.toFixed(2),
    rebate: d.rebate.toFixed(2),
  };
}
