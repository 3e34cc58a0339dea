/**
 * SQL of the points area: the configuration, the catalogue, point accounts, redemptions and
 * conversions. A redemption or a conversion is one SQLite transaction: the checks and every
 * balance it moves (points, the main wallet, the inventory) commit together or not at all.
 */
import Decimal from "decimal.js";
import type { Db } from "../db";
import type { GameLanguage } from "../games/names";
import { recordMoneyMove } from "../records/ledger";
import { POINT_ACCOUNT_TYPE_ID, POINT_TX_TYPES, type PointTxType } from "./catalogue";

export interface PointConfigRow {
  exchange_rate: string;
  live_bet: string;
  lotto_bet: string;
  pvp_bet: string;
  rng_bet: string;
  sport_bet: string;
  deposit: string;
  line_required: number;
}

export function pointConfig(db: Db, merchant: string): PointConfigRow | undefined {
  return db.prepare("SELECT * FROM point_config WHERE merchant_code = ?").get(merchant) as PointConfigRow | undefined;
}

export function setLineRequired(db: Db, merchant: string, required: boolean): void {
  db.prepare("UPDATE point_config SET line_required = ? WHERE merchant_code = ?").run(required ? 1 : 0, merchant);
}

const named = (json: string, lang: GameLanguage): string => {
  const names = JSON.parse(json) as Record<string, string>;
  return names[lang] ?? names.en ?? "";
};

export function rewardTypes(db: Db, merchant: string, lang: GameLanguage) {
  const rows = db.prepare("SELECT code, sort, names FROM point_reward_types WHERE merchant_code = ? ORDER BY sort").all(merchant) as {
    code: string;
    sort: number;
    names: string;
  }[];
  return rows.map((row) => ({ code: row.code, name: named(row.names, lang), sort: row.sort }));
}

export interface RewardRow {
  id: number;
  type_code: string;
  names: string;
  description: string;
  price: number | null;
  mp_points: number | null;
  mp_money: string | null;
  inventory: number;
  adjusted_count: number;
  images: number;
  hue: number;
  mark: string;
}

export interface RewardFilter {
  type?: string;
  id?: number;
}

export function rewardPage(db: Db, merchant: string, filter: RewardFilter, page: number, size: number) {
  const where = ["merchant_code = @merchant"];
  if (filter.type) where.push("type_code = @type");
  if (filter.id) where.push("id = @id");
  const params = { merchant, type: filter.type ?? null, id: filter.id ?? null };
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM point_rewards WHERE ${where.join(" AND ")}`).get(params) as { n: number }).n;
  const rows = db
    .prepare(`SELECT * FROM point_rewards WHERE ${where.join(" AND ")} ORDER BY sort LIMIT @size OFFSET @offset`)
    .all({ ...params, size, offset: (page - 1) * size }) as RewardRow[];
  return { rows, total };
}

/** Reward ids are unique across merchants: images are fetched by browsers, without a merchant. */
export function rewardById(db: Db, id: number): RewardRow | undefined {
  return db.prepare("SELECT * FROM point_rewards WHERE id = ?").get(id) as RewardRow | undefined;
}

export function rewardName(row: Pick<RewardRow, "names">, lang: GameLanguage): string {
  return named(row.names, lang);
}

export function rewardDescription(row: Pick<RewardRow, "description">, lang: GameLanguage): string {
  return named(row.description, lang);
}

export interface PointAccount {
  balance: Decimal;
  paymentPasswordHash: string | null;
}

export function pointAccount(db: Db, memberId: number): PointAccount {
  const row = db.prepare("SELECT balance, payment_password_hash FROM point_accounts WHERE member_id = ?").get(memberId) as
    { balance: string; payment_password_hash: string | null } | undefined;
  return { balance: new Decimal(row?.balance ?? "0"), paymentPasswordHash: row?.payment_password_hash ?? null };
}

function setPoints(db: Db, memberId: number, balance: Decimal): void {
  db.prepare(
    "INSERT INTO point_accounts (member_id, balance) VALUES (?, ?) ON CONFLICT(member_id) DO UPDATE SET balance = excluded.balance",
  ).run(memberId, balance.toFixed(2));
}

function mainBalance(db: Db, memberId: number): Decimal {
  const row = db.prepare("SELECT balance FROM wallets WHERE member_id = ?").get(memberId) as { balance: string } | undefined;
  return new Decimal(row?.balance ?? "0");
}

let txSequence = 0;

function pointTx(db: Db, memberId: number, type: PointTxType, amount: Decimal, balanceAfter: Decimal, now: number): void {
  txSequence = (txSequence + 1) % 1000;
  const names = POINT_TX_TYPES[type];
  db.prepare(
    `INSERT INTO account_transactions (tx_id, member_id, account_type_id, tx_type_id, tx_time, amount, balance_after, name_cn, name_en)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    `PT${memberId}-${now}-${String(txSequence).padStart(3, "0")}`,
    memberId,
    POINT_ACCOUNT_TYPE_ID,
    type,
    now,
    amount.toFixed(2),
    balanceAfter.toFixed(2),
    names.cn,
    names.en,
  );
}

/** The main account's side of a redemption or a conversion: a row of the one ledger (decision 037). */
function moneyTx(db: Db, memberId: number, amount: Decimal, now: number, what: { cn: string; en: string }): void {
  recordMoneyMove(db, { memberId, txTypeId: 1701, amount, now, name: what });
}

