/**
 * The benefits area (decision 028): rebates and their settings with the manual claim, a member's
 * daily salary, missions and their leaderboard, the referral link, VIP rank progress, avatars.
 * Figures derive from the member's id (stable across restarts); rebates waiting for a manual
 * claim are kept in SQLite, and a claim moves them into the main wallet.
 */
import Decimal from "decimal.js";
import type { MessageLanguage } from "../catalog";
import { MERCHANT_CODE, type Db } from "../db";
import { failWith, isRecord, ok, sessionOf, type OperatorArea, type Reply, type RouteContext } from "../http";
import { label, memberByUsername, type MemberRow } from "../member/store";
import { createMember } from "../member/store";
import { seedHash } from "../member/seed";
import { recordMoneyMove } from "../records/ledger";
import { merchantByCode } from "../system/store";

export const PRODUCT_TYPES = ["LIVE", "RNG", "SPORTS", "LOTT", "FISH", "PVP"] as const;
/** Members with a rebate (and a daily salary contract); everyone else has none. */
const WITH_REBATE = new Set(["player01", "agent001", "rebate01"]);
/** A member without a VIP label or a rebate; and one whose rebate claims change no other demo's balance. */
export const PLAIN_ACCOUNT = { username: "plain01", password: "Plain1234", nickname: "Plain Player" } as const;
export const REBATE_ACCOUNT = { username: "rebate01", password: "Rebate123", nickname: "Rebate Player" } as const;
const DAY = 24 * 3600_000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS rebate_pending (
  member_id    INTEGER NOT NULL REFERENCES members(id),
  product_type TEXT NOT NULL,
  amount       TEXT NOT NULL,              -- decimal string waiting for the manual claim
  PRIMARY KEY (member_id, product_type)
);
CREATE TABLE IF NOT EXISTS rebate_claims (
  id           INTEGER PRIMARY KEY,
  member_id    INTEGER NOT NULL REFERENCES members(id),
  product_type TEXT NOT NULL,
  amount       TEXT NOT NULL,
  created_at   INTEGER NOT NULL
);
`;

const RATES: Record<string, string> = { LIVE: "0.008", RNG: "0.012", SPORTS: "0.006", LOTT: "0.005", FISH: "0.01", PVP: "0.007" };

function seed(db: Db, now: number): void {
  for (const account of [PLAIN_ACCOUNT, REBATE_ACCOUNT]) {
    if (memberByUsername(db, MERCHANT_CODE, account.username)) continue;
    createMember(db, {
      merchantCode: MERCHANT_CODE,
      username: account.username,
      passwordHash: seedHash(account.password),
      nickname: account.nickname,
      balance: "100.00",
      now,
    });
  }
  const insert = db.prepare("INSERT OR IGNORE INTO rebate_pending (member_id, product_type, amount) VALUES (?, ?, ?)");
  for (const username of WITH_REBATE) {
    const member = memberByUsername(db, MERCHANT_CODE, username);
    if (!member) continue;
    PRODUCT_TYPES.forEach((type, i) => insert.run(member.id, type, i % 3 === 2 ? "0.00" : (12.5 * (i + 1) + member.id).toFixed(2)));
  }
}

const MESSAGES: Record<string, Record<MessageLanguage, string>> = {
  "rebate.nothing": { zh: "暂无可领取的返水", en: "There is no rebate to claim" },
  "request.invalid": { zh: "请求无效", en: "Invalid request" },
};
const refuse = (lang: MessageLanguage, code: string): Reply => failWith(MESSAGES, lang, code);
const bodyOf = (ctx: RouteContext): Record<string, unknown> => (isRecord(ctx.body) ? ctx.body : {});
const hasRebate = (m: MemberRow) => WITH_REBATE.has(m.username);
/**
 * The tiers of the member's latest accepted (V) daily-salary contract, or null. Read from the
 * contracts area's table (server/operator/contracts), which owns the contracts and their decisions.
 */
function acceptedDailySalary(db: Db, memberId: number): unknown[] | null {
  const row = db
    .prepare(
      "SELECT terms FROM contracts WHERE member_id = ? AND kind = 'daily' AND status = 'V' ORDER BY decided_at DESC, id DESC LIMIT 1",
    )
    .get(memberId) as { terms: string } | undefined;
  if (!row) return null;
  const details = (JSON.parse(row.terms) as { details?: unknown }).details;
  return Array.isArray(details) && details.length > 0 ? details : null;
}

/** A stable pseudo-random figure per member and salt. */
const figure = (m: MemberRow, salt: number, max: number) => ((m.id * 7919 + salt * 104729) % max) + 1;
const dateOf = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

function pendingOf(db: Db, memberId: number) {
  return db.prepare("SELECT product_type AS productType, amount FROM rebate_pending WHERE member_id = ? ORDER BY rowid").all(memberId) as {
    productType: string;
    amount: string;
  }[];
}

const MISSIONS = [
  { id: 1, zh: "单日投注满 1,000", en: "Bet 1,000 in a day", target: 1000, reward: "18.00" },
  { id: 2, zh: "完成 20 局真人游戏", en: "Play 20 live rounds", target: 20, reward: "8.00" },
  { id: 3, zh: "连续登录 7 天", en: "Log in 7 days in a row", target: 7, reward: "28.00" },
  { id: 4, zh: "邀请 1 位好友", en: "Invite 1 friend", target: 1, reward: "50.00" },
];

export const benefitsArea: OperatorArea = {
  name: "benefits",
  schema: SCHEMA,
  seed,
  relays: [
    {
      service: "MCSFE",
      operation: "getRebate",
      access: "session",
      handler(ctx) {
        const { member } = sessionOf(ctx);
        if (!hasRebate(member)) return ok({ hasRebate: false, rates: [], bonuses: [] });
        const now = ctx.runtime.now();
        const bonuses = Array.from({ length: 12 }, (_, i) => {
          const type = PRODUCT_TYPES[i % PRODUCT_TYPES.length];
          const bet = new Decimal(figure(member, i, 5000)).plus(0.5);
          return { date: dateOf(now - i * DAY), productType: type, betAmount: bet.toFixed(2), rebate: bet.times(RATES[type]).toFixed(2) };
        });
        return ok({ hasRebate: true, rates: PRODUCT_TYPES.map((t) => ({ productType: t, rate: RATES[t] })), bonuses });
      },
    },
    {
      service: "MCSFE",
      operation: "getCustomerRebateSettingByProductType",
      access: "session",
      handler(ctx) {
        const { member } = sessionOf(ctx);
        if (!hasRebate(member)) return ok([]);
        const pending = new Map(pendingOf(ctx.runtime.db, member.id).map((p) => [p.productType, p.amount]));
        return ok(PRODUCT_TYPES.map((t) => ({ productType: t, rebateValue: RATES[t], pendingAmount: pending.get(t) ?? "0.00" })));
      },
    },
    {
      service: "MCSFE",
      operation: "claimManualRebate",
      access: "session",
      handler(ctx) {
        const { member } = sessionOf(ctx);
        const type = bodyOf(ctx).productType;
        if (typeof type !== "string" || !(PRODUCT_TYPES as readonly string[]).includes(type)) return refuse(ctx.lang, "request.invalid");
        const { db } = ctx.runtime;
        const claimed = db.transaction((): string | null => {
          const row = db.prepare("SELECT amount FROM rebate_pending WHERE member_id = ? AND product_type = ?").get(member.id, type) as
            { amount: string } | undefined;
          const amount = new Decimal(row?.amount ?? "0");
          if (amount.lte(0)) return null;
          const wallet = db.prepare("SELECT balance FROM wallets WHERE member_id = ?").get(member.id) as { balance: string };
          db.prepare("UPDATE wallets SET balance = ? WHERE member_id = ?").run(
            new Decimal(wallet.balance).plus(amount).toFixed(2),
            member.id,
          );
          recordMoneyMove(db, {
            memberId: member.id,
            txTypeId: 1501,
            amount,
            now: ctx.runtime.now(),
            name: { cn: `手动返水领取 ${type}`, en: `Manual rebate claim ${type}` },
          });
          db.prepare("UPDATE rebate_pending SET amount = '0.00' WHERE member_id = ? AND product_type = ?").run(member.id, type);
          db.prepare("INSERT INTO rebate_claims (member_id, product_type, amount, created_at) VALUES (?, ?, ?, ?)").run(
            member.id,
            type,
            amount.toFixed(2),
            ctx.runtime.now(),
          );
          return amount.toFixed(2);
        })();
        return claimed === null ? refuse(ctx.lang, "rebate.nothing") : ok({ productType: type, amount: claimed });
      },
    },
    {
      service: "MCSFE",
      operation: "getPlayerDailySalary",
      access: "session",
      handler(ctx) {
        const { member } = sessionOf(ctx);
        // A daily salary the member accepted (the contracts area) is the contract shown: its
        // tiers, and no daily records yet (none has been paid under it).
        const accepted = acceptedDailySalary(ctx.runtime.db, member.id);
        if (accepted) return ok({ rates: accepted, list: [], total: 0 });
        if (!hasRebate(member)) return ok({ rates: [], list: [], total: 0 });
        const b = bodyOf(ctx);
        const page = Math.max(1, Math.min(1000, Number(b.page) || 1));
        const size = Math.max(1, Math.min(50, Number(b.size) || 10));
        const now = ctx.runtime.now();
        const all = Array.from({ length: 45 }, (_, i) => {
          const volume = new Decimal(figure(member, 100 + i, 30000)).plus(1000);
          const rate = volume.gte(20000) ? "0.003" : volume.gte(10000) ? "0.002" : "0.001";
          return {
            date: dateOf(now - (i + 1) * DAY),
            betVolume: volume.toFixed(2),
            rate,
            salary: volume.times(rate).toFixed(2),
            status: i < 2 ? "PENDING" : "PAID",
          };
        });
        return ok({
          rates: [
            { betVolume: "1000", activeMember: 0, rateType: "P", rate: "0.001" },
            { betVolume: "10000", activeMember: 0, rateType: "P", rate: "0.002" },
            { betVolume: "20000", activeMember: 0, rateType: "P", rate: "0.003" },
          ],
          list: all.slice((page - 1) * size, page * size),
          total: all.length,
        });
      },
    },
    {
      service: "MCSFE",
      operation: "getMissionSummaryDetails",
      access: "session",
      handler(ctx) {
        const { member } = sessionOf(ctx);
        const missions = MISSIONS.map((m) => {
          const progress = Math.min(m.target, figure(member, m.id, m.target + 1) - 1);
          return {
            id: m.id,
            title: ctx.lang === "zh" ? m.zh : m.en,
            progress,
            target: m.target,
            reward: m.reward,
            status: progress >= m.target ? "DONE" : "ONGOING",
          };
        });
        return ok({ missions, count: missions.filter((m) => m.status === "ONGOING").length });
      },
    },
    {
      service: "MCSFE",
      operation: "getMissionLeaderboard",
      access: "session",
      handler(ctx) {
        const { member } = sessionOf(ctx);
        const names = ["ha***88", "lu***ky", "ti***er", "go***ld", "ac***e7", "ne***on", "ru***by", "ja***de", "su***ny", "wi***nd"];
        const list = names.map((account, i) => ({
          rank: i + 1,
          account,
          score: 9800 - i * 730,
          prize: i < 3 ? ["888.00", "388.00", "188.00"][i] : "58.00",
        }));
        return ok({
          list,
          mine: {
            rank: 10 + figure(member, 9, 40),
            account: `${member.username.slice(0, 2)}***${member.username.slice(-2)}`,
            score: figure(member, 5, 2000),
          },
        });
      },
    },
    {
      service: "MCSFE",
      operation: "getReferralInfo",
      access: "session",
      handler(ctx) {
        const { member } = sessionOf(ctx);
        const merchant = merchantByCode(ctx.runtime.db, ctx.merchantCode);
        const code = `R${(member.id * 7919).toString(36).toUpperCase().padStart(6, "0")}`;
        const base = merchant?.register_url ?? "http://localhost:3000/register";
        return ok({
          referralCode: code,
          link: `${base}?referralCode=${code}`,
          invited: figure(member, 3, 6) - 1,
          rewards: new Decimal(figure(member, 4, 300)).toFixed(2),
        });
      },
    },
    {
      service: "MCSFE",
      operation: "getPlayerRankProgress",
      access: "session",
      handler(ctx) {
        const { member } = sessionOf(ctx);
        const vip = label(ctx.runtime.db, member.label_id);
        if (!vip) return ok({ labelId: null, completedConditions: 0, totalExpectedConditions: 0, conditions: [] });
        const conditions = [
          { name: ctx.lang === "zh" ? "累计存款 50,000" : "Deposit 50,000 in total", current: "38000", target: "50000", done: false },
          { name: ctx.lang === "zh" ? "累计有效投注 200,000" : "Valid bets of 200,000", current: "200000", target: "200000", done: true },
          { name: ctx.lang === "zh" ? "连续登录 30 天" : "Log in 30 days in a row", current: "30", target: "30", done: true },
        ];
        return ok({
          labelId: vip.label_id,
          labelName: vip.label_name,
          completedConditions: conditions.filter((c) => c.done).length,
          totalExpectedConditions: conditions.length,
          conditions,
          nextLabelName: vip.rank_level >= 3 ? "Platinum" : null,
        });
      },
    },
    {
      service: "MCSFE",
      operation: "getPlayerAvatar",
      access: "session",
      handler(ctx) {
        const { member } = sessionOf(ctx);
        return ok({ avatarType: "STATIC", avatar: String((member.id % 8) + 1) });
      },
    },
  ],
};
