/**
 * The inbox (messages with read state), payment confirmations (peer-to-peer withdrawal receipts)
 * and feedback with its image. Demo rows: 28 messages for player01 over six weeks (some unread
 * inside the 7-day window, some outside it), and three confirmations for payee01, a member of
 * this area, so that the confirmation dialog does not stand in front of player01's journeys.
 */
import { MERCHANT_CODE, type Db } from "../db";
import { createMember, memberByUsername } from "../member/store";
import { seedHash } from "../member/seed";

export const INBOX_SCHEMA = `
CREATE TABLE IF NOT EXISTS inbox_messages (
  id         INTEGER PRIMARY KEY,
  member_id  INTEGER NOT NULL REFERENCES members(id),
  subject_zh TEXT NOT NULL,
  subject_en TEXT NOT NULL,
  content_zh TEXT NOT NULL,
  content_en TEXT NOT NULL,
  read       INTEGER NOT NULL DEFAULT 0,
  sent_at    INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS inbox_by_member ON inbox_messages (member_id, sent_at);
CREATE TABLE IF NOT EXISTS payment_confirmations (
  pay_detail_id     INTEGER PRIMARY KEY,
  member_id         INTEGER NOT NULL REFERENCES members(id),
  amount            TEXT NOT NULL,
  remaining_amount  TEXT NOT NULL,
  is_auto_confirmed TEXT NOT NULL,         -- Y | N
  payer             TEXT NOT NULL,
  created_at        INTEGER NOT NULL,
  answer            TEXT,                  -- NULL until processed: Y | N | A
  proof             BLOB,
  processed_at      INTEGER
);
CREATE TABLE IF NOT EXISTS feedback (
  id          INTEGER PRIMARY KEY,
  merchant    TEXT NOT NULL,
  member_id   INTEGER REFERENCES members(id),
  sender      TEXT NOT NULL,
  content     TEXT NOT NULL,
  type        INTEGER NOT NULL,
  image       BLOB,
  image_type  TEXT,
  created_at  INTEGER NOT NULL
);
`;

const DAY = 24 * 3600_000;
const TOPICS: [string, string, string, string][] = [
  ["存款到账通知", "Deposit received", "您的存款已到账，祝您游戏愉快。", "Your deposit has arrived. Enjoy your games."],
  ["周末返水活动", "Weekend rebate", "本周末所有真人游戏返水提高至1.2%。", "This weekend every live game pays 1.2% rebate."],
  [
    "系统维护公告",
    "Scheduled maintenance",
    "系统将于周二凌晨2点至4点维护。",
    "The site is under maintenance on Tuesday from 02:00 to 04:00.",
  ],
  [
    "VIP 升级礼金",
    "VIP upgrade bonus",
    "恭喜您升级，礼金已发放至您的账户。",
    "Congratulations on your new level: the bonus is in your account.",
  ],
];

export const PAYEE_ACCOUNT = { username: "payee01", password: "Payee1234", nickname: "Payee Player" } as const;

export function seedInbox(db: Db, now: number): void {
  const player = memberByUsername(db, MERCHANT_CODE, "player01");
  const hasMessages = db.prepare("SELECT 1 FROM inbox_messages LIMIT 1").get();
  if (player && !hasMessages) {
    const insert = db.prepare(
      "INSERT INTO inbox_messages (member_id, subject_zh, subject_en, content_zh, content_en, read, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    for (let i = 0; i < 28; i++) {
      const [zh, en, czh, cen] = TOPICS[i % TOPICS.length];
      // Every 1.5 days back; the newest five unread (inside the 7-day window), two older ones unread too.
      const unread = i < 5 || i === 10 || i === 11;
      insert.run(player.id, `${zh} #${28 - i}`, `${en} #${28 - i}`, czh, cen, unread ? 0 : 1, now - i * 1.5 * DAY - 3600_000);
    }
  }
  if (!memberByUsername(db, MERCHANT_CODE, PAYEE_ACCOUNT.username)) {
    const payee = createMember(db, {
      merchantCode: MERCHANT_CODE,
      username: PAYEE_ACCOUNT.username,
      passwordHash: seedHash(PAYEE_ACCOUNT.password),
      nickname: PAYEE_ACCOUNT.nickname,
      balance: "500.00",
      now,
    });
    seedConfirmations(db, payee.id, now);
  }
}

/** Three receipts waiting: two to confirm by hand, one the operator would auto-confirm later. */
export function seedConfirmations(db: Db, memberId: number, now: number): void {
  db.prepare("DELETE FROM payment_confirmations WHERE member_id = ?").run(memberId);
  const insert = db.prepare(
    "INSERT INTO payment_confirmations (member_id, amount, remaining_amount, is_auto_confirmed, payer, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  insert.run(memberId, "300.00", "300.00", "N", "Zhang **", now - 2 * 3600_000);
  insert.run(memberId, "1250.50", "250.50", "N", "Li **", now - 5 * 3600_000);
  insert.run(memberId, "88.00", "88.00", "Y", "Wang **", now - 26 * 3600_000);
}
