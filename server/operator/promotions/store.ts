/** SQL of the promotions area: promotions with a member's claim state, claims and their images, tasks, raffles. */
import { randomBytes } from "node:crypto";
import Decimal from "decimal.js";
import type { Db } from "../db";
import { recordMoneyMove } from "../records/ledger";

export type ClaimStatus = "PENDING" | "APPROVED" | "REJECTED";
export type Lang = "zh" | "en";

export interface PromotionRow {
  id: number;
  type: string;
  title_zh: string;
  title_en: string;
  remark_required: "Y" | "N";
  image_required: "Y" | "N";
  linked_promotion_id: number | null;
  enabled: number;
  /** The member's latest claim of it, or null. */
  claim_status: ClaimStatus | null;
}

/** A promotion the member may (still) claim: never claimed, or the last claim was rejected. */
export const claimable = (p: Pick<PromotionRow, "claim_status" | "enabled">) =>
  p.enabled === 1 && (p.claim_status === null || p.claim_status === "REJECTED");

const LATEST_STATUS = `(SELECT c.status FROM promotion_claims c WHERE c.member_id = ? AND c.promotion_id = p.id ORDER BY c.id DESC LIMIT 1)`;

export function promotionsOf(db: Db, merchantCode: string, memberId: number): PromotionRow[] {
  return db
    .prepare(`SELECT p.*, ${LATEST_STATUS} AS claim_status FROM promotions p WHERE p.merchant_code = ? ORDER BY p.sort, p.id`)
    .all(memberId, merchantCode) as PromotionRow[];
}

export function promotionOf(db: Db, merchantCode: string, memberId: number, id: number): PromotionRow | undefined {
  return db
    .prepare(`SELECT p.*, ${LATEST_STATUS} AS claim_status FROM promotions p WHERE p.merchant_code = ? AND p.id = ?`)
    .get(memberId, merchantCode, id) as PromotionRow | undefined;
}

export interface StoredImage {
  kind: "jpeg" | "png";
  bytes: Buffer;
}

export function createClaim(db: Db, memberId: number, promotionId: number, remarks: string, images: StoredImage[], now: number): number {
  return db.transaction(() => {
    const id = Number(
      db
        .prepare(
          "INSERT INTO promotion_claims (member_id, promotion_id, status, remarks, created_at, updated_at) VALUES (?, ?, 'PENDING', ?, ?, ?)",
        )
        .run(memberId, promotionId, remarks, now, now).lastInsertRowid,
    );
    const image = db.prepare("INSERT INTO promotion_claim_images (claim_id, kind, bytes) VALUES (?, ?, ?)");
    for (const i of images) image.run(id, i.kind, i.bytes);
    return id;
  })();
}

export interface ClaimRow {
  id: number;
  promotion_id: number;
  type: string;
  title_zh: string;
  title_en: string;
  status: ClaimStatus;
  remarks: string;
  created_at: number;
  updated_at: number;
  image_count: number;
}

const CLAIM_SELECT = `SELECT c.id, c.promotion_id, p.type, p.title_zh, p.title_en, c.status, c.remarks, c.created_at, c.updated_at,
  (SELECT COUNT(*) FROM promotion_claim_images i WHERE i.claim_id = c.id) AS image_count
  FROM promotion_claims c JOIN promotions p ON p.id = c.promotion_id`;

export function claimsOf(db: Db, memberId: number, pageNo: number, pageSize: number): { rows: ClaimRow[]; total: number } {
  const total = (db.prepare("SELECT COUNT(*) AS n FROM promotion_claims WHERE member_id = ?").get(memberId) as { n: number }).n;
  const rows = db
    .prepare(`${CLAIM_SELECT} WHERE c.member_id = ? ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?`)
    .all(memberId, pageSize, (pageNo - 1) * pageSize) as ClaimRow[];
  return { rows, total };
}

/** For the test helpers: a member's claims with their images' kinds and sizes. */
export function claimsWithImages(db: Db, memberId: number) {
  const rows = db.prepare(`${CLAIM_SELECT} WHERE c.member_id = ? ORDER BY c.id`).all(memberId) as ClaimRow[];
  const images = db.prepare("SELECT kind, length(bytes) AS size FROM promotion_claim_images WHERE claim_id = ? ORDER BY id");
  return rows.map((r) => ({ ...r, images: images.all(r.id) as { kind: string; size: number }[] }));
}

/** The member and promotion of a claim (for the message of its decision). */
export function claimOwnerOf(db: Db, claimId: number): { memberId: number; title_zh: string; title_en: string } | undefined {
  return db
    .prepare(
      "SELECT c.member_id AS memberId, p.title_zh, p.title_en FROM promotion_claims c JOIN promotions p ON p.id = c.promotion_id WHERE c.id = ?",
    )
    .get(claimId) as { memberId: number; title_zh: string; title_en: string } | undefined;
}

export function setClaimStatus(db: Db, claimId: number, status: ClaimStatus, now: number): boolean {
  return db.prepare("UPDATE promotion_claims SET status = ?, updated_at = ? WHERE id = ?").run(status, now, claimId).changes === 1;
}

/** Forgets claims, task requests and raffle claims (of one member, or of everyone). */
export function resetClaims(db: Db, memberId: number | null): void {
  db.transaction(() => {
    const where = memberId === null ? "" : " WHERE member_id = ?";
    const args = memberId === null ? [] : [memberId];
    db.prepare(`DELETE FROM promotion_claim_images WHERE claim_id IN (SELECT id FROM promotion_claims${where})`).run(...args);
    db.prepare(`DELETE FROM promotion_claims${where}`).run(...args);
    db.prepare(`DELETE FROM promotion_task_requests${where}`).run(...args);
    db.prepare(`DELETE FROM raffle_claims${where}`).run(...args);
  })();
}

