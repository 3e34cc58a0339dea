/**
 * The points area's tables and demo rows (document 002, sections 3 and 5; decision 033): the
 * point configuration per merchant, reward types and rewards (catalogue.ts), the members' point
 * accounts with an optional payment password (PAYMENTPASS3), redemptions, and four months of point
 * history in the records area's account_transactions under the points account (accountTypeId 9),
 * ending at each account's balance.
 */
import Decimal from "decimal.js";
import { MERCHANT_CODE, SECOND_MERCHANT_CODE, isEmpty, type Db } from "../db";
import { seedHash } from "../member/seed";
import { generator } from "../records/seed";
import { POINT_ACCOUNT_TYPE_ID, POINT_TX_TYPES, REWARD_TYPES, REWARDS, type PointTxType } from "./catalogue";

export const POINTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS point_config (
  merchant_code  TEXT PRIMARY KEY REFERENCES merchants(code),
  exchange_rate  TEXT NOT NULL,     -- points per unit of money converted
  live_bet       TEXT NOT NULL,     -- points earned per unit of valid bet, by game type
  lotto_bet      TEXT NOT NULL,
  pvp_bet        TEXT NOT NULL,
  rng_bet        TEXT NOT NULL,
  sport_bet      TEXT NOT NULL,
  deposit        TEXT NOT NULL,
  line_required  INTEGER NOT NULL   -- the redeem form asks for a LINE ID (required)
);
CREATE TABLE IF NOT EXISTS point_reward_types (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  code          TEXT NOT NULL,
  sort          INTEGER NOT NULL,
  names         TEXT NOT NULL,      -- JSON by language
  PRIMARY KEY (merchant_code, code)
);
CREATE TABLE IF NOT EXISTS point_rewards (
  id             INTEGER PRIMARY KEY,
  merchant_code  TEXT NOT NULL REFERENCES merchants(code),
  type_code      TEXT NOT NULL,
  sort           INTEGER NOT NULL,
  names          TEXT NOT NULL,     -- JSON by language
  description    TEXT NOT NULL,     -- JSON by language
  price          INTEGER,           -- points (redeem type P); NULL: points plus money only
  mp_points      INTEGER,           -- points plus money (PM); NULL: points only
  mp_money       TEXT,
  inventory      INTEGER NOT NULL,
  adjusted_count INTEGER NOT NULL DEFAULT 0,  -- how many were redeemed
  images         INTEGER NOT NULL,
  hue            INTEGER NOT NULL,
  mark           TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS point_rewards_type ON point_rewards (merchant_code, type_code, sort);
CREATE TABLE IF NOT EXISTS point_accounts (
  member_id              INTEGER PRIMARY KEY REFERENCES members(id),
  balance                TEXT NOT NULL,
  payment_password_hash  TEXT            -- PAYMENTPASS3: checked instead of the login password
);
CREATE TABLE IF NOT EXISTS point_redemptions (
  id              INTEGER PRIMARY KEY,
  member_id       INTEGER NOT NULL REFERENCES members(id),
  reward_id       INTEGER NOT NULL REFERENCES point_rewards(id),
  requested_at    INTEGER NOT NULL,
  redeem_type     TEXT NOT NULL,   -- P | PM
  quantity        INTEGER NOT NULL,
  required_point  TEXT NOT NULL,
  required_money  TEXT NOT NULL,
  status          TEXT NOT NULL,   -- P pending, A approved, R rejected (points refunded)
  province        TEXT NOT NULL,
  remarks         TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS point_redemptions_member ON point_redemptions (member_id, requested_at);
`;

/** Demo accounts with a point history, and their payment passwords (PAYMENTPASS3). */
export const POINT_ACCOUNTS: readonly { merchant: string; username: string; paymentPassword: string | null }[] = [
  { merchant: MERCHANT_CODE, username: "player01", paymentPassword: "Pay12345" },
  { merchant: MERCHANT_CODE, username: "agent001", paymentPassword: null },
  { merchant: SECOND_MERCHANT_CODE, username: "tiger01", paymentPassword: null },
];

/** Points every seeded history starts with: a welcome grant, so the demo can redeem the costly rewards. */
const OPENING_POINTS = 120_000;
const HISTORY_DAYS = 120;
const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const dayStartOf = (time: number) => Math.floor((time + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;

export function seedPoints(db: Db, now: number): void {
  for (const merchant of [MERCHANT_CODE, SECOND_MERCHANT_CODE]) seedMerchant(db, merchant);
  if (!isEmpty(db, "point_accounts")) return;
  for (const account of POINT_ACCOUNTS) {
    const member = db.prepare("SELECT id FROM members WHERE merchant_code = ? AND username = ?").get(account.merchant, account.username) as
      { id: number } | undefined;
    if (!member) continue;
    seedHistory(db, member.id, account.merchant, account.username, now);
    if (account.paymentPassword) {
      db.prepare("UPDATE point_accounts SET payment_password_hash = ? WHERE member_id = ?").run(
        seedHash(account.paymentPassword),
        member.id,
      );
    }
  }
}

function seedMerchant(db: Db, merchant: string): void {
  if (db.prepare("SELECT 1 FROM point_config WHERE merchant_code = ?").get(merchant)) return;
  // The Thai merchant's players are reached on LINE: its redeem form asks for a LINE ID.
  db.prepare(
    `INSERT INTO point_config (merchant_code, exchange_rate, live_bet, lotto_bet, pvp_bet, rng_bet, sport_bet, deposit, line_required)
     VALUES (?, '10', '0.005', '0.003', '0.004', '0.006', '0.0045', '0.01', ?)`,
  ).run(merchant, merchant === SECOND_MERCHANT_CODE ? 1 : 0);
  const insertType = db.prepare("INSERT INTO point_reward_types (merchant_code, code, sort, names) VALUES (?, ?, ?, ?)");
  REWARD_TYPES.forEach((t, i) => insertType.run(merchant, t.code, i + 1, JSON.stringify(t.names)));
  const insertReward = db.prepare(
    `INSERT INTO point_rewards (merchant_code, type_code, sort, names, description, price, mp_points, mp_money, inventory, images, hue, mark)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  REWARDS.forEach((reward, i) =>
    insertReward.run(
      merchant,
      reward.type,
      i + 1,
      JSON.stringify(reward.names),
      JSON.stringify(reward.description),
      reward.price,
      reward.pm?.points ?? null,
      reward.pm?.money ?? null,
      reward.inventory,
      reward.images,
      reward.hue,
      reward.mark,
    ),
  );
}

interface Tx {
  time: number;
  type: PointTxType | 9103;
  amount: Decimal;
}

const TX_NAMES: Record<number, { cn: string; en: string }> = { ...POINT_TX_TYPES, 9103: { cn: "活动赠送积分", en: "Promotion points" } };

const REMARKS = [
  "姓名: 王小明; 电话: 13800138000; 地址: 上海市浦东新区世纪大道 100 号",
  "Name: Demo Player; Phone: 0812345678; Address: 99 Sukhumvit Rd, Bangkok",
];

/** Four months of points: a welcome grant, daily points from bets, deposit points, redemptions (some refunded), a conversion a month. */
function seedHistory(db: Db, memberId: number, merchant: string, username: string, now: number): void {
  const rand = generator(`points:${username}`);
  const today = dayStartOf(now);
  const first = today - HISTORY_DAYS * DAY_MS;
  const rewards = db
    .prepare(
      "SELECT id, price, mp_points, mp_money FROM point_rewards WHERE merchant_code = ? AND price IS NOT NULL AND price <= 6000 AND inventory > 0",
    )
    .all(merchant) as {
    id: number;
    price: number;
  }[];
  const txs: Tx[] = [{ time: first + 9 * 3_600_000, type: 9103, amount: new Decimal(OPENING_POINTS) }];
  let balance = new Decimal(OPENING_POINTS);
  const insertRedemption = db.prepare(
    `INSERT INTO point_redemptions (member_id, reward_id, requested_at, redeem_type, quantity, required_point, required_money, status, province, remarks)
     VALUES (?, ?, ?, 'P', ?, ?, '0', ?, ?, ?)`,
  );
  for (let day = first + DAY_MS; day <= today; day += DAY_MS) {
    const at = (hour: number) => day + Math.floor((hour + rand()) * 3_600_000);
    const push = (tx: Tx) => {
      if (tx.time > now) return;
      txs.push(tx);
      balance = balance.plus(tx.amount);
    };
    if (rand() < 0.7) push({ time: at(5), type: 9101, amount: new Decimal(Math.floor(20 + rand() * 180)) });
    if (rand() < 0.1) push({ time: at(11), type: 9102, amount: new Decimal(Math.floor(5 + rand() * 45) * 10) });
    if (rand() < 0.15) push({ time: at(12), type: 9203, amount: new Decimal(0) });
    if (day % (30 * DAY_MS) < DAY_MS) push({ time: at(15), type: 9202, amount: new Decimal(1000) });
    if (rand() < 0.12 && rewards.length) {
      const reward = rewards[Math.floor(rand() * rewards.length)];
      const quantity = rand() < 0.8 ? 1 : 2;
      const cost = new Decimal(reward.price).times(quantity);
      const time = at(20);
      if (time > now || balance.lt(cost)) continue;
      const age = (today - day) / DAY_MS;
      const status = age < 3 ? "P" : rand() < 0.2 ? "R" : "A";
      push({ time, type: 9201, amount: cost.negated() });
      insertRedemption.run(memberId, reward.id, time, quantity, cost.toFixed(0), status, "", REMARKS[merchant === MERCHANT_CODE ? 0 : 1]);
      if (status === "R") push({ time: Math.min(time + DAY_MS, now - 1), type: 9204, amount: cost });
    }
  }
  txs.sort((a, b) => a.time - b.time);
  const insert = db.prepare(
    `INSERT INTO account_transactions (tx_id, member_id, account_type_id, tx_type_id, tx_time, amount, balance_after, name_cn, name_en)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let running = new Decimal(0);
  txs.forEach((tx, i) => {
    running = running.plus(tx.amount);
    const name = TX_NAMES[tx.type];
    insert.run(
      `PT${String(memberId).padStart(3, "0")}${String(i + 1).padStart(6, "0")}`,
      memberId,
      POINT_ACCOUNT_TYPE_ID,
      tx.type,
      tx.time,
      tx.amount.toFixed(2),
      running.toFixed(2),
      name.cn,
      name.en,
    );
  });
  db.prepare("INSERT INTO point_accounts (member_id, balance) VALUES (?, ?)").run(memberId, running.toFixed(2));
}
