/**
 * The agent tree and what the agent centre reads (decision 032): agent001 with direct members,
 * a sub-agent (agent002, isAgent 2) with members of its own, each with bets and a history
 * (the records area's generator); the agent's payouts (dividend, salaries, commission) over four
 * months, red envelopes and announcements. The upline of a member is member_wallet_settings'
 * upline_id, the one the transfer to upline reads.
 */
import Decimal from "decimal.js";
import { MERCHANT_CODE, type Db } from "../db";
import { createMember, memberByUsername } from "../member/store";
import { seedHash } from "../member/seed";
import { DAY_MS, dayStartOf, generator, seedMemberHistory } from "../records/seed";

export const SUB_AGENT = { username: "agent002", password: "Agent1234", nickname: "Sub Agent" } as const;

export const AGENTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS agent_payouts (
  id            INTEGER PRIMARY KEY,
  member_id     INTEGER NOT NULL REFERENCES members(id),
  kind          TEXT NOT NULL,      -- DIVIDEND DAILY DAILY_MR HOURLY REALTIME COMMISSION
  product_type  TEXT NOT NULL,
  period        TEXT NOT NULL,      -- what the payout is for: a date, an hour, a half-month
  basis         TEXT NOT NULL,      -- the team's valid bet (or net loss for dividends) it was computed on
  rate          TEXT NOT NULL,
  amount        TEXT NOT NULL,
  status        TEXT NOT NULL,      -- PAID PENDING
  paid_at       INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS agent_payouts_member ON agent_payouts (member_id, kind, paid_at);
CREATE TABLE IF NOT EXISTS red_envelopes (
  id             INTEGER PRIMARY KEY,
  member_id      INTEGER NOT NULL REFERENCES members(id),
  title          TEXT NOT NULL,
  total_amount   TEXT NOT NULL,
  count          INTEGER NOT NULL,
  claimed_count  INTEGER NOT NULL,
  claimed_amount TEXT NOT NULL,
  status         TEXT NOT NULL,     -- RUNNING ENDED
  created_at     INTEGER NOT NULL,
  ends_at        INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS agent_announcements (
  id           INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL,
  title_zh     TEXT NOT NULL,
  title_en     TEXT NOT NULL,
  content_zh   TEXT NOT NULL,
  content_en   TEXT NOT NULL,
  published_at INTEGER NOT NULL
);
`;

const TEAM: readonly { username: string; nickname: string; under: "agent001" | "agent002"; bets: number; balance: string; age: number }[] =
  [
    { username: "team01", nickname: "Lucky Star", under: "agent001", bets: 90, balance: "1520.00", age: 110 },
    { username: "team02", nickname: "Red Dragon", under: "agent001", bets: 60, balance: "80.50", age: 95 },
    { username: "team03", nickname: "Golden Koi", under: "agent001", bets: 75, balance: "3300.00", age: 70 },
    { username: "team04", nickname: "Night Owl", under: "agent001", bets: 40, balance: "0.00", age: 60 },
    { username: "team05", nickname: "Jade Tiger", under: "agent001", bets: 55, balance: "642.10", age: 41 },
    { username: "team06", nickname: "Silver Fox", under: "agent001", bets: 30, balance: "250.00", age: 25 },
    { username: "team07", nickname: "Blue Crane", under: "agent001", bets: 20, balance: "12.00", age: 12 },
    { username: "team08", nickname: "Lotus", under: "agent001", bets: 12, balance: "500.00", age: 4 },
    { username: "team21", nickname: "Maple", under: "agent002", bets: 45, balance: "900.00", age: 80 },
    { username: "team22", nickname: "Phoenix", under: "agent002", bets: 35, balance: "66.60", age: 33 },
    { username: "team23", nickname: "Comet", under: "agent002", bets: 18, balance: "1200.00", age: 9 },
  ];

const PAYOUT_KINDS = [
  { kind: "DIVIDEND", every: 15, products: ["SPORTS", "LOTT"], rate: "0.30" },
  { kind: "DAILY", every: 1, products: ["LIVE"], rate: "0.006" },
  { kind: "DAILY_MR", every: 1, products: ["PVP"], rate: "0.004" },
  { kind: "HOURLY", every: 1, products: ["RNG"], rate: "0.002" },
  { kind: "REALTIME", every: 2, products: ["DEPOSIT", "SPORTS"], rate: "0.005" },
  { kind: "COMMISSION", every: 7, products: ["CONS"], rate: "0.10" },
] as const;

/** The member's agent: the one its transfer to upline pays and whose team it is in. */
export function setUpline(db: Db, memberId: number, uplineId: number): void {
  db.prepare(
    `INSERT INTO member_wallet_settings (member_id, is_single, upline_id) VALUES (?, 0, ?)
     ON CONFLICT(member_id) DO UPDATE SET upline_id = excluded.upline_id`,
  ).run(memberId, uplineId);
}

export function seedAgents(db: Db, now: number): void {
  const agent = memberByUsername(db, MERCHANT_CODE, "agent001");
  if (!agent || memberByUsername(db, MERCHANT_CODE, SUB_AGENT.username)) return;
  const sub = createMember(db, {
    merchantCode: MERCHANT_CODE,
    username: SUB_AGENT.username,
    passwordHash: seedHash(SUB_AGENT.password),
    nickname: SUB_AGENT.nickname,
    agentType: 2,
    balance: "15600.00",
    now: now - 100 * DAY_MS,
  });
  setUpline(db, sub.id, agent.id);
  const ids: Record<string, number> = { agent001: agent.id, agent002: sub.id };
  for (const m of TEAM) {
    const created = createMember(db, {
      merchantCode: MERCHANT_CODE,
      username: m.username,
      passwordHash: seedHash("Team1234"),
      nickname: m.nickname,
      balance: m.balance,
      now: now - m.age * DAY_MS,
    });
    setUpline(db, created.id, ids[m.under]);
    db.prepare("UPDATE members SET last_login_at = ? WHERE id = ?").run(now - Math.floor(m.age / 3) * DAY_MS - 3_600_000, created.id);
    seedMemberHistory(db, created.id, m.username, m.bets, now);
  }
  seedMemberHistory(db, sub.id, SUB_AGENT.username, 40, now);
  seedPayouts(db, agent.id, now);
  seedPayouts(db, sub.id, now);
  seedRedEnvelopes(db, agent.id, now);
  seedAnnouncements(db, now);
}

function seedPayouts(db: Db, memberId: number, now: number): void {
  const rand = generator(`payouts:${memberId}`);
  const insert = db.prepare(
    `INSERT INTO agent_payouts (member_id, kind, product_type, period, basis, rate, amount, status, paid_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const today = dayStartOf(now);
  for (const p of PAYOUT_KINDS) {
    for (let day = 1; day <= 120; day += p.every) {
      const start = today - day * DAY_MS;
      for (const product of p.products) {
        const basis = new Decimal(Math.floor(2_000 + rand() * 60_000));
        const amount = basis.times(p.rate).toDecimalPlaces(2);
        const date = new Date(start + 8 * 3_600_000).toISOString().slice(0, 10);
        const period = p.kind === "HOURLY" ? `${date} ${String(Math.floor(rand() * 24)).padStart(2, "0")}:00` : date;
        insert.run(
          memberId,
          p.kind,
          product,
          period,
          basis.toFixed(2),
          p.rate,
          amount.toFixed(2),
          day <= 1 ? "PENDING" : "PAID",
          start + 9 * 3_600_000,
        );
      }
    }
  }
}

function seedRedEnvelopes(db: Db, memberId: number, now: number): void {
  const insert = db.prepare(
    `INSERT INTO red_envelopes (member_id, title, total_amount, count, claimed_count, claimed_amount, status, created_at, ends_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const rows: [string, string, number, number, string, number][] = [
    ["周末红包雨", "888.00", 50, 50, "888.00", 40],
    ["中秋团圆红包", "1688.00", 100, 96, "1620.35", 25],
    ["新人见面礼", "300.00", 30, 18, "176.20", 6],
    ["今晚八点红包雨", "520.00", 52, 3, "31.40", 0],
  ];
  for (const [title, total, count, claimed, claimedAmount, daysAgo] of rows) {
    const created = now - daysAgo * DAY_MS - 2 * 3_600_000;
    const ends = created + (daysAgo === 0 ? 6 : 24) * 3_600_000;
    insert.run(memberId, title, total, count, claimed, claimedAmount, ends > now ? "RUNNING" : "ENDED", created, ends);
  }
}

function seedAnnouncements(db: Db, now: number): void {
  const insert = db.prepare(
    "INSERT INTO agent_announcements (merchant_code, title_zh, title_en, content_zh, content_en, published_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  insert.run(
    MERCHANT_CODE,
    "本月分红结算时间调整",
    "This month's dividend settlement moves",
    "本月分红将于 16 日及次月 1 日 12:00 前结算完毕，请留意合约中心的结算周期。",
    "Dividends for this month settle by 12:00 on the 16th and the 1st of next month; see the computation period of your contracts.",
    now - 2 * DAY_MS,
  );
  insert.run(
    MERCHANT_CODE,
    "代理推广素材更新",
    "New promotion material for agents",
    "新的横幅与推广链接模板已上线，可在注册中心复制您的专属推广码。",
    "New banners and link templates are online; copy your own affiliate code in the registration centre.",
    now - 9 * DAY_MS,
  );
  insert.run(
    MERCHANT_CODE,
    "下级转账规则说明",
    "How transfers to downlines work",
    "向下级转账即时到账，单笔最低 1 元；转出后无法撤回，请核对账号后再提交。",
    "Transfers to downlines arrive at once, at least 1 per transfer; they cannot be undone, so check the account before you send.",
    now - 30 * DAY_MS,
  );
}
