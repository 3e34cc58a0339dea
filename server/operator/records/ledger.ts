/**
 * The one ledger (decision 037): every money move of the main account writes its row here, inside
 * the SQLite transaction that changed the balance, so account records hold every move and each
 * row's balance after is the wallet's real balance at that moment, not a sum of earlier rows.
 */
import Decimal from "decimal.js";
import type { Db } from "../db";
import { MAIN_ACCOUNT_TYPE_ID, type TxTypeId } from "./seed";

/** Types of moves made through the operator after the seed (decision 037); 1701 is the points mall's. */
export type LedgerTxType = TxTypeId | 1701;

export interface MoneyMove {
  memberId: number;
  txTypeId: LedgerTxType;
  /** Signed: money in is positive. */
  amount: Decimal;
  now: number;
  name: { cn: string; en: string };
}

/**
 * Writes one main-account row for a move whose balance change has just been made. Must run inside
 * the caller's transaction: a move and its row commit together or not at all.
 */
export function recordMoneyMove(db: Db, move: MoneyMove): void {
  if (!db.inTransaction) throw new Error("a money move is recorded inside the transaction that made it");
  const held = db.prepare("SELECT balance FROM wallets WHERE member_id = ?").get(move.memberId) as { balance: string } | undefined;
  // rowid only grows (rows are never deleted), so the next id is unique across restarts of a file database.
  const next = (db.prepare("SELECT COALESCE(MAX(rowid), 0) + 1 AS n FROM account_transactions").get() as { n: number }).n;
  db.prepare(
    `INSERT INTO account_transactions (tx_id, member_id, account_type_id, tx_type_id, tx_time, amount, balance_after, name_cn, name_en)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    `LG${String(next).padStart(8, "0")}`,
    move.memberId,
    MAIN_ACCOUNT_TYPE_ID,
    move.txTypeId,
    move.now,
    move.amount.toFixed(2),
    new Decimal(held?.balance ?? "0").toFixed(2),
    move.name.cn,
    move.name.en,
  );
}
