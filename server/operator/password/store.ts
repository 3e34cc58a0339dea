/** SQL of the password area: the reset mails it records instead of sending. */
import type { Db } from "../db";
import type { MemberRow } from "../member/store";

export function recordPasswordMail(db: Db, member: MemberRow, email: string, now: number): void {
  db.prepare("INSERT INTO password_mails (merchant_code, member_id, username, email, created_at) VALUES (?, ?, ?, ?, ?)").run(
    member.merchant_code,
    member.id,
    member.username,
    email,
    now,
  );
}

/** The mails "sent" to a username, oldest first. */
export function passwordMailsTo(db: Db, username: string): { username: string; email: string; sentAt: number }[] {
  return db
    .prepare("SELECT username, email, created_at AS sentAt FROM password_mails WHERE username = ? COLLATE NOCASE ORDER BY id")
    .all(username) as { username: string; email: string; sentAt: number }[];
}
