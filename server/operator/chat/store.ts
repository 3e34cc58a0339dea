/** The chat area's SQL (decision 048). */
import { hashToken, newToken } from "../crypto";
import type { Db } from "../db";

export interface ChatMessageRow {
  id: number;
  sender: "player" | "agent";
  body: string;
  read: number;
  created_at: number;
}

const KEY_LIFE_MS = 10 * 60_000;
const TOKEN_LIFE_MS = 12 * 3600_000;

export function unreadOf(db: Db, memberId: number): number {
  return (
    db.prepare("SELECT COUNT(*) AS n FROM chat_messages WHERE member_id = ? AND sender = 'agent' AND read = 0").get(memberId) as {
      n: number;
    }
  ).n;
}

/** The latest messages, oldest first; reading them marks the agent's as read. */
export function readMessages(db: Db, memberId: number, limit = 30): ChatMessageRow[] {
  const rows = db
    .prepare("SELECT id, sender, body, read, created_at FROM chat_messages WHERE member_id = ? ORDER BY id DESC LIMIT ?")
    .all(memberId, limit) as ChatMessageRow[];
  db.prepare("UPDATE chat_messages SET read = 1 WHERE member_id = ? AND sender = 'agent' AND read = 0").run(memberId);
  return rows.reverse();
}

export function addMessage(db: Db, memberId: number, sender: "player" | "agent", body: string, now: number): void {
  db.prepare("INSERT INTO chat_messages (member_id, sender, body, read, created_at) VALUES (?, ?, ?, ?, ?)").run(
    memberId,
    sender,
    body,
    sender === "player" ? 1 : 0,
    now,
  );
}

export function newAuthKey(db: Db, memberId: number, now: number): string {
  const key = newToken();
  db.prepare("DELETE FROM chat_auth_keys WHERE expires_at <= ?").run(now);
  db.prepare("INSERT INTO chat_auth_keys (key_hash, member_id, expires_at) VALUES (?, ?, ?)").run(
    hashToken(key),
    memberId,
    now + KEY_LIFE_MS,
  );
  return key;
}

export function memberOfAuthKey(db: Db, key: string, now: number): number | null {
  const row = db.prepare("SELECT member_id FROM chat_auth_keys WHERE key_hash = ? AND expires_at > ?").get(hashToken(key), now) as
    { member_id: number } | undefined;
  return row?.member_id ?? null;
}

export function newChatToken(db: Db, memberId: number, now: number): string {
  const token = newToken();
  db.prepare("DELETE FROM chat_tokens WHERE expires_at <= ?").run(now);
  db.prepare("INSERT INTO chat_tokens (token_hash, member_id, expires_at) VALUES (?, ?, ?)").run(
    hashToken(token),
    memberId,
    now + TOKEN_LIFE_MS,
  );
  return token;
}

export function memberOfChatToken(db: Db, token: string, now: number): number | null {
  const row = db.prepare("SELECT member_id FROM chat_tokens WHERE token_hash = ? AND expires_at > ?").get(hashToken(token), now) as
    { member_id: number } | undefined;
  return row?.member_id ?? null;
}

export function chatPermitted(db: Db, memberId: number): boolean {
  return !db.prepare("SELECT 1 FROM chat_denied WHERE member_id = ?").get(memberId);
}

export function setChatPermitted(db: Db, memberId: number, permitted: boolean): void {
  if (permitted) db.prepare("DELETE FROM chat_denied WHERE member_id = ?").run(memberId);
  else db.prepare("INSERT OR IGNORE INTO chat_denied (member_id) VALUES (?)").run(memberId);
}

export function nicknameOf(db: Db, memberId: number): string {
  const row = db.prepare("SELECT nickname, username FROM members WHERE id = ?").get(memberId) as
    { nickname: string; username: string } | undefined;
  return row ? row.nickname || row.username : "";
}
