/** The chat area's tables (decision 048): the messages of each member's chat, and the keys and tokens that open it. */
import { MERCHANT_CODE, type Db } from "../db";
import { memberByUsername } from "../member/store";

export const CHAT_SCHEMA = `
CREATE TABLE IF NOT EXISTS chat_messages (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  member_id   INTEGER NOT NULL REFERENCES members(id),
  sender      TEXT NOT NULL CHECK (sender IN ('player', 'agent')),
  body        TEXT NOT NULL,
  read        INTEGER NOT NULL DEFAULT 0,
  created_at  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_messages_member ON chat_messages (member_id, read);
-- saveMemberInfoByAuthKey: the member a key stands for (stored by hash, short-lived).
CREATE TABLE IF NOT EXISTS chat_auth_keys (
  key_hash    TEXT PRIMARY KEY,
  member_id   INTEGER NOT NULL REFERENCES members(id),
  expires_at  INTEGER NOT NULL
);
-- The stand-in live-chat provider's tokens (verify-token/encode), stored by hash.
CREATE TABLE IF NOT EXISTS chat_tokens (
  token_hash  TEXT PRIMARY KEY,
  member_id   INTEGER NOT NULL REFERENCES members(id),
  expires_at  INTEGER NOT NULL
);
-- Members refused by CBS_groupPermission (tests turn it off per member).
CREATE TABLE IF NOT EXISTS chat_denied (
  member_id   INTEGER PRIMARY KEY REFERENCES members(id)
);
`;

/** The demo's welcome: player01 finds one unread answer from the service desk. */
export function seedChat(db: Db, now: number): void {
  const empty = (db.prepare("SELECT COUNT(*) AS n FROM chat_messages").get() as { n: number }).n === 0;
  const member = memberByUsername(db, MERCHANT_CODE, "player01");
  if (!empty || !member) return;
  const insert = db.prepare("INSERT INTO chat_messages (member_id, sender, body, read, created_at) VALUES (?, ?, ?, ?, ?)");
  insert.run(member.id, "player", "Hello, how do I claim the weekly rebate?", 1, now - 3_600_000);
  insert.run(member.id, "agent", "Hi! Open Rebates in the member centre and press Claim. Anything else?", 0, now - 3_000_000);
}