export interface TaskRow {
  id: number;
  task_type: string;
  title_zh: string;
  title_en: string;
  target: number;
  progress_default: number;
  reward: string;
  requested_at: number | null;
}

export function tasksOf(db: Db, merchantCode: string, memberId: number, taskType: string): TaskRow[] {
  return db
    .prepare(
      `SELECT t.*, r.requested_at FROM promotion_tasks t
       LEFT JOIN promotion_task_requests r ON r.task_id = t.id AND r.member_id = ?
       WHERE t.merchant_code = ? AND t.task_type = ? ORDER BY t.sort, t.id`,
    )
    .all(memberId, merchantCode, taskType) as TaskRow[];
}

export function taskOf(db: Db, merchantCode: string, memberId: number, taskId: number): TaskRow | undefined {
  return db
    .prepare(
      `SELECT t.*, r.requested_at FROM promotion_tasks t
       LEFT JOIN promotion_task_requests r ON r.task_id = t.id AND r.member_id = ?
       WHERE t.merchant_code = ? AND t.id = ?`,
    )
    .get(memberId, merchantCode, taskId) as TaskRow | undefined;
}

export function taskStatus(t: TaskRow): "IN_PROGRESS" | "CLAIMABLE" | "REQUESTED" {
  if (t.requested_at !== null) return "REQUESTED";
  return Math.min(t.progress_default, t.target) >= t.target ? "CLAIMABLE" : "IN_PROGRESS";
}

/** Records the request; false when it was already there (a second request of the same task). */
export function requestTask(db: Db, memberId: number, taskId: number, now: number): boolean {
  return (
    db
      .prepare("INSERT OR IGNORE INTO promotion_task_requests (member_id, task_id, requested_at) VALUES (?, ?, ?)")
      .run(memberId, taskId, now).changes === 1
  );
}

export interface RaffleRow {
  schedule_id: number;
  promotion_id: number;
  title_zh: string;
  title_en: string;
  starts_at: number;
  ends_at: number;
  due_at: number;
  prize_value: string;
}

/** The merchant's raffles whose tip is not yet due. */
export function rafflesOf(db: Db, merchantCode: string, now: number): RaffleRow[] {
  return db
    .prepare(
      `SELECT r.* FROM raffles r JOIN promotions p ON p.id = r.promotion_id
       WHERE p.merchant_code = ? AND p.enabled = 1 AND r.due_at > ? ORDER BY r.starts_at, r.schedule_id`,
    )
    .all(merchantCode, now) as RaffleRow[];
}

export function raffleOf(db: Db, merchantCode: string, promotionId: number, scheduleId: number): RaffleRow | undefined {
  return db
    .prepare(
      `SELECT r.* FROM raffles r JOIN promotions p ON p.id = r.promotion_id
       WHERE p.merchant_code = ? AND r.promotion_id = ? AND r.schedule_id = ?`,
    )
    .get(merchantCode, promotionId, scheduleId) as RaffleRow | undefined;
}

export interface RaffleClaimRow {
  id: number;
  ticket_id: string;
  transaction_id: string;
  claimed_at: number;
}

export function raffleClaimOf(db: Db, memberId: number, scheduleId: number): RaffleClaimRow | undefined {
  return db.prepare("SELECT * FROM raffle_claims WHERE member_id = ? AND schedule_id = ?").get(memberId, scheduleId) as
    RaffleClaimRow | undefined;
}

/** The member's ticket of the raffle; undefined when it was claimed already. */
export function claimRaffle(db: Db, memberId: number, scheduleId: number, now: number): RaffleClaimRow | undefined {
  const ticket = `RT${randomBytes(5).toString("hex").toUpperCase()}`;
  const transaction = `TX${now}${randomBytes(3).toString("hex").toUpperCase()}`;
  const done = db
    .prepare("INSERT OR IGNORE INTO raffle_claims (member_id, schedule_id, ticket_id, transaction_id, claimed_at) VALUES (?, ?, ?, ?, ?)")
    .run(memberId, scheduleId, ticket, transaction, now);
  return done.changes === 1 ? raffleClaimOf(db, memberId, scheduleId) : undefined;
}

/** Moves a raffle's times (test helper): starts in `startsInMs`, lasting as before. */
export function moveRaffle(db: Db, scheduleId: number, times: { startsAt: number; endsAt: number; dueAt: number }): boolean {
  return (
    db
      .prepare("UPDATE raffles SET starts_at = ?, ends_at = ?, due_at = ? WHERE schedule_id = ?")
      .run(times.startsAt, times.endsAt, times.dueAt, scheduleId).changes === 1
  );
}

/** A manual promotion's bonus into the main wallet, with its ledger row; answers the balance after. */
export function grantManualBonus(db: Db, memberId: number, amount: Decimal, title: string, now: number): string | null {
  return db.transaction(() => {
    const held = db.prepare("SELECT balance FROM wallets WHERE member_id = ?").get(memberId) as { balance: string } | undefined;
    if (!held) return null;
    const after = new Decimal(held.balance).plus(amount).toFixed(2);
    db.prepare("UPDATE wallets SET balance = ? WHERE member_id = ?").run(after, memberId);
    recordMoneyMove(db, { memberId, txTypeId: 1401, amount, now, name: { cn: `活动彩金 ${title}`, en: `Bonus ${title}` } });
    return after;
  })();
}