export type RedeemRefusal =
  | "reward.not.found"
  | "reward.sold.out"
  | "reward.quantity.invalid"
  | "redeem.type.invalid"
  | "point.insufficient"
  | "balance.insufficient";

export interface Redemption {
  rewardId: number;
  quantity: number;
  redeemType: "P" | "PM";
  province: string;
  remarks: string;
}

/** Redeems in one transaction: inventory, points and (PM) money are checked and moved together. */
export function redeem(db: Db, merchant: string, memberId: number, r: Redemption, now: number) {
  return db.transaction(() => {
    const reward = db.prepare("SELECT * FROM point_rewards WHERE id = ? AND merchant_code = ?").get(r.rewardId, merchant) as
      RewardRow | undefined;
    if (!reward) return "reward.not.found" as const;
    if (reward.inventory <= 0) return "reward.sold.out" as const;
    if (r.quantity < 1 || r.quantity > reward.inventory) return "reward.quantity.invalid" as const;
    const unitPoints = r.redeemType === "P" ? reward.price : reward.mp_points;
    if (unitPoints === null || (r.redeemType === "PM" && reward.mp_money === null)) return "redeem.type.invalid" as const;
    const points = new Decimal(unitPoints).times(r.quantity);
    const money = r.redeemType === "PM" ? new Decimal(reward.mp_money!).times(r.quantity) : new Decimal(0);
    const account = pointAccount(db, memberId);
    if (account.balance.lt(points)) return "point.insufficient" as const;
    const wallet = mainBalance(db, memberId);
    if (wallet.lt(money)) return "balance.insufficient" as const;

    const pointsAfter = account.balance.minus(points);
    setPoints(db, memberId, pointsAfter);
    pointTx(db, memberId, 9201, points.negated(), pointsAfter, now);
    if (money.gt(0)) {
      const walletAfter = wallet.minus(money);
      db.prepare("UPDATE wallets SET balance = ? WHERE member_id = ?").run(walletAfter.toFixed(2), memberId);
      moneyTx(db, memberId, money.negated(), now, { cn: "积分商城兑换", en: "Points mall redemption" });
    }
    db.prepare("UPDATE point_rewards SET inventory = inventory - ?, adjusted_count = adjusted_count + ? WHERE id = ?").run(
      r.quantity,
      r.quantity,
      reward.id,
    );
    const id = Number(
      db
        .prepare(
          `INSERT INTO point_redemptions (member_id, reward_id, requested_at, redeem_type, quantity, required_point, required_money, status, province, remarks)
           VALUES (?, ?, ?, ?, ?, ?, ?, 'P', ?, ?)`,
        )
        .run(memberId, reward.id, now, r.redeemType, r.quantity, points.toFixed(0), money.toFixed(2), r.province, r.remarks)
        .lastInsertRowid,
    );
    return { id, pointBalance: pointsAfter, inventory: reward.inventory - r.quantity, requiredPoint: points, requiredMoney: money };
  })();
}

/** Money from the main wallet into points at the merchant's exchange rate, in one transaction. */
export function convert(db: Db, merchant: string, memberId: number, amount: Decimal, now: number) {
  return db.transaction(() => {
    const config = pointConfig(db, merchant);
    if (!config) return "request.invalid" as const;
    const wallet = mainBalance(db, memberId);
    if (wallet.lt(amount)) return "balance.insufficient" as const;
    const points = amount.times(config.exchange_rate).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    const pointsAfter = pointAccount(db, memberId).balance.plus(points);
    const walletAfter = wallet.minus(amount);
    db.prepare("UPDATE wallets SET balance = ? WHERE member_id = ?").run(walletAfter.toFixed(2), memberId);
    setPoints(db, memberId, pointsAfter);
    pointTx(db, memberId, 9202, points, pointsAfter, now);
    moneyTx(db, memberId, amount.negated(), now, { cn: "余额兑换积分", en: "Converted to points" });
    return { points, pointBalance: pointsAfter, balance: walletAfter };
  })();
}

export interface RedemptionFilter {
  start: number;
  end: number;
  status?: string;
}

export function redemptionPage(db: Db, memberId: number, filter: RedemptionFilter, page: number, size: number) {
  const where = "r.member_id = @memberId AND r.requested_at BETWEEN @start AND @end" + (filter.status ? " AND r.status = @status" : "");
  const params = { memberId, start: filter.start, end: filter.end, status: filter.status ?? null };
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM point_redemptions r WHERE ${where}`).get(params) as { n: number }).n;
  const rows = db
    .prepare(
      `SELECT r.*, w.names FROM point_redemptions r JOIN point_rewards w ON w.id = r.reward_id
       WHERE ${where} ORDER BY r.requested_at DESC, r.id DESC LIMIT @size OFFSET @offset`,
    )
    .all({ ...params, size, offset: (page - 1) * size }) as {
    id: number;
    requested_at: number;
    redeem_type: string;
    quantity: number;
    required_point: string;
    required_money: string;
    status: string;
    names: string;
  }[];
  return { rows, total };
}

/** A reward's inventory, for tests that need one sold out or restocked. */
export function setInventory(db: Db, merchant: string, rewardId: number, inventory: number): boolean {
  return (
    db.prepare("UPDATE point_rewards SET inventory = ? WHERE id = ? AND merchant_code = ?").run(inventory, rewardId, merchant).changes === 1
  );
}

export function setPointBalance(db: Db, memberId: number, balance: Decimal): void {
  setPoints(db, memberId, balance);
}
