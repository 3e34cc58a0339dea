/**
 * The new password's rule (the operator's register rule for `password`, else the default of
 * limits.ts) and this area's message keys, apart from the zod schemas of password.ts: the pages
 * draw with these, the schemas reach the browser after the page (decision 043).
 */
import { RULES } from "~/schemas/limits";

export interface PasswordRule {
  min: number;
  max: number;
  /** The operator's acceptedPattern (a regular expression's source), if any. */
  pattern: string | null;
  /** Message key (or the operator's own text) for a password that breaks the rule. */
  message: string;
}

export const DEFAULT_PASSWORD_RULE: PasswordRule = {
  min: RULES.loginPassword.min,
  max: RULES.loginPassword.max,
  pattern: null,
  message: RULES.loginPassword.message,
};

/** One register field definition of GET /wps/system/setting/register (the fields we read). */
export interface RegisterField {
  key?: string;
  enabled?: boolean;
  minLength?: number | null;
  maxLength?: number | null;
  acceptedPattern?: string | null;
  reg?: string | null;
  message?: string | null;
}

/** The password rule from the operator's register settings; the default where it says nothing. */
export function passwordRuleFrom(fields: unknown): PasswordRule {
  const field = Array.isArray(fields)
    ? (fields as RegisterField[]).find((f) => f && f.key === "password" && f.enabled !== false)
    : undefined;
  if (!field) return DEFAULT_PASSWORD_RULE;
  const min = positive(field.minLength) ?? DEFAULT_PASSWORD_RULE.min;
  const max = positive(field.maxLength) ?? DEFAULT_PASSWORD_RULE.max;
  const pattern = field.acceptedPattern || field.reg || null;
  return {
    min,
    max: Math.max(min, max),
    pattern: pattern && compiles(pattern) ? pattern : null,
    message: field.message?.trim() || DEFAULT_PASSWORD_RULE.message,
  };
}

const positive = (n: unknown) => (typeof n === "number" && Number.isInteger(n) && n > 0 ? n : undefined);

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

export function meetsPasswordRule(rule: PasswordRule, value: string): boolean {
  return value.length >= rule.min && value.length <= rule.max && (!rule.pattern || new RegExp(rule.pattern).test(value));
}

/** Spec keys of this area. */
export const PASSWORD_MESSAGES = {
  oldIncorrect: "password incorrect",
  mismatch: "in_confirmation_correct",
  sameAsOld: "password_same_as_old",
  isDefault: "password_is_default",
  account: "account incorrect",
  email: "email incorrect",
  mobile: "br_enright_cphone",
} as const;

/** The reset form's second step (code, new password); the first asks for the code. */
export const RESET_INTENT = "reset";
