/** SQL of the contracts area: the consolidated lists and each decision in one transaction. */
import type { Db } from "../db";
import type { ContractKind, ContractStatus } from "./seed";

interface ContractRow {
  id: number;
  kind: ContractKind;
  product_type: string;
  status: ContractStatus;
  multi_level: number;
  higher_rate: string;
  computation_period: string | null;
  terms: string;
}

/** The request maps' keys and the info groups' keys, as the original builds name them. */
const REQUEST_KEY: Record<ContractKind, string> = {
  dividend: "divtypereq",
  daily: "dailysalreqtype",
  hourly: "contracthoursalreq",
  realtime: "realtimesalreqtype",
};

/** One contract as the consolidated answer carries it: the kind's own id name and fields. */
function shape(row: ContractRow): Record<string, unknown> {
  const terms = JSON.parse(row.terms) as Record<string, unknown>;
  const common = { status: row.status, productType: row.product_type, downlineHigherRate: row.higher_rate };
  switch (row.kind) {
    case "dividend":
      return { id: row.id, ...common, computationPeriod: row.computation_period, ...terms };
    case "daily":
      return { id: row.id, ...common, multiLevel: row.multi_level === 1 ? "Y" : "N", ...terms };
    default:
      return { contractId: row.id, ...common, ...terms };
  }
}

/**
 * The contract part of GET /wps/member/info/funds/consolidated: the requests (P, E and V) of each
 * kind as a map from productType to contracts, and the info groups: the active (V) contracts
 * that open the agent centre's dividend and salary pages.
 */
export function consolidatedContracts(db: Db, memberId: number): Record<string, unknown> {
  const rows = db
    .prepare("SELECT * FROM contracts WHERE member_id = ? AND status IN ('P', 'E', 'V') ORDER BY created_at, id")
    .all(memberId) as ContractRow[];
  const value: Record<string, unknown> = {};
  for (const key of Object.values(REQUEST_KEY)) value[key] = {};
  for (const row of rows) {
    const map = value[REQUEST_KEY[row.kind]] as Record<string, unknown[]>;
    (map[row.product_type] ??= []).push(shape(row));
  }
  const active = rows.filter((r) => r.status === "V");
  const info = (keep: (r: ContractRow) => boolean) =>
    active.filter(keep).map((r) => ({ id: r.id, productType: r.product_type, status: r.status }));
  value.divtypeinfo = info((r) => r.kind === "dividend");
  value.divtypecompperiodinfo = active
    .filter((r) => r.kind === "dividend")
    .map((r) => ({ productType: r.product_type, computationPeriod: r.computation_period, status: r.status }));
  value.dailysalinfotype = info((r) => r.kind === "daily" && r.multi_level === 0);
  value.contractmrdailysalinfotype = info((r) => r.kind === "daily" && r.multi_level === 1);
  value.contracthoursalinfo = info((r) => r.kind === "hourly");
  value.realtimesalinfotype = info((r) => r.kind === "realtime");
  return value;
}

/** How a contract is named by an action's payload. */
export type ContractIdentity =
  | { kind: "dividend"; productType: string; computationPeriod: string | null }
  | { kind: Exclude<ContractKind, "dividend">; id: number; productType: string | null };

export type DecisionRefusal = "contract.not.found" | "contract.decided" | "contract.not.active" | "contract.status.invalid";

/**
 * Accept (A), reject (R) or terminate (C) one contract: P/E → V on accept, → R on reject, V → T
 * on terminate. A on an active dividend confirms it as it stands (the dividend view's button for
 * active contracts sends A); anything else on a decided contract is refused.
 */
export function decideContract(
  db: Db,
  memberId: number,
  identity: ContractIdentity,
  action: unknown,
  now: number,
): { id: number; status: ContractStatus } | DecisionRefusal {
  if (action !== "A" && action !== "R" && action !== "C") return "contract.status.invalid";
  return db.transaction(() => {
    const row =
      identity.kind === "dividend"
        ? (db
            .prepare(
              `SELECT * FROM contracts WHERE member_id = ? AND kind = 'dividend' AND product_type = ?
                 AND (? IS NULL OR computation_period = ?) ORDER BY status IN ('P', 'E', 'V') DESC, id DESC LIMIT 1`,
            )
            .get(memberId, identity.productType, identity.computationPeriod, identity.computationPeriod) as ContractRow | undefined)
        : (db.prepare("SELECT * FROM contracts WHERE id = ? AND member_id = ? AND kind = ?").get(identity.id, memberId, identity.kind) as
            ContractRow | undefined);
    if (!row || (identity.kind !== "dividend" && identity.productType && identity.productType !== row.product_type))
      return "contract.not.found";
    if (row.status === "R" || row.status === "T") return "contract.decided";
    const pending = row.status === "P" || row.status === "E";
    let next: ContractStatus;
    if (action === "A") {
      if (!pending && row.kind !== "dividend") return "contract.decided";
      next = "V";
    } else if (action === "R") {
      if (!pending) return "contract.decided";
      next = "R";
    } else {
      if (pending) return "contract.not.active";
      next = "T";
    }
    db.prepare("UPDATE contracts SET status = ?, decided_at = ? WHERE id = ?").run(next, now, row.id);
    return { id: row.id, status: next };
  })();
}

export function contractsOf(db: Db, memberId: number): { id: number; kind: string; productType: string; status: string }[] {
  return db
    .prepare("SELECT id, kind, product_type AS productType, status FROM contracts WHERE member_id = ? ORDER BY id")
    .all(memberId) as { id: number; kind: string; productType: string; status: string }[];
}
