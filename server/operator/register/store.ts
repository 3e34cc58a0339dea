/** SQL of the register area: the merchant's register rules and its affiliate codes. */
import type { Db } from "../db";
import type { RegisterRuleSeed } from "./seed";

export interface RegisterRuleRow {
  field_key: string;
  type: string;
  required: number;
  enabled: number;
  min_length: number | null;
  max_length: number | null;
  accepted_pattern: string | null;
  pattern_id: number | null;
  message: string | null;
}

export function registerRules(db: Db, merchantCode: string): RegisterRuleRow[] {
  return db.prepare("SELECT * FROM register_rules WHERE merchant_code = ? ORDER BY position").all(merchantCode) as RegisterRuleRow[];
}

/** Replaces every rule of the merchant, in the order given (the seed, and tests that need other rules). */
export function replaceRegisterRules(db: Db, merchantCode: string, rules: readonly RegisterRuleSeed[]): void {
  const insert = db.prepare(
    `INSERT INTO register_rules (merchant_code, field_key, position, type, required, enabled, min_length, max_length, accepted_pattern, pattern_id, message)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    db.prepare("DELETE FROM register_rules WHERE merchant_code = ?").run(merchantCode);
    rules.forEach((r, i) =>
      insert.run(
        merchantCode,
        r.key,
        i,
        r.type,
        r.required ? 1 : 0,
        r.enabled ? 1 : 0,
        r.minLength,
        r.maxLength,
        r.acceptedPattern,
        r.patternId,
        r.message,
      ),
    );
  })();
}

export function activeAffiliate(db: Db, merchantCode: string, code: string): boolean {
  const row = db.prepare("SELECT active FROM affiliates WHERE merchant_code = ? AND code = ?").get(merchantCode, code) as
    { active: number } | undefined;
  return row?.active === 1;
}

/** The agent kinds a team hangs under (the agents area's agent.only check names the same ones). */
const AGENT_KINDS = [1, 2, 41, 42];

/**
 * The agent whose affiliate code this is, when the code is live and its owner is an agent: a
 * registration through that agent's link joins the agent's team (issue 23). Codes of the
 * merchant's own campaigns (no owner) and of members who are no agent name nobody.
 */
export function affiliateAgent(db: Db, merchantCode: string, code: string): number | null {
  const row = db
    .prepare(
      `SELECT m.id, m.agent_type AS agentType FROM affiliates a JOIN members m ON m.id = a.member_id
       WHERE a.merchant_code = ? AND a.code = ? AND a.active = 1`,
    )
    .get(merchantCode, code) as { id: number; agentType: number } | undefined;
  return row && AGENT_KINDS.includes(row.agentType) ? row.id : null;
}
