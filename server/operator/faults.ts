/**
 * Two things a real operator's gateway does around every changing call, which the portal's
 * money rules are tested against (decision 035):
 *
 * - Idempotency: a POST, PUT or DELETE that carries `Idempotency-Key` acts once per merchant and
 *   key. A repeat (also one that arrives while the first is still being handled) gets the first
 *   outcome again, whatever it was, without acting.
 * - Faults (test and demo mode only, armed through /__reference/faults): the operator acts, then
 *   its answer is lost on the way back — cut short (a 2xx whose JSON breaks off), replaced by a
 *   500 page, held back past the portal's time-out, answered with a value of the wrong shape, or
 *   the connection reset. What "lost after acting" means is exactly what a portal must not
 *   take for a refusal.
 */
import type { Db } from "./db";
import type { Reply } from "./http";

export const FAULT_MODES = ["cut", "500", "late", "reset", "shape"] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface FaultPlan {
  mode: FaultMode;
  /** Only calls to this path (e.g. /wps/relay/GCS_walletTransfer); every changing call when absent. */
  path?: string;
  /** How many calls it takes; then it is spent. */
  count: number;
  /** For "late": how long the answer is held back. */
  lateMs: number;
}

export const IDEMPOTENCY_SCHEMA = `
CREATE TABLE IF NOT EXISTS idempotent_replies (
  merchant_code TEXT NOT NULL,
  key           TEXT NOT NULL,
  reply         TEXT NOT NULL,
  created_at    INTEGER NOT NULL,
  PRIMARY KEY (merchant_code, key)
);
`;

/** A key as a client may send it: printable, bounded. */
const KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;

export class IdempotencyStore {
  private readonly running = new Map<string, Promise<Reply>>();

  constructor(private readonly db: Db) {
    db.exec(IDEMPOTENCY_SCHEMA);
  }

  static validKey(key: string | undefined): key is string {
    return typeof key === "string" && KEY_PATTERN.test(key);
  }

  /** The first outcome of the key, acting only when there is none yet. */
  async once(merchantCode: string, key: string, act: () => Promise<Reply>, now: number, replayed: () => void): Promise<Reply> {
    const id = `${merchantCode}\n${key}`;
    const stored = this.db.prepare("SELECT reply FROM idempotent_replies WHERE merchant_code = ? AND key = ?").get(merchantCode, key) as
      { reply: string } | undefined;
    if (stored) {
      replayed();
      return JSON.parse(stored.reply) as Reply;
    }
    const running = this.running.get(id);
    if (running) {
      replayed();
      return running;
    }
    const acting = act().then((reply) => {
      // A day of keys, as the portal keeps its own; older ones are swept as new ones come.
      this.db.prepare("DELETE FROM idempotent_replies WHERE created_at < ?").run(now - 24 * 60 * 60 * 1000);
      this.db
        .prepare("INSERT OR REPLACE INTO idempotent_replies (merchant_code, key, reply, created_at) VALUES (?, ?, ?, ?)")
        .run(merchantCode, key, JSON.stringify(reply), now);
      return reply;
    });
    this.running.set(id, acting);
    try {
      return await acting;
    } finally {
      this.running.delete(id);
    }
  }

  /** How many outcomes are kept for a merchant (tests). */
  count(merchantCode: string): number {
    return (this.db.prepare("SELECT COUNT(*) AS n FROM idempotent_replies WHERE merchant_code = ?").get(merchantCode) as { n: number }).n;
  }
}

/** The armed faults, taken in order by the changing calls they match. */
export class FaultSwitch {
  private plans: FaultPlan[] = [];

  arm(plan: FaultPlan): void {
    this.plans.push(plan);
  }

  clear(): void {
    this.plans = [];
  }

  list(): readonly FaultPlan[] {
    return this.plans;
  }

  /** The fault this call meets, if any (spending one of its count). */
  take(method: string, path: string): FaultPlan | null {
    if (method === "GET" || path.startsWith("/__reference/")) return null;
    const plan = this.plans.find((p) => !p.path || p.path === path);
    if (!plan) return null;
    plan.count -= 1;
    if (plan.count <= 0) this.plans = this.plans.filter((p) => p !== plan);
    return plan;
  }

  /** A plan from a posted body, or null when it is not one. */
  static parse(body: unknown): FaultPlan | null {
    if (typeof body !== "object" || body === null) return null;
    const { mode, path, count, lateMs } = body as Record<string, unknown>;
    if (!FAULT_MODES.includes(mode as FaultMode)) return null;
    if (path !== undefined && (typeof path !== "string" || !path.startsWith("/"))) return null;
    const n = count === undefined ? 1 : Number(count);
    const late = lateMs === undefined ? 30_000 : Number(lateMs);
    if (!Number.isInteger(n) || n < 1 || n > 1000 || !Number.isFinite(late) || late < 0 || late > 600_000) return null;
    return { mode: mode as FaultMode, path: path as string | undefined, count: n, lateMs: late };
  }
}
