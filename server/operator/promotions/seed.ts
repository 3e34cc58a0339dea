/**
 * Tables and demo rows of the promotions area: promotions of every type per merchant, the
 * members' claims (with their images as blobs), sign-in / newbie / rescue tasks and raffles.
 * Times are epoch milliseconds; money is a decimal string.
 */
import { isEmpty, MERCHANT_CODE, SECOND_MERCHANT_CODE, type Db } from "../db";
import { memberByUsername } from "../member/store";

export const PROMOTIONS_SCHEMA = `
CREATE TABLE IF NOT EXISTS promotions (
  id                   INTEGER PRIMARY KEY,
  merchant_code        TEXT NOT NULL REFERENCES merchants(code),
  type                 TEXT NOT NULL,
  title_zh             TEXT NOT NULL,
  title_en             TEXT NOT NULL,
  remark_required      TEXT NOT NULL DEFAULT 'N',
  image_required       TEXT NOT NULL DEFAULT 'N',
  linked_promotion_id  INTEGER,
  enabled              INTEGER NOT NULL DEFAULT 1,
  sort                 INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS promotion_claims (
  id            INTEGER PRIMARY KEY,
  member_id     INTEGER NOT NULL REFERENCES members(id),
  promotion_id  INTEGER NOT NULL REFERENCES promotions(id),
  status        TEXT NOT NULL,
  remarks       TEXT NOT NULL DEFAULT '',
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS promotion_claims_member ON promotion_claims (member_id, promotion_id);
CREATE TABLE IF NOT EXISTS promotion_claim_images (
  id        INTEGER PRIMARY KEY,
  claim_id  INTEGER NOT NULL REFERENCES promotion_claims(id),
  kind      TEXT NOT NULL,
  bytes     BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS promotion_tasks (
  id                INTEGER PRIMARY KEY,
  merchant_code     TEXT NOT NULL REFERENCES merchants(code),
  task_type         TEXT NOT NULL,
  title_zh          TEXT NOT NULL,
  title_en          TEXT NOT NULL,
  target            INTEGER NOT NULL,
  progress_default  INTEGER NOT NULL DEFAULT 0,
  reward            TEXT NOT NULL,
  sort              INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS promotion_task_requests (
  member_id     INTEGER NOT NULL REFERENCES members(id),
  task_id       INTEGER NOT NULL REFERENCES promotion_tasks(id),
  requested_at  INTEGER NOT NULL,
  PRIMARY KEY (member_id, task_id)
);
CREATE TABLE IF NOT EXISTS raffles (
  schedule_id    INTEGER PRIMARY KEY,
  promotion_id   INTEGER NOT NULL REFERENCES promotions(id),
  title_zh       TEXT NOT NULL,
  title_en       TEXT NOT NULL,
  starts_at      INTEGER NOT NULL,
  ends_at        INTEGER NOT NULL,
  due_at         INTEGER NOT NULL,
  prize_value    TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS raffle_claims (
  id              INTEGER PRIMARY KEY,
  member_id       INTEGER NOT NULL REFERENCES members(id),
  schedule_id     INTEGER NOT NULL REFERENCES raffles(schedule_id),
  ticket_id       TEXT NOT NULL,
  transaction_id  TEXT NOT NULL,
  claimed_at      INTEGER NOT NULL,
  UNIQUE (member_id, schedule_id)
);
`;

type Flag = "Y" | "N";
interface PromotionSeed {
  type: string;
  zh: string;
  en: string;
  remark: Flag;
  image: Flag;
  /** Index (in this list) of the promotion this one is linked to. */
  linked?: number;
}

/** Every type of document 002 §3; the counted ones are claimable through the apply dialog (RAFFLE through its raffle). */
export const PROMOTION_SEEDS: readonly PromotionSeed[] = [
  { type: "MANUAL", zh: "首存红利申请", en: "First deposit bonus", remark: "Y", image: "Y" },
  { type: "MANUAL", zh: "每周返水申请", en: "Weekly cashback", remark: "N", image: "N" },
  { type: "TICKET", zh: "幸运彩票券", en: "Lucky lottery ticket", remark: "Y", image: "N" },
  { type: "REGISTER", zh: "注册彩金", en: "Sign-up bonus", remark: "N", image: "N" },
  { type: "LOGIN", zh: "每日登录奖励", en: "Daily login reward", remark: "N", image: "N" },
  { type: "SAVIOR", zh: "亏损救援金", en: "Loss rescue fund", remark: "N", image: "Y" },
  { type: "MISSION", zh: "每日任务", en: "Daily missions", remark: "N", image: "N" },
  { type: "MISSION_MANUAL", zh: "任务奖励申请", en: "Mission reward claim", remark: "N", image: "N", linked: 6 },
  { type: "RAFFLE", zh: "幸运大抽奖", en: "Lucky raffle", remark: "N", image: "N" },
  { type: "REFERRAL", zh: "邀请好友", en: "Invite friends", remark: "N", image: "N" },
];

