/**
 * The agents area's calls (decision 032), all for the logged-in agent (isAgent 1 or 2): the team
 * overview, the downline list and one downline's details, a downline's registration, transfers
 * to downlines (several at once, all or none), the team's betting and win/loss reports, the
 * agent's payouts by kind (income, dividends, salaries), red envelopes and announcements.
 */
import type Decimal from "decimal.js";
import type { MessageLanguage } from "../catalog";
import { hashPasswordSync } from "../crypto";
import { failWith, isRecord, ok, sessionOf, type Reply, type RouteContext } from "../http";
import { createMember, memberByUsername } from "../member/store";
import { passesRule } from "../register/routes";
import { registerRules } from "../register/store";
import type { RelayDef } from "../relay";
import { parseAmount } from "../wallets/store";
import { payoutsOf, redEnvelopesOf, teamBetting, teamOf, teamOverview, teamProfitByDay, transferToDownlines } from "./store";

const MESSAGES: Record<string, Record<MessageLanguage, string>> = {
  "agent.only": { zh: "仅代理可用", en: "For agents only" },
  "request.invalid": { zh: "请求无效", en: "Invalid request" },
  "range.invalid": { zh: "查询时间范围无效", en: "The date range is not valid" },
  "downline.not.found": { zh: "该账号不是您的下级", en: "That account is not in your team" },
  "amount.invalid": { zh: "金额须为正数，最多两位小数", en: "The amount must be positive with at most two decimals" },
  "balance.insufficient": { zh: "余额不足", en: "Insufficient balance" },
  "transfer.empty": { zh: "请选择转账对象", en: "Choose whom to transfer to" },
  "transfer.too.many": { zh: "一次最多转给 20 位下级", en: "At most 20 downlines per transfer" },
  "username.registered": { zh: "用户名已被注册", en: "This username is already taken" },
  "register.field.invalid": { zh: "填写的内容不符合要求", en: "A field does not meet the rules" },
  "agent.type.invalid": { zh: "无权开设该类型账号", en: "You may not open this kind of account" },
};

const refuse = (lang: MessageLanguage, errorCode: string, status = 200, value: unknown = null): Reply => ({
  ...failWith(MESSAGES, lang, errorCode, status),
  value,
});
const bodyOf = (ctx: RouteContext): Record<string, unknown> => (isRecord(ctx.body) ? ctx.body : {});
const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const int = (v: unknown, fallback: number, max: number) => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,7}$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};
const MAX_RANGE_MS = 92 * 86_400_000;

function rangeOf(body: Record<string, unknown>): { startTime: number; endTime: number } | null {
  const start = Number(body.startTime);
  const end = Number(body.endTime);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start || end - start > MAX_RANGE_MS) return null;
  return { startTime: start, endTime: end };
}

/** The relay for agents only: a member gets agent.only; the handler gets the agent's id. */
const agentRelay = (operation: string, handler: (ctx: RouteContext, agentId: number) => Reply, service = "MCSFE"): RelayDef => ({
  service,
  operation,
  access: "session",
  handler(ctx) {
    const { member } = sessionOf(ctx);
    if (![1, 2, 41, 42].includes(member.agent_type)) return refuse(ctx.lang, "agent.only");
    return handler(ctx, member.id);
  },
});

const page = <T>(list: T[], body: Record<string, unknown>) => {
  const size = int(body.size, 12, 100);
  const pageNo = int(body.page, 1, 100_000);
  return { list: list.slice((pageNo - 1) * size, pageNo * size), total: list.length, page: pageNo, size };
};

function affiliateCodeOf(ctx: RouteContext, agentId: number): string | null {
  const row = ctx.runtime.db
    .prepare("SELECT code FROM affiliates WHERE member_id = ? AND active = 1 ORDER BY code LIMIT 1")
    .get(agentId) as { code: string } | undefined;
  return row?.code ?? null;
}

