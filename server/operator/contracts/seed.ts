/**
 * Contract requests (document 002, sections 3 and 4; decision 031): dividend, daily, hourly and
 * real-time salary contracts an upline offers an agent (or a member with a daily salary), per
 * product type, in every status. agent001 and salary01 get the demo set; a test gives any member
 * the same set through POST /__reference/contracts/reset.
 */
import { MERCHANT_CODE, type Db } from "../db";
import { createMember, memberByUsername } from "../member/store";
import { seedHash } from "../member/seed";

export const CONTRACT_KINDS = ["dividend", "daily", "hourly", "realtime"] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** P pending, E (treated as pending), V active; R rejected and T terminated leave the lists. */
export type ContractStatus = "P" | "E" | "V" | "R" | "T";

export const PRODUCT_TYPES = ["LIVE", "RNG", "CONS", "SPORTS", "LOTT", "FISH", "ELOTT", "PVP", "DEPOSIT"] as const;

export const SALARY_ACCOUNT = { username: "salary01", password: "Salary123", nickname: "Salary Player" } as const;

export const CONTRACTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS contracts (
  id                  INTEGER PRIMARY KEY,
  member_id           INTEGER NOT NULL REFERENCES members(id),
  kind                TEXT NOT NULL,          -- dividend | daily | hourly | realtime
  product_type        TEXT NOT NULL,
  status              TEXT NOT NULL,          -- P | E | V | R | T
  multi_level         INTEGER NOT NULL DEFAULT 0, -- daily salary of several levels (DAYSALMR)
  higher_rate         TEXT NOT NULL DEFAULT 'N',  -- downlineHigherRate
  computation_period  TEXT,                   -- dividend only
  terms               TEXT NOT NULL,          -- JSON: the kind's own fields
  created_at          INTEGER NOT NULL,
  decided_at          INTEGER
);
CREATE INDEX IF NOT EXISTS contracts_member ON contracts (member_id, kind, status);
`;

interface SeedContract {
  kind: ContractKind;
  productType: string;
  status: ContractStatus;
  higherRate?: boolean;
  multiLevel?: boolean;
  computationPeriod?: string;
  terms: Record<string, unknown>;
}

const dividendTerms = (minimumBet: string, netLoss: string, activeMember: number, contractRate: number, required: boolean) => ({
  minimumBet,
  netLoss,
  activeMember,
  contractRate,
  periodicTotalBet: required ? "500000" : "0",
  periodicTotalBetRequired: required ? "Y" : "N",
});

const dailyTiers = (...tiers: [string, number, "P" | "F", string][]) => ({
  details: tiers.map(([betVolume, activeMember, rateType, rate]) => ({ betVolume, activeMember, rateType, rate })),
});

const hourlyTiers = (...tiers: [string, number, "P" | "F", string][]) => ({
  hourSalaryRates: tiers.map(([minimumBet, activeMember, rateType, rate]) => ({ minimumBet, activeMember, rateType, rate })),
});

const realtimeTiers = (...tiers: [string, string, string][]) => ({
  realTimeSalaryRates: tiers.map(([betAmount, lossRate, winRate]) => ({ betAmount, lossRate, winRate })),
});

/** The agent's set: two of each kind waiting, one active of each, higher rates among them. */
export const AGENT_CONTRACTS: readonly SeedContract[] = [
  { kind: "dividend", productType: "LIVE", status: "P", computationPeriod: "MONTHLY", terms: dividendTerms("10000", "50000", 5, 25, true) },
  {
    kind: "dividend",
    productType: "LOTT",
    status: "E",
    higherRate: true,
    computationPeriod: "HALF_MONTHLY",
    terms: dividendTerms("5000", "20000", 3, 40, false),
  },
  {
    kind: "dividend",
    productType: "SPORTS",
    status: "V",
    computationPeriod: "MONTHLY",
    terms: dividendTerms("8000", "30000", 4, 30, false),
  },
  {
    kind: "daily",
    productType: "RNG",
    status: "P",
    terms: dailyTiers(["10000", 3, "P", "0.005"], ["50000", 8, "P", "0.008"], ["200000", 20, "F", "1888"]),
  },
  { kind: "daily", productType: "FISH", status: "P", higherRate: true, terms: dailyTiers(["20000", 5, "P", "0.012"]) },
  { kind: "daily", productType: "LIVE", status: "V", terms: dailyTiers(["30000", 5, "P", "0.006"]) },
  { kind: "daily", productType: "PVP", status: "V", multiLevel: true, terms: dailyTiers(["15000", 4, "P", "0.004"]) },
  { kind: "hourly", productType: "CONS", status: "P", terms: hourlyTiers(["2000", 2, "P", "0.003"], ["10000", 5, "F", "88"]) },
  { kind: "hourly", productType: "ELOTT", status: "E", higherRate: true, terms: hourlyTiers(["5000", 3, "P", "0.0075"]) },
  { kind: "hourly", productType: "RNG", status: "V", terms: hourlyTiers(["3000", 2, "P", "0.002"]) },
  { kind: "realtime", productType: "SPORTS", status: "P", terms: realtimeTiers(["1000", "0.01", "0.002"], ["10000", "0.015", "0.003"]) },
  { kind: "realtime", productType: "DEPOSIT", status: "V", terms: realtimeTiers(["500", "0.005", "0.001"]) },
];

/** A member with a daily salary: one request waiting. */
export const MEMBER_CONTRACTS: readonly SeedContract[] = [
  { kind: "daily", productType: "LIVE", status: "P", terms: dailyTiers(["5000", 0, "P", "0.003"], ["20000", 0, "P", "0.005"]) },
];

/** Replaces a member's contracts with a set (a test's fresh start). */
export function seedContractsFor(db: Db, memberId: number, now: number, set: readonly SeedContract[] = AGENT_CONTRACTS): void {
  db.prepare("DELETE FROM contracts WHERE member_id = ?").run(memberId);
  const insert = db.prepare(
    `INSERT INTO contracts (member_id, kind, product_type, status, multi_level, higher_rate, computation_period, terms, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  set.forEach((c, i) =>
    insert.run(
      memberId,
      c.kind,
      c.productType,
      c.status,
      c.multiLevel ? 1 : 0,
      c.higherRate ? "Y" : "N",
      c.kind === "dividend" ? (c.computationPeriod ?? "MONTHLY") : null,
      JSON.stringify(c.terms),
      now - (set.length - i) * 3600_000,
    ),
  );
}

export function seedContracts(db: Db, now: number): void {
  if (db.prepare("SELECT 1 FROM contracts LIMIT 1").get()) return;
  const agent = memberByUsername(db, MERCHANT_CODE, "agent001");
  if (agent) seedContractsFor(db, agent.id, now);
  let salaried = memberByUsername(db, MERCHANT_CODE, SALARY_ACCOUNT.username);
  if (!salaried) {
    salaried = createMember(db, {
      merchantCode: MERCHANT_CODE,
      username: SALARY_ACCOUNT.username,
      passwordHash: seedHash(SALARY_ACCOUNT.password),
      nickname: SALARY_ACCOUNT.nickname,
      balance: "1200.00",
      now,
    });
  }
  seedContractsFor(db, salaried.id, now, MEMBER_CONTRACTS);
}
