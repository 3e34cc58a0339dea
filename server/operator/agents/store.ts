/** SQL of the agents area: the team under an agent (any depth), its figures and reports, payouts, transfers. */
import Decimal from "decimal.js";
import type { Db } from "../db";
import { recordMoneyMove } from "../records/ledger";
import { dayStartOf, DAY_MS } from "../records/seed";

export interface TeamMember {
  id: number;
  username: string;
  nickname: string;
  agentType: number;
  level: number;
  uplineId: number;
  createdAt: number;
  lastLoginAt: number | null;
  balance: string;
}

/** Everyone under an agent, level 1 the direct downlines, with the main wallet's balance. */
export function teamOf(db: Db, agentId: number): TeamMember[] {
  return db
    .prepare(
      `WITH RECURSIVE team(id, level) AS (
         SELECT member_id, 1 FROM member_wallet_settings WHERE upline_id = ?
         UNION ALL
         SELECT s.member_id, team.level + 1 FROM member_wallet_settings s JOIN team ON s.upline_id = team.id WHERE team.level < 10
       )
       SELECT m.id, m.username, m.nickname, m.agent_type AS agentType, team.level, s.upline_id AS uplineId,
              m.created_at AS createdAt, m.last_login_at AS lastLoginAt, COALESCE(w.balance, '0') AS balance
       FROM team JOIN members m ON m.id = team.id JOIN member_wallet_settings s ON s.member_id = m.id
       LEFT JOIN wallets w ON w.member_id = m.id
       ORDER BY team.level, m.created_at DESC, m.id DESC`,
    )
    .all(agentId) as TeamMember[];
}

export interface Range {
  startTime: number;
  endTime: number;
}

interface BetSums {
  betCount: number;
  betAmount: string;
  validBet: string;
  winLoss: string;
}

const money = (v: Decimal) => v.toFixed(2);

/** Settled-or-not bets of some members in a range, summed with decimal.js (amounts are text). */
function betsOf(db: Db, ids: number[], range: Range, productType?: string) {
  if (ids.length === 0) return [];
  return db
    .prepare(
      `SELECT member_id AS memberId, bet_time AS betTime, product_type AS productType, bet_amount AS betAmount,
              valid_bet AS validBet, win_loss AS winLoss, status
       FROM bet_records WHERE member_id IN (${ids.map(() => "?").join(",")}) AND bet_time BETWEEN ? AND ?
         AND (? IS NULL OR product_type = ?) AND status != 'CANCELLED'`,
    )
    .all(...ids, range.startTime, range.endTime, productType ?? null, productType ?? null) as {
    memberId: number;
    betTime: number;
    productType: string;
    betAmount: string;
    validBet: string;
    winLoss: string;
  }[];
}

function sums(rows: { betAmount: string; validBet: string; winLoss: string }[]): BetSums {
  let bet = new Decimal(0);
  let valid = new Decimal(0);
  let win = new Decimal(0);
  for (const r of rows) {
    bet = bet.plus(r.betAmount);
    valid = valid.plus(r.validBet);
    win = win.plus(r.winLoss);
  }
  return { betCount: rows.length, betAmount: money(bet), validBet: money(valid), winLoss: money(win) };
}

/** The team betting report: one row per member who bet in the range, biggest valid bet first. */
export function teamBetting(db: Db, agentId: number, range: Range, productType?: string) {
  const team = teamOf(db, agentId);
  const rows = betsOf(
    db,
    team.map((m) => m.id),
    range,
    productType,
  );
  const byMember = new Map<number, typeof rows>();
  for (const r of rows) byMember.set(r.memberId, [...(byMember.get(r.memberId) ?? []), r]);
  const list = team
    .filter((m) => byMember.has(m.id))
    .map((m) => ({ username: m.username, level: m.level, ...sums(byMember.get(m.id)!) }))
    .sort((a, b) => new Decimal(b.validBet).comparedTo(a.validBet) || a.username.localeCompare(b.username));
  return { list, summary: sums(rows) };
}

/** The team's win/loss by day (the team's result: negative is the team losing, the house winning). */
export function teamProfitByDay(db: Db, agentId: number, range: Range) {
  const rows = betsOf(
    db,
    teamOf(db, agentId).map((m) => m.id),
    range,
  );
  const byDay = new Map<number, typeof rows>();
  for (const r of rows) {
    const day = dayStartOf(r.betTime);
    byDay.set(day, [...(byDay.get(day) ?? []), r]);
  }
  const list = [...byDay.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([day, dayRows]) => ({
      date: new Date(day + 8 * 3_600_000).toISOString().slice(0, 10),
      ...sums(dayRows),
      bettors: new Set(dayRows.map((r) => r.memberId)).size,
    }));
  return { list, summary: sums(rows) };
}

