/**
 * Contract requests (document 002, sections 3 and 4; decision 031): the rules the dialog, its
 * actions and the tests share. The view's data is made on the server (contracts.server.ts);
 * nothing here reaches for the operator. The post's schema (zod) is in contract-post.server.ts.
 */
export const CONTRACT_KINDS = ["dividend", "daily", "hourly", "realtime"] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** The spec's product types, in the order the dialog lists them; others follow as they come. */
export const PRODUCT_TYPES = ["LIVE", "RNG", "CONS", "SPORTS", "LOTT", "FISH", "ELOTT", "PVP", "DEPOSIT"] as const;

export { CONFIRM_PATH, CONTRACTS_PATH } from "./contracts-paths";

/** P pending and E (treated as pending) are new requests; V (active) is in the termination section. */
export type Section = "request" | "termination";

export function sectionOf(status: string): Section | null {
  if (status === "P" || status === "E") return "request";
  if (status === "V") return "termination";
  return null;
}

/** What a player may do with a contract in a section, with the status each sends. */
export const INTENT_STATUS = { accept: "A", reject: "R", terminate: "C", keep: "A" } as const;
export type Intent = keyof typeof INTENT_STATUS;

/**
 * The buttons of a contract: pending ones accept (A) or reject (R); active ones terminate (C),
 * and an active dividend also has the button that sends A (keep it as it stands).
 */
export function intentsFor(kind: ContractKind, status: string): Intent[] {
  const section = sectionOf(status);
  if (section === "request") return ["accept", "reject"];
  if (section === "termination") return kind === "dividend" ? ["keep", "terminate"] : ["terminate"];
  return [];
}

/** How a form names a contract: daily, hourly and real-time by id; a dividend by product type and period. */
export interface ContractIdentity {
  kind: ContractKind;
  id: string | null;
  productType: string;
  computationPeriod: string | null;
}

export const identityKey = (c: ContractIdentity) =>
  c.kind === "dividend" ? `dividend:${c.productType}:${c.computationPeriod ?? ""}` : `${c.kind}:${c.id ?? ""}`;

/** The payload each action call takes (document 002, section 7; operator-api.md). */
export function actionPayload(c: ContractIdentity, intent: Intent): Record<string, string> {
  const status = INTENT_STATUS[intent];
  switch (c.kind) {
    case "dividend":
      return { productType: c.productType, ...(c.computationPeriod ? { computationPeriod: c.computationPeriod } : {}), status };
    case "daily":
      return { id: c.id ?? "", status };
    case "hourly":
      return { contractId: c.id ?? "", status, productType: c.productType };
    case "realtime":
      return { contractId: c.id ?? "", status };
  }
}

/** The hidden fields that name a contract in a form or a link. */
export function identityFields(c: ContractIdentity, shown: string): Record<string, string> {
  const fields: Record<string, string> = { kind: c.kind, productType: c.productType, shown };
  if (c.id) fields.id = c.id;
  if (c.computationPeriod) fields.computationPeriod = c.computationPeriod;
  return fields;
}
