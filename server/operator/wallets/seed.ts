/**
 * Game wallets beside each member's main wallet (the member area's `wallets` table), the
 * transfers between them, uplines for the transfer to the upline, cashier tickets and the orders
 * the back office decided, and the demo
 * members of this area: single01 (a single-wallet account: GCS_merchantWallet answers isSingle)
 * and down01 (a member with agent001 as its upline).
 */
import { seedHash } from "../member/seed";
import { MERCHANT_CODE, type Db } from "../db";
import { createMember, memberByUsername } from "../member/store";

export const WALLETS_SCHEMA = `
CREATE TABLE IF NOT EXISTS game_wallets (
  member_id    INTEGER NOT NULL REFERENCES members(id),
  code         TEXT NOT NULL,              -- the vendor's wallet, e.g. AGL
  account_name TEXT NOT NULL,
  display_name TEXT NOT NULL,
  balance      TEXT NOT NULL,              -- decimal string, never a float
  PRIMARY KEY (member_id, code)
);
CREATE TABLE IF NOT EXISTS wallet_transfers (
  id         INTEGER PRIMARY KEY,
  member_id  INTEGER NOT NULL REFERENCES members(id),
  from_code  TEXT NOT NULL,                -- MAIN, a game wallet's code, or UPLINE:<member id>
  to_code    TEXT NOT NULL,
  amount     TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS member_wallet_settings (
  member_id INTEGER PRIMARY KEY REFERENCES members(id),
  is_single INTEGER NOT NULL DEFAULT 0,
  upline_id INTEGER REFERENCES members(id)
);
CREATE TABLE IF NOT EXISTS cashier_orders (
  order_no   TEXT PRIMARY KEY,
  member_id  INTEGER NOT NULL REFERENCES members(id),
  kind       TEXT NOT NULL,                -- deposit | withdraw
  amount     TEXT NOT NULL,
  status     TEXT NOT NULL,                -- SUCCESS | REJECTED: the back office's decision
  remarks    TEXT NOT NULL DEFAULT '',
  decided_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS cashier_tickets (
  ticket     TEXT PRIMARY KEY,
  member_id  INTEGER NOT NULL REFERENCES members(id),
  kind       TEXT NOT NULL,                -- deposit | withdraw
  expires_at INTEGER NOT NULL
);
`;

/** The main wallet's code in transfers and in the wallet list. */
export const MAIN_WALLET = "MAIN";

export const DEMO_GAME_WALLETS: readonly { code: string; name: string; balances: Record<string, string> }[] = [
  { code: "AGL", name: "AG Live", balances: { player01: "500.00", agent001: "1200.00" } },
  { code: "PTX", name: "PT Slots", balances: { player01: "88.50", agent001: "0.00" } },
  { code: "SBO", name: "SBO Sports", balances: { player01: "0.00", agent001: "300.25" } },
  { code: "KYC", name: "KY Cards", balances: { player01: "20.00", agent001: "15.00" } },
];

export const WALLET_DEMO_ACCOUNTS = [
  { username: "single01", password: "Single123", nickname: "Single Wallet", balance: "3000.00" },
  { username: "down01", password: "Down1234", nickname: "Downline Player", balance: "2000.00" },
] as const;

export function seedWallets(db: Db, now: number): void {
  const insertWallet = db.prepare(
    "INSERT OR IGNORE INTO game_wallets (member_id, code, account_name, display_name, balance) VALUES (?, ?, ?, ?, ?)",
  );
  for (const username of ["player01", "agent001"]) {
    const member = memberByUsername(db, MERCHANT_CODE, username);
    if (!member) continue;
    for (const w of DEMO_GAME_WALLETS) insertWallet.run(member.id, w.code, `${w.code}_${username}`, w.name, w.balances[username] ?? "0.00");
  }
  const agent = memberByUsername(db, MERCHANT_CODE, "agent001");
  for (const account of WALLET_DEMO_ACCOUNTS) {
    if (memberByUsername(db, MERCHANT_CODE, account.username)) continue;
    const member = createMember(db, {
      merchantCode: MERCHANT_CODE,
      username: account.username,
      passwordHash: seedHash(account.password),
      nickname: account.nickname,
      balance: account.balance,
      now,
    });
    db.prepare("INSERT INTO member_wallet_settings (member_id, is_single, upline_id) VALUES (?, ?, ?)").run(
      member.id,
      account.username === "single01" ? 1 : 0,
      account.username === "down01" ? (agent?.id ?? null) : null,
    );
    if (account.username === "down01")
      for (const w of DEMO_GAME_WALLETS) insertWallet.run(member.id, w.code, `${w.code}_down01`, w.name, "0.00");
  }
}