export const agentRelays: RelayDef[] = [
  agentRelay("getAgentTeamOverview", (ctx, agentId) =>
    ok({ ...teamOverview(ctx.runtime.db, agentId, ctx.runtime.now()), affiliateCode: affiliateCodeOf(ctx, agentId) }),
  ),
  agentRelay("getDownlineList", (ctx, agentId) => {
    const b = bodyOf(ctx);
    const search = text(b.username).toLowerCase().slice(0, 40);
    const direct = b.direct === true || b.direct === "Y";
    const team = teamOf(ctx.runtime.db, agentId).filter(
      (m) =>
        (!search || m.username.toLowerCase().includes(search) || m.nickname.toLowerCase().includes(search)) && (!direct || m.level === 1),
    );
    return ok(
      page(
        team.map((m) => ({
          username: m.username,
          nickname: m.nickname,
          agentType: m.agentType,
          level: m.level,
          balance: m.balance,
          createdTime: m.createdAt,
          lastLoginTime: m.lastLoginAt,
        })),
        b,
      ),
    );
  }),
  agentRelay("getDownlineDetail", (ctx, agentId) => {
    const username = text(bodyOf(ctx).username).toLowerCase();
    const team = teamOf(ctx.runtime.db, agentId);
    const member = team.find((m) => m.username.toLowerCase() === username);
    if (!member) return refuse(ctx.lang, "downline.not.found");
    const upline = ctx.runtime.db.prepare("SELECT username FROM members WHERE id = ?").get(member.uplineId) as { username: string };
    const now = ctx.runtime.now();
    const last30 = teamBetting(ctx.runtime.db, member.uplineId, { startTime: now - 30 * 86_400_000, endTime: now }).list.find(
      (r) => r.username === member.username,
    );
    const downlines = team.filter((m) => m.uplineId === member.id).length;
    return ok({
      username: member.username,
      nickname: member.nickname,
      agentType: member.agentType,
      level: member.level,
      upline: upline.username,
      balance: member.balance,
      createdTime: member.createdAt,
      lastLoginTime: member.lastLoginAt,
      downlines,
      last30Days: last30
        ? { betCount: last30.betCount, betAmount: last30.betAmount, validBet: last30.validBet, winLoss: last30.winLoss }
        : { betCount: 0, betAmount: "0.00", validBet: "0.00", winLoss: "0.00" },
    });
  }),
  agentRelay("registerDownline", (ctx, agentId) => {
    const b = bodyOf(ctx);
    const { db } = ctx.runtime;
    const username = text(b.username);
    const password = typeof b.password === "string" ? b.password : "";
    const agentType =
      b.agentType === undefined || b.agentType === "0" || b.agentType === 0 ? 0 : b.agentType === "2" || b.agentType === 2 ? 2 : -1;
    const self = sessionOf(ctx).member;
    // Only a first-level agent opens agents; sub-agents and the 4x kinds open members.
    if (agentType === -1 || (agentType === 2 && self.agent_type !== 1)) return refuse(ctx.lang, "agent.type.invalid");
    const rules = registerRules(db, ctx.merchantCode).filter((r) => r.enabled === 1);
    for (const key of ["username", "password", "nickname"]) {
      const rule = rules.find((r) => r.field_key === key);
      const value = key === "password" ? password : text(b[key]);
      if ((key !== "nickname" && value === "") || (rule && !passesRule(rule, value, key !== "nickname")))
        return refuse(ctx.lang, "register.field.invalid", 200, { field: key });
    }
    if (memberByUsername(db, ctx.merchantCode, username)) return refuse(ctx.lang, "username.registered", 200, { field: "username" });
    const created = db.transaction(() => {
      const member = createMember(db, {
        merchantCode: ctx.merchantCode,
        username,
        passwordHash: hashPasswordSync(password),
        nickname: text(b.nickname) || username,
        agentType,
        profile: { affiliateCode: affiliateCodeOf(ctx, agentId), registeredBy: self.username },
        now: ctx.runtime.now(),
      });
      db.prepare("INSERT INTO member_wallet_settings (member_id, is_single, upline_id) VALUES (?, 0, ?)").run(member.id, agentId);
      return member;
    })();
    return ok({ username: created.username, agentType });
  }),
  agentRelay("transferToDownline", (ctx, agentId) => {
    const raw = bodyOf(ctx).transfers;
    if (!Array.isArray(raw)) return refuse(ctx.lang, "transfer.empty");
    const transfers: { username: string; amount: Decimal }[] = [];
    for (const entry of raw) {
      const amount = isRecord(entry) ? parseAmount(entry.amount) : null;
      const username = isRecord(entry) ? text(entry.username) : "";
      if (!amount || amount.lt(1)) return refuse(ctx.lang, "amount.invalid");
      if (!username) return refuse(ctx.lang, "downline.not.found");
      transfers.push({ username, amount });
    }
    const result = transferToDownlines(ctx.runtime.db, agentId, transfers, ctx.runtime.now());
    if (typeof result === "string") return refuse(ctx.lang, result);
    // Both sides of each transfer, once it is committed. The type names the direction of the
    // money, so the agent gets AGENT_TRANSFER_AGENT_TO_DOWNLINE too; counterpart is the other side.
    const agent = sessionOf(ctx).member;
    for (const { username, amount } of transfers) {
      const downline = memberByUsername(ctx.runtime.db, agent.merchant_code, username);
      if (!downline) continue;
      const money = amount.toFixed(2);
      ctx.runtime.notifications.toMember(downline.id, "AGENT_TRANSFER_AGENT_TO_DOWNLINE", { amount: money, counterpart: agent.username });
      ctx.runtime.notifications.toMember(agentId, "AGENT_TRANSFER_AGENT_TO_DOWNLINE", { amount: money, counterpart: downline.username });
    }
    return ok(result);
  }),
  agentRelay(
    "getTeamBetting",
    (ctx, agentId) => {
      const b = bodyOf(ctx);
      const range = rangeOf(b);
      if (!range) return refuse(ctx.lang, "range.invalid");
      const productType = text(b.productType) || undefined;
      const report = teamBetting(ctx.runtime.db, agentId, range, productType);
      return ok({ ...page(report.list, b), summary: report.summary });
    },
    "ODSFE2",
  ),
  agentRelay(
    "getTeamProfit",
    (ctx, agentId) => {
      const b = bodyOf(ctx);
      const range = rangeOf(b);
      if (!range) return refuse(ctx.lang, "range.invalid");
      const report = teamProfitByDay(ctx.runtime.db, agentId, range);
      return ok({ ...page(report.list, b), summary: report.summary });
    },
    "ODSFE2",
  ),
  agentRelay("getAgentIncome", (ctx, agentId) => {
    const b = bodyOf(ctx);
    const range = rangeOf(b);
    if (!range) return refuse(ctx.lang, "range.invalid");
    const kinds = (Array.isArray(b.kinds) ? b.kinds : typeof b.kinds === "string" ? b.kinds.split(",") : [])
      .map((k) => text(k))
      .filter((k) => /^[A-Z_]{3,12}$/.test(k));
    const size = int(b.size, 12, 100);
    const pageNo = int(b.page, 1, 100_000);
    const productType = text(b.productType) || undefined;
    return ok({ ...payoutsOf(ctx.runtime.db, agentId, { ...range, kinds, productType }, { page: pageNo, size }), page: pageNo, size });
  }),
  agentRelay("getRedEnvelopes", (ctx, agentId) => {
    const b = bodyOf(ctx);
    const range = rangeOf(b);
    if (!range) return refuse(ctx.lang, "range.invalid");
    return ok(page(redEnvelopesOf(ctx.runtime.db, agentId, range), b));
  }),
  agentRelay("getAgentAnnouncements", (ctx) => {
    const zh = ctx.lang === "zh";
    const rows = ctx.runtime.db
      .prepare(
        "SELECT id, title_zh, title_en, content_zh, content_en, published_at FROM agent_announcements WHERE merchant_code = ? ORDER BY published_at DESC",
      )
      .all(ctx.merchantCode) as {
      id: number;
      title_zh: string;
      title_en: string;
      content_zh: string;
      content_en: string;
      published_at: number;
    }[];
    return ok({
      list: rows.map((r) => ({
        id: r.id,
        title: zh ? r.title_zh : r.title_en,
        content: zh ? r.content_zh : r.content_en,
        publishTime: r.published_at,
      })),
    });
  }),
];
