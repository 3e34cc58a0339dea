/** SQL of the wallets area: the wallet list, transfers in one transaction each, uplines, cashier tickets and orders. */
import Decimal from "decimal.js";
import { randomBytes } from "node:crypto";
import type { Db } from "../db";
import { recordMoneyMove } from "../records/ledger";
import { MAIN_WALLET } from "./seed";

export interface WalletRow {
  code: string;
  accountName: string;
  displayName: string;
  balance: string;
  main: boolean;
}

export function walletsOf(db: Db, memberId: number): WalletRow[] {
  const main = db.prepare("SELECT balance FROM wallets WHERE member_id = ?").get(memberId) as { balance: string } | undefined;
  const games = db
    .prepare("SELECT code, account_name, display_name, balance FROM game_wallets WHERE member_id = ? ORDER BY code")
    .all(memberId) as { code: string; account_name: string; display_name: string; balance: string }[];
  return [
    { code: MAIN_WALLET, accountName: "main", displayName: "", balance: main?.balance ?? "0", main: true },
    ...games.map((g) => ({ code: g.code, accountName: g.account_name, displayName: g.display_name, balance: g.balance, main: false })),
  ];
}

export function walletSettings(db: Db, memberId: number): { isSingle: boolean; uplineId: number | null } {
  const row = db.prepare("SELECT is_single, upline_id FROM member_wallet_settings WHERE member_id = ?").get(memberId) as
    { is_single: number; upline_id: number | null } | undefined;
  return { isSingle: row?.is_single === 1, uplineId: row?.upline_id ?? null };
}

/** Why a transfer is refused, as the operator's error codes. */
export type TransferRefusal = "wallet.not.found" | "wallet.same" | "amount.invalid" | "balance.insufficient" | "wallet.single";

/** An amount the operator takes: positive, at most two decimals, at most 12 digits before the point. */
export function parseAmount(value: unknown): Decimal | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) return null;
  const amount = new Decimal(text);
  return amount.gt(0) ? amount : null;
}

function balanceOf(db: Db, memberId: number, code: string): Decimal | null {
  const row =
    code === MAIN_WALLET
      ? (db.prepare("SELECT balance FROM wallets WHERE member_id = ?").get(memberId) as { balance: string } | undefined)
      : (db.prepare("SELECT balance FROM game_wallets WHERE member_id = ? AND code = ?").get(memberId, code) as
          { balance: string } | undefined);
  return row ? new Decimal(row.balance) : null;
}

function setBalance(db: Db, memberId: number, code: string, balance: Decimal): void {
  const text = balance.toFixed(2);
  if (code === MAIN_WALLET) db.prepare("UPDATE wallets SET balance = ? WHERE member_id = ?").run(text, memberId);
  else db.prepare("UPDATE game_wallets SET balance = ? WHERE member_id = ? AND code = ?").run(text, memberId, code);
}

function gameWalletName(db: Db, memberId: number, code: string): string {
  const row = db.prepare("SELECT display_name FROM game_wallets WHERE member_id = ? AND code = ?").get(memberId, code) as
    { display_name: string } | undefined;
  return row?.display_name ?? code;
}

export function usernameOf(db: Db, memberId: number): string {
  return (db.prepare("SELECT username FROM members WHERE id = ?").get(memberId) as { username: string } | undefined)?.username ?? "";
}

/** Moves money between two of a member's wallets in one transaction; answers the transfer's id or why not. */
export function transfer(db: Db, memberId: number, from: string, to: string, rawAmount: unknown, now: number): number | TransferRefusal {
  const amount = parseAmount(rawAmount);
  if (!amount) return "amount.invalid";
  if (from === to) return "wallet.same";
  if (walletSettings(db, memberId).isSingle) return "wallet.single";
  return db.transaction((): number | TransferRefusal => {
    const source = balanceOf(db, memberId, from);
    const target = balanceOf(db, memberId, to);
    if (!source || !target) return "wallet.not.found";
    if (source.lt(amount)) return "balance.insufficient";
    setBalance(db, memberId, from, source.minus(amount));
    setBalance(db, memberId, to, target.plus(amount));
    // Account records are the main account's: a move between two game wallets leaves it as it was.
    if (from === MAIN_WALLET || to === MAIN_WALLET) {
      const game = gameWalletName(db, memberId, from === MAIN_WALLET ? to : from);
      const out = from === MAIN_WALLET;
      recordMoneyMove(db, {
        memberId,
        txTypeId: 1301,
        amount: out ? amount.negated() : amount,
        now,
        name: out ? { cn: `转入 ${game}`, en: `To ${game}` } : { cn: `${game} 转回`, en: `From ${game}` },
      });
    }
    return Number(
      db
        .prepare("INSERT INTO wallet_transfers (member_id, from_code, to_code, amount, created_at) VALUES (?, ?, ?, ?, ?)")
        .run(memberId, from, to, amount.toFixed(2), now).lastInsertRowid,
    );
  })();
}

