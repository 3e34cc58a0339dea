/**
 * The records area's tables and demo rows: betting records and account transactions of the demo
 * players over the last four months, generated deterministically (a seeded generator per account,
 * times relative to the seed's day in Asia/Shanghai), so every start of an empty database holds
 * the same kind of history ending today. Money is TEXT with two decimals, never a float.
 */
import Decimal from "decimal.js";
import { isEmpty, MERCHANT_CODE, SECOND_MERCHANT_CODE, type Db } from "../db";

export const RECORDS_SCHEMA = `
CREATE TABLE IF NOT EXISTS bet_records (
  order_no      TEXT PRIMARY KEY,
  member_id     INTEGER NOT NULL REFERENCES members(id),
  bet_time      INTEGER NOT NULL,
  vendor        TEXT NOT NULL,
  vendor_name   TEXT NOT NULL,
  game_name_cn  TEXT NOT NULL,
  game_name_en  TEXT NOT NULL,
  product_type  TEXT NOT NULL,            -- LIVE RNG SPORTS LOTT FISH PVP ESPORTS
  bet_amount    TEXT NOT NULL,
  valid_bet     TEXT NOT NULL,
  win_loss      TEXT NOT NULL,            -- the player's result: negative is a loss
  status        TEXT NOT NULL             -- SETTLED UNSETTLED CANCELLED
);
CREATE INDEX IF NOT EXISTS bet_records_member_time ON bet_records (member_id, bet_time);
CREATE TABLE IF NOT EXISTS account_transactions (
  tx_id            TEXT PRIMARY KEY,
  member_id        INTEGER NOT NULL REFERENCES members(id),
  account_type_id  INTEGER NOT NULL,      -- 1 the main account (9 would be points)
  tx_type_id       INTEGER NOT NULL,
  tx_time          INTEGER NOT NULL,
  amount           TEXT NOT NULL,         -- signed: money in is positive
  balance_after    TEXT NOT NULL,
  name_cn          TEXT NOT NULL,
  name_en          TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS account_transactions_member_time ON account_transactions (member_id, account_type_id, tx_time);
`;

