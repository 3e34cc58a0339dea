/** SQL of the inbox area that more than one call needs: unread counts, new messages and receipts. */
import type { Db } from "../db";

const DAY = 24 * 3600_000;
/** Document 002 §4: the unread count covers the last 7 days. */
export const UNREAD_WINDOW_MS = 7 * DAY;

export function unreadCount(db: Db, memberId: number, now: number): number {
  const row = db
    .prepare("SELECT COUNT(*) AS n FROM inbox_messages WHERE member_id = ? AND read = 0 AND sent_at >= ?")
    .get(memberId, now - UNREAD_WINDOW_MS) as { n: number };
  return row.n;
}

/** A message from the back office, in both languages' columns when it was written in one. */
export function addMessage(
  db: Db,
  memberId: number,
  m: { subjectZh: string; subjectEn: string; contentZh: string; contentEn: string },
  now: number,
) {
  return Number(
    db
      .prepare(
        "INSERT INTO inbox_messages (member_id, subject_zh, subject_en, content_zh, content_en, read, sent_at) VALUES (?, ?, ?, ?, ?, 0, ?)",
      )
      .run(memberId, m.subjectZh, m.subjectEn, m.contentZh, m.contentEn, now).lastInsertRowid,
  );
}

/** Receipts the member has not answered yet. */
export function waitingConfirmations(db: Db, memberId: number): number {
  const row = db.prepare("SELECT COUNT(*) AS n FROM payment_confirmations WHERE member_id = ? AND answer IS NULL").get(memberId) as {
    n: number;
  };
  return row.n;
}

export function addConfirmation(db: Db, memberId: number, c: { amount: string; payer: string; isAutoConfirmed: "Y" | "N" }, now: number) {
  return Number(
    db
      .prepare(
        "INSERT INTO payment_confirmations (member_id, amount, remaining_amount, is_auto_confirmed, payer, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(memberId, c.amount, c.amount, c.isAutoConfirmed, c.payer, now).lastInsertRowid,
  );
}