/** The member's main wallet to its upline's main wallet. */
export function transferToUpline(db: Db, memberId: number, rawAmount: unknown, now: number): number | TransferRefusal | "upline.none" {
  const amount = parseAmount(rawAmount);
  if (!amount) return "amount.invalid";
  const { uplineId } = walletSettings(db, memberId);
  if (uplineId === null) return "upline.none";
  return db.transaction((): number | TransferRefusal => {
    const source = balanceOf(db, memberId, MAIN_WALLET);
    const target = balanceOf(db, uplineId, MAIN_WALLET);
    if (!source || !target) return "wallet.not.found";
    if (source.lt(amount)) return "balance.insufficient";
    setBalance(db, memberId, MAIN_WALLET, source.minus(amount));
    setBalance(db, uplineId, MAIN_WALLET, target.plus(amount));
    const [member, upline] = [usernameOf(db, memberId), usernameOf(db, uplineId)];
    recordMoneyMove(db, {
      memberId,
      txTypeId: 1301,
      amount: amount.negated(),
      now,
      name: { cn: `转给上级 ${upline}`, en: `To upline ${upline}` },
    });
    recordMoneyMove(db, {
      memberId: uplineId,
      txTypeId: 1301,
      amount,
      now,
      name: { cn: `下级 ${member} 转入`, en: `From downline ${member}` },
    });
    return Number(
      db
        .prepare("INSERT INTO wallet_transfers (member_id, from_code, to_code, amount, created_at) VALUES (?, ?, ?, ?, ?)")
        .run(memberId, MAIN_WALLET, `UPLINE:${uplineId}`, amount.toFixed(2), now).lastInsertRowid,
    );
  })();
}

export function transfersOf(db: Db, memberId: number) {
  return db
    .prepare(
      "SELECT id, from_code AS fromCode, to_code AS toCode, amount, created_at AS createdAt FROM wallet_transfers WHERE member_id = ? ORDER BY id",
    )
    .all(memberId) as { id: number; fromCode: string; toCode: string; amount: string; createdAt: number }[];
}

const TICKET_MS = 5 * 60_000;

export function newCashierTicket(db: Db, memberId: number, kind: "deposit" | "withdraw", now: number): string {
  const ticket = randomBytes(18).toString("base64url");
  db.prepare("DELETE FROM cashier_tickets WHERE expires_at < ?").run(now);
  db.prepare("INSERT INTO cashier_tickets (ticket, member_id, kind, expires_at) VALUES (?, ?, ?, ?)").run(
    ticket,
    memberId,
    kind,
    now + TICKET_MS,
  );
  return ticket;
}

/** A ticket works once, within five minutes. */
export function takeCashierTicket(db: Db, ticket: string, now: number): { memberId: number; kind: string } | null {
  const row = db.prepare("SELECT member_id, kind, expires_at FROM cashier_tickets WHERE ticket = ?").get(ticket) as
    { member_id: number; kind: string; expires_at: number } | undefined;
  if (!row) return null;
  db.prepare("DELETE FROM cashier_tickets WHERE ticket = ?").run(ticket);
  return row.expires_at >= now ? { memberId: row.member_id, kind: row.kind } : null;
}

export type CashierKind = "deposit" | "withdraw";
export type OrderStatus = "SUCCESS" | "REJECTED";

/**
 * A deposit or withdrawal as the back office decided it, in one transaction: a successful deposit
 * credits the main wallet and a successful withdrawal debits it, each with its ledger row; a
 * rejected order moves nothing (the money a real cashier holds back while deciding is not modelled).
 */
export function decideCashierOrder(
  db: Db,
  memberId: number,
  order: { kind: CashierKind; amount: Decimal; status: OrderStatus; remarks: string },
  now: number,
): { orderNo: string; balance: string } | "balance.insufficient" | "wallet.not.found" {
  return db.transaction(() => {
    const balance = balanceOf(db, memberId, MAIN_WALLET);
    if (!balance) return "wallet.not.found" as const;
    const deposit = order.kind === "deposit";
    const next = (db.prepare("SELECT COALESCE(MAX(rowid), 0) + 1 AS n FROM cashier_orders").get() as { n: number }).n;
    const orderNo = `${deposit ? "DP" : "WD"}${String(next).padStart(8, "0")}`;
    let after = balance;
    if (order.status === "SUCCESS") {
      if (!deposit && balance.lt(order.amount)) return "balance.insufficient" as const;
      after = deposit ? balance.plus(order.amount) : balance.minus(order.amount);
      setBalance(db, memberId, MAIN_WALLET, after);
      recordMoneyMove(db, {
        memberId,
        txTypeId: deposit ? 1101 : 1201,
        amount: deposit ? order.amount : order.amount.negated(),
        now,
        name: deposit ? { cn: `存款 ${orderNo}`, en: `Deposit ${orderNo}` } : { cn: `取款 ${orderNo}`, en: `Withdrawal ${orderNo}` },
      });
    }
    db.prepare(
      "INSERT INTO cashier_orders (order_no, member_id, kind, amount, status, remarks, decided_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ).run(orderNo, memberId, order.kind, order.amount.toFixed(2), order.status, order.remarks, now);
    return { orderNo, balance: after.toFixed(2) };
  })();
}