export const PRODUCT_TYPES = ["LIVE", "RNG", "SPORTS", "LOTT", "FISH", "PVP", "ESPORTS"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const BET_STATUSES = ["SETTLED", "UNSETTLED", "CANCELLED"] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

/** The main account's transaction types (txTypeId) and their names. */
export const TX_TYPES = {
  1101: { key: "deposit", cn: "存款", en: "Deposit" },
  1201: { key: "withdrawal", cn: "取款", en: "Withdrawal" },
  1301: { key: "transfer", cn: "钱包转账", en: "Wallet transfer" },
  1401: { key: "bonus", cn: "活动彩金", en: "Bonus" },
  1501: { key: "rebate", cn: "返水", en: "Rebate" },
  1601: { key: "adjustment", cn: "人工调整", en: "Adjustment" },
} as const;
export type TxTypeId = keyof typeof TX_TYPES;
export const TX_TYPE_IDS = Object.keys(TX_TYPES).map(Number) as TxTypeId[];
export const MAIN_ACCOUNT_TYPE_ID = 1;

export const DAY_MS = 86_400_000;
/** Asia/Shanghai: UTC+8 all year. */
export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
/** Start of the Shanghai day that holds `time`. */
export const dayStartOf = (time: number) => Math.floor((time + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
/** How far back the demo history goes. */
export const HISTORY_DAYS = 120;

/** Lottery games: the games area has no lottery vendor, so these are the records area's own. */
const LOTTERY_GAMES = [
  { cn: "极速赛车", en: "Speed Racing" },
  { cn: "幸运快三", en: "Lucky K3" },
  { cn: "分分彩", en: "Minute Lotto" },
  { cn: "幸运飞艇", en: "Lucky Airship" },
];
const LOTTERY_VENDOR = { code: "LTO", name: "Lotto Garden" };

/** How many rows each demo account gets. */
const SEEDED: readonly { merchant: string; username: string; bets: number }[] = [
  { merchant: MERCHANT_CODE, username: "player01", bets: 320 },
  { merchant: MERCHANT_CODE, username: "agent001", bets: 220 },
  { merchant: SECOND_MERCHANT_CODE, username: "tiger01", bets: 120 },
];

/** A small deterministic generator (mulberry32) seeded from a name. */
export function generator(name: string): () => number {
  let state = 0;
  for (const ch of name) state = (Math.imul(state ^ ch.codePointAt(0)!, 2_654_435_761) + 1) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface GameChoice {
  vendor: string;
  vendorName: string;
  cn: string;
  en: string;
}

/** The catalogue's games of a product type with their CN and EN names (the games area seeds first). */
function gamesOf(db: Db, type: ProductType): GameChoice[] {
  if (type === "LOTT") return LOTTERY_GAMES.map((g) => ({ vendor: LOTTERY_VENDOR.code, vendorName: LOTTERY_VENDOR.name, ...g }));
  const rows = db
    .prepare(
      `SELECT g.vendor, v.display_name AS vendorName, cn.name AS cn, en.name AS en FROM games g
         JOIN game_vendors v ON v.code = g.vendor
         JOIN game_names cn ON cn.node_id = g.node_id AND cn.language = 'cn'
         JOIN game_names en ON en.node_id = g.node_id AND en.language = 'en'
       WHERE g.game_type = ? AND g.launch_error IS NULL AND v.maintenance = 0 ORDER BY g.node_id LIMIT 40`,
    )
    .all(type) as GameChoice[];
  return rows.length ? rows : [{ vendor: type.slice(0, 3), vendorName: type, cn: `${type} 游戏`, en: `${type} game` }];
}

const cents = (n: number) => new Decimal(n).dividedBy(100).toFixed(2);
const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)];

/** Product types weighted as players play them: slots and live most, lottery and e-sports least. */
const TYPE_WEIGHTS: readonly ProductType[] = [
  "RNG",
  "RNG",
  "RNG",
  "LIVE",
  "LIVE",
  "LIVE",
  "SPORTS",
  "SPORTS",
  "FISH",
  "PVP",
  "PVP",
  "LOTT",
  "ESPORTS",
];
const STAKES = [1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000];

function seedBets(db: Db, memberId: number, username: string, count: number, now: number, games: Map<ProductType, GameChoice[]>) {
  const rand = generator(`bets:${username}`);
  const today = dayStartOf(now);
  const insert = db.prepare(
    `INSERT INTO bet_records (order_no, member_id, bet_time, vendor, vendor_name, game_name_cn, game_name_en, product_type,
       bet_amount, valid_bet, win_loss, status)
     VALUES (@orderNo, @memberId, @betTime, @vendor, @vendorName, @cn, @en, @type, @bet, @valid, @winLoss, @status)`,
  );
  for (let i = 0; i < count; i++) {
    // The first bets fall today (so the default range shows rows); the rest lean towards recent days.
    const betTime =
      i < 8 ? today + Math.floor(rand() * Math.max(1, now - today)) : now - Math.floor(Math.pow(rand(), 1.4) * HISTORY_DAYS * DAY_MS);
    const type = pick(rand, TYPE_WEIGHTS);
    const game = pick(rand, games.get(type)!);
    const stake = pick(rand, STAKES) + (rand() < 0.3 ? Math.floor(rand() * 100) * 10 : 0);
    const recent = now - betTime < 2 * DAY_MS;
    const roll = rand();
    const status: BetStatus = recent && roll < 0.15 ? "UNSETTLED" : roll > 0.94 ? "CANCELLED" : "SETTLED";
    let winLoss = 0;
    if (status === "SETTLED") {
      const outcome = rand();
      // A house edge: over many bets the player loses a little.
      if (outcome < 0.5) winLoss = -stake;
      else if (outcome < 0.6) winLoss = -Math.floor(stake * rand() * 0.5);
      else winLoss = Math.floor(stake * (0.2 + rand() * 1.7));
    }
    insert.run({
      orderNo: `BT${String(memberId).padStart(3, "0")}${String(count - i).padStart(6, "0")}`,
      memberId,
      betTime,
      vendor: game.vendor,
      vendorName: game.vendorName,
      cn: game.cn,
      en: game.en,
      type,
      bet: cents(stake),
      valid: status === "SETTLED" ? cents(stake) : "0.00",
      winLoss: cents(winLoss),
      status,
    });
  }
}

/** Rebate of a day's valid bets, posted the next morning. */
const REBATE_RATE = new Decimal("0.008");

function seedTransactions(db: Db, memberId: number, username: string, now: number) {
  const rand = generator(`transactions:${username}`);
  const today = dayStartOf(now);
  const first = today - HISTORY_DAYS * DAY_MS;
  type Tx = { time: number; type: TxTypeId; amount: Decimal };
  const txs: Tx[] = [];
  // Valid bets by day, for the rebates.
  const validByDay = new Map<number, Decimal>();
  for (const row of db.prepare("SELECT bet_time, valid_bet FROM bet_records WHERE member_id = ?").all(memberId) as {
    bet_time: number;
    valid_bet: string;
  }[]) {
    const day = dayStartOf(row.bet_time);
    validByDay.set(day, (validByDay.get(day) ?? new Decimal(0)).plus(row.valid_bet));
  }
  const signed = (amount: number, out: boolean) => (out ? new Decimal(amount).negated() : new Decimal(amount));
  for (let day = first; day <= today; day += DAY_MS) {
    const at = (hour: number) => day + Math.floor((hour + rand()) * 3_600_000);
    const valid = validByDay.get(day - DAY_MS);
    if (valid && valid.gt(0)) txs.push({ time: at(6), type: 1501, amount: valid.times(REBATE_RATE).toDecimalPlaces(2) });
    if (rand() < 0.14) txs.push({ time: at(10), type: 1101, amount: signed(pick(rand, [100, 200, 500, 1000, 2000]), false) });
    // Wallet transfers: to a game wallet (money out) or back (money in).
    if (rand() < 0.5) txs.push({ time: at(13), type: 1301, amount: signed(pick(rand, [50, 100, 200, 500, 1000]), rand() < 0.5) });
    if (rand() < 0.12) txs.push({ time: at(16), type: 1401, amount: signed(pick(rand, [8, 18, 38, 88, 188]), false) });
    if (rand() < 0.1) txs.push({ time: at(19), type: 1201, amount: signed(pick(rand, [200, 500, 1000, 2000]), true) });
    if (rand() < 0.03) txs.push({ time: at(21), type: 1601, amount: new Decimal(Math.floor(rand() * 20000) - 8000).dividedBy(100) });
  }
  const kept = txs.filter((tx) => tx.time <= now).sort((a, b) => a.time - b.time);
  // The opening deposit makes the history end at the wallet's balance, never dipping below zero.
  let running = new Decimal(0);
  let lowest = new Decimal(0);
  for (const tx of kept) {
    running = running.plus(tx.amount);
    if (running.lt(lowest)) lowest = running;
  }
  const held = db.prepare("SELECT balance FROM wallets WHERE member_id = ?").get(memberId) as { balance: string } | undefined;
  const wallet = new Decimal(held?.balance ?? "0").toDecimalPlaces(2);
  let opening = wallet.minus(running);
  if (opening.plus(lowest).lt(0) || opening.lte(0)) {
    // The wallet holds less than this history needs: a larger opening, and the rest withdrawn just now.
    opening = lowest.negated().plus(1000);
    const last = kept.length ? kept[kept.length - 1].time : first;
    kept.push({ time: Math.max(last + 1, now - 60_000), type: 1201, amount: wallet.minus(opening).minus(running) });
  }
  kept.unshift({ time: first + 9 * 3_600_000, type: 1101, amount: opening });
  const insert = db.prepare(
    `INSERT INTO account_transactions (tx_id, member_id, account_type_id, tx_type_id, tx_time, amount, balance_after, name_cn, name_en)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let balance = new Decimal(0);
  kept.forEach((tx, i) => {
    balance = balance.plus(tx.amount);
    const names = TX_TYPES[tx.type];
    insert.run(
      `TX${String(memberId).padStart(3, "0")}${String(i + 1).padStart(6, "0")}`,
      memberId,
      MAIN_ACCOUNT_TYPE_ID,
      tx.type,
      tx.time,
      tx.amount.toFixed(2),
      balance.toFixed(2),
      names.cn,
      names.en,
    );
  });
}

export function seedRecords(db: Db, now: number): void {
  if (!isEmpty(db, "bet_records") || !isEmpty(db, "account_transactions")) return;
  const games = new Map(PRODUCT_TYPES.map((type) => [type, gamesOf(db, type)] as const));
  for (const account of SEEDED) {
    const member = db.prepare("SELECT id FROM members WHERE merchant_code = ? AND username = ?").get(account.merchant, account.username) as
      { id: number } | undefined;
    if (!member) continue;
    seedBets(db, member.id, account.username, account.bets, now, games);
    seedTransactions(db, member.id, account.username, now);
  }
}

/** Bets and account history for one more member (the agents area's team): as the demo accounts get. */
export function seedMemberHistory(db: Db, memberId: number, username: string, bets: number, now: number): void {
  const games = new Map(PRODUCT_TYPES.map((type) => [type, gamesOf(db, type)] as const));
  seedBets(db, memberId, username, bets, now, games);
  seedTransactions(db, memberId, username, now);
}