/** The overview: the team's size and this month's and last month's figures. */
export function teamOverview(db: Db, agentId: number, now: number) {
  const team = teamOf(db, agentId);
  const monthStart = (time: number) => {
    const d = new Date(time + 8 * 3_600_000);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - 8 * 3_600_000;
  };
  const thisMonth = monthStart(now);
  const lastMonth = monthStart(thisMonth - DAY_MS);
  const ids = team.map((m) => m.id);
  const month = (range: Range) => {
    const rows = betsOf(db, ids, range);
    return { ...sums(rows), activeMembers: new Set(rows.map((r) => r.memberId)).size };
  };
  const balance = team.reduce((sum, m) => sum.plus(m.balance), new Decimal(0));
  return {
    teamSize: team.length,
    directCount: team.filter((m) => m.level === 1).length,
    agentCount: team.filter((m) => m.agentType === 1 || m.agentType === 2).length,
    memberCount: team.filter((m) => m.agentType !== 1 && m.agentType !== 2).length,
    newThisMonth: team.filter((m) => m.createdAt >= thisMonth).length,
    teamBalance: money(balance),
    thisMonth: month({ startTime: thisMonth, endTime: now }),
    lastMonth: month({ startTime: lastMonth, endTime: thisMonth - 1 }),
  };
}

export interface PayoutFilter extends Range {
  kinds: string[];
  productType?: string;
}

export function payoutsOf(db: Db, memberId: number, filter: PayoutFilter, paging: { page: number; size: number }) {
  const kinds = filter.kinds.length ? filter.kinds : ["DIVIDEND", "DAILY", "DAILY_MR", "HOURLY", "REALTIME", "COMMISSION"];
  const where = `member_id = ? AND paid_at BETWEEN ? AND ? AND kind IN (${kinds.map(() => "?").join(",")}) AND (? IS NULL OR product_type = ?)`;
  const params = [memberId, filter.startTime, filter.endTime, ...kinds, filter.productType ?? null, filter.productType ?? null];
  const all = db.prepare(`SELECT amount FROM agent_payouts WHERE ${where}`).all(...params) as { amount: string }[];
  const list = db
    .prepare(
      `SELECT id, kind, product_type AS productType, period, basis, rate, amount, status, paid_at AS paidTime
       FROM agent_payouts WHERE ${where} ORDER BY paid_at DESC, id DESC LIMIT ? OFFSET ?`,
    )
    .all(...params, paging.size, (paging.page - 1) * paging.size);
  const total = all.reduce((sum, r) => sum.plus(r.amount), new Decimal(0));
  return { list, total: all.length, summary: { amount: money(total) } };
}

export function redEnvelopesOf(db: Db, memberId: number, range: Range) {
  return db
    .prepare(
      `SELECT id, title, total_amount AS totalAmount, count, claimed_count AS claimedCount, claimed_amount AS claimedAmount,
              status, created_at AS createdTime, ends_at AS endTime
       FROM red_envelopes WHERE member_id = ? AND created_at BETWEEN ? AND ? ORDER BY created_at DESC`,
    )
    .all(memberId, range.startTime, range.endTime);
}

export type TransferRefusal = "downline.not.found" | "amount.invalid" | "balance.insufficient" | "transfer.empty" | "transfer.too.many";

/** Moves money from the agent's main wallet to downlines' in one transaction: all or none. */
export function transferToDownlines(
  db: Db,
  agentId: number,
  transfers: { username: string; amount: Decimal }[],
  now: number,
): TransferRefusal | { balance: string; downlines: { username: string; balance: string }[] } {
  if (transfers.length === 0) return "transfer.empty";
  if (transfers.length > 20) return "transfer.too.many";
  const team = new Map(teamOf(db, agentId).map((m) => [m.username.toLowerCase(), m]));
  const targets = transfers.map((t) => ({ member: team.get(t.username.toLowerCase()), amount: t.amount }));
  if (targets.some((t) => !t.member)) return "downline.not.found";
  return db.transaction(() => {
    const held = db.prepare("SELECT balance FROM wallets WHERE member_id = ?").get(agentId) as { balance: string } | undefined;
    const total = targets.reduce((sum, t) => sum.plus(t.amount), new Decimal(0));
    const balance = new Decimal(held?.balance ?? "0");
    if (balance.lt(total)) return "balance.insufficient" as const;
    const agentName = (db.prepare("SELECT username FROM members WHERE id = ?").get(agentId) as { username: string }).username;
    // One downline at a time, so each of the agent's rows carries its real balance after that transfer.
    let agentBalance = balance;
    const downlines = targets.map(({ member, amount }) => {
      agentBalance = agentBalance.minus(amount);
      db.prepare("UPDATE wallets SET balance = ? WHERE member_id = ?").run(money(agentBalance), agentId);
      const row = db.prepare("SELECT balance FROM wallets WHERE member_id = ?").get(member!.id) as { balance: string };
      const after = new Decimal(row.balance).plus(amount);
      db.prepare("UPDATE wallets SET balance = ? WHERE member_id = ?").run(money(after), member!.id);
      // Both sides in the one ledger (decision 037).
      recordMoneyMove(db, {
        memberId: member!.id,
        txTypeId: 1301,
        amount,
        now,
        name: { cn: `上级 ${agentName} 转入`, en: `From upline ${agentName}` },
      });
      recordMoneyMove(db, {
        memberId: agentId,
        txTypeId: 1301,
        amount: amount.negated(),
        now,
        name: { cn: `转给下级 ${member!.username}`, en: `To downline ${member!.username}` },
      });
      db.prepare("INSERT INTO wallet_transfers (member_id, from_code, to_code, amount, created_at) VALUES (?, 'MAIN', ?, ?, ?)").run(
        agentId,
        `DOWNLINE:${member!.id}`,
        money(amount),
        now,
      );
      return { username: member!.username, balance: money(after) };
    });
    return { balance: money(balance.minus(total)), downlines };
  })();
}
