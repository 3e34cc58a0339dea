/**
 * What the agent's downline forms draw with and the server reads names by, apart from their
 * schemas (downline-schema.ts), so the pages take no zod with them (decision 043).
 */
import { registerFields, type RegisterField, type RegisterRule } from "~/schemas/register-fields";

/** The register rules' fields a downline's registration asks for. */
export function downlineFields(rules: readonly RegisterRule[]): RegisterField[] {
  return registerFields(rules, { tab: "username", smsVerification: false, noPassword: false }).filter((f) =>
    ["username", "password", "verifyPwd"].includes(f.key),
  );
}

export const TRANSFER_MAX_DOWNLINES = 20;

/** "team01, team02 team03" → ["team01", "team02", "team03"]; duplicates once. */
export const splitNames = (value: string) => [...new Set(value.split(/[\s,，;；]+/).filter(Boolean))];