const TASK_SEEDS = [
  { type: "SIGNIN", zh: "连续签到 3 天", en: "Sign in 3 days in a row", target: 3, progress: 3, reward: "8.00" },
  { type: "SIGNIN", zh: "连续签到 7 天", en: "Sign in 7 days in a row", target: 7, progress: 3, reward: "28.00" },
  { type: "NEWBIE", zh: "完成首次存款", en: "Make a first deposit", target: 1, progress: 1, reward: "18.00" },
  { type: "NEWBIE", zh: "绑定手机号码", en: "Bind a mobile number", target: 1, progress: 0, reward: "5.00" },
  { type: "RESCUE", zh: "单日亏损救援", en: "Daily loss rescue", target: 1, progress: 1, reward: "38.00" },
] as const;

const HOUR = 3600_000;

/** Raffles relative to the seed time: one running, one starting later (the tip counts down), one ended. */
export const RAFFLE_SEEDS = [
  { zh: "周末幸运抽奖", en: "Weekend lucky raffle", start: -HOUR, end: 24 * HOUR, due: 24 * HOUR, prize: "10.00" },
  { zh: "午夜幸运抽奖", en: "Midnight lucky raffle", start: 2 * HOUR, end: 26 * HOUR, due: 26 * HOUR, prize: "20.00" },
  { zh: "上周幸运抽奖", en: "Last week's raffle", start: -48 * HOUR, end: -HOUR, due: HOUR, prize: "5.00" },
] as const;

export function seedPromotionsForMerchant(db: Db, merchantCode: string, now: number): void {
  const insert = db.prepare(
    `INSERT INTO promotions (merchant_code, type, title_zh, title_en, remark_required, image_required, linked_promotion_id, sort)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const ids: number[] = [];
  PROMOTION_SEEDS.forEach((p, i) => {
    const linked = p.linked === undefined ? null : ids[p.linked];
    ids.push(Number(insert.run(merchantCode, p.type, p.zh, p.en, p.remark, p.image, linked, i).lastInsertRowid));
  });
  const task = db.prepare(
    "INSERT INTO promotion_tasks (merchant_code, task_type, title_zh, title_en, target, progress_default, reward, sort) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  TASK_SEEDS.forEach((t, i) => task.run(merchantCode, t.type, t.zh, t.en, t.target, t.progress, t.reward, i));
  const raffleId = ids[PROMOTION_SEEDS.findIndex((p) => p.type === "RAFFLE")];
  const raffle = db.prepare(
    "INSERT INTO raffles (promotion_id, title_zh, title_en, starts_at, ends_at, due_at, prize_value) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  for (const r of RAFFLE_SEEDS) raffle.run(raffleId, r.zh, r.en, now + r.start, now + r.end, now + r.due, r.prize);
}

/**
 * The demo history of player01: the weekly cashback approved, the daily login reward rejected
 * (claimable again). The reset helper writes it again (for `onlyMemberId` when it is player01).
 */
export function seedClaimHistory(db: Db, now: number, onlyMemberId: number | null = null): void {
  const player = memberByUsername(db, MERCHANT_CODE, "player01");
  if (!player || (onlyMemberId !== null && onlyMemberId !== player.id)) return;
  const idOf = (type: string, index = 0) =>
    (
      db
        .prepare("SELECT id FROM promotions WHERE merchant_code = ? AND type = ? ORDER BY sort LIMIT 1 OFFSET ?")
        .get(MERCHANT_CODE, type, index) as { id: number } | undefined
    )?.id;
  const insert = db.prepare(
    "INSERT INTO promotion_claims (member_id, promotion_id, status, remarks, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const weekly = idOf("MANUAL", 1);
  const login = idOf("LOGIN");
  if (weekly) insert.run(player.id, weekly, "APPROVED", "", now - 72 * HOUR, now - 70 * HOUR);
  if (login) insert.run(player.id, login, "REJECTED", "", now - 30 * HOUR, now - 29 * HOUR);
}

export function seedPromotions(db: Db, now: number): void {
  if (!isEmpty(db, "promotions")) return;
  for (const code of [MERCHANT_CODE, SECOND_MERCHANT_CODE]) {
    if (db.prepare("SELECT 1 FROM merchants WHERE code = ?").get(code)) seedPromotionsForMerchant(db, code, now);
  }
  seedClaimHistory(db, now);
}
