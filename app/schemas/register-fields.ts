/**
 * The registration form's fields, built from the operator's register rules (document 000,
 * sections 3 and 5) over the spec's defaults, with the generic field rule. The form draws them
 * and the schema (register.ts) checks them; this half needs no zod, so the form's first view
 * does without it (decision 043).
 */
import { RULES } from "~/schemas/limits";

/** A field definition as the operator's /wps/system/setting/register answers it. */
export interface RegisterRule {
  key: string;
  type?: string | null;
  required?: boolean | null;
  enabled?: boolean | null;
  minLength?: number | null;
  maxLength?: number | null;
  acceptedPattern?: string | null;
  patternId?: number | null;
  reg?: string | null;
  message?: string | null;
}

export type RegisterTab = "username" | "mobile";

export interface RegisterSwitches {
  tab: RegisterTab;
  /** REGMOBVERF3: the mobile number is verified by an SMS code. */
  smsVerification: boolean;
  /** MOBILENUMPASSREG3 on the mobile tab: no password fields, the default password is used. */
  noPassword: boolean;
  /** The affiliate code failed its check at page load and the page affiliate setting is 0. */
  hideAffiliate?: boolean;
}

/** What the view draws for one field and what the checks apply. */
export interface RegisterField {
  key: string;
  input: "text" | "password" | "tel" | "email";
  numeric: boolean;
  required: boolean;
  min: number;
  max: number | null;
  /** Source of a RegExp; null: any. */
  pattern: string | null;
  /** A message key, or the operator's own text with {min}/{max} already filled. */
  message: string;
}

/** Every field key of document 000, section 3, in display order. */
export const REGISTER_FIELD_KEYS = [
  "username",
  "mobileNum",
  "verificationCode",
  "password",
  "verifyPwd",
  "payeeName",
  "paymentPassword",
  "qqNum",
  "email",
  "line",
  "facebook",
  "whatsapp",
  "idNumber",
  "nickname",
  "recommenderId",
  "affiliateCode",
  "captcha",
] as const;

/** Sent by operators, never shown (document 000, section 3). */
export const HIDDEN_RULE_KEYS = new Set(["rebateId"]);

/** Fields that never travel back to the browser after a refused post. */
export const SECRET_FIELDS = ["password", "verifyPwd", "paymentPassword", "captcha", "verificationCode"];

/** The spec's defaults (section 5), which a rule overrides field by field. */
const DEFAULTS: Record<string, { min: number; max: number | null; pattern: string | null; message: string }> = {
  username: {
    min: RULES.loginUsername.min,
    max: RULES.loginUsername.max,
    pattern: RULES.loginUsername.pattern.source,
    message: RULES.loginUsername.message,
  },
  password: { min: RULES.loginPassword.min, max: RULES.loginPassword.max, pattern: null, message: RULES.loginPassword.message },
  verifyPwd: { min: RULES.loginPassword.min, max: RULES.loginPassword.max, pattern: null, message: "inconsistent_twice" },
  mobileNum: {
    min: RULES.mobileNumber.min,
    max: RULES.mobileNumber.max,
    pattern: RULES.mobileNumber.pattern.source,
    message: RULES.mobileNumber.message,
  },
  // The registration verification field is 0 to 255 characters (section 5).
  verificationCode: { min: 0, max: 255, pattern: null, message: RULES.verificationCode.message },
  captcha: { min: RULES.captcha.min, max: RULES.captcha.max, pattern: null, message: RULES.captcha.message },
};

/** A field with no message of its own, from the operator or the defaults. */
export const GENERIC_FIELD_MESSAGE = "reg_field_invalid";

const NUMERIC = new Set(["mobileNum", "qqNum"]);
export const MASKED = new Set(["password", "verifyPwd", "paymentPassword"]);

/** The operator's own message text may carry {min} and {max} (also {{min}}): filled here. */
export function fillPlaceholders(message: string, min: number, max: number | null): string {
  return message.replace(/\{\{?\s*min\s*\}?\}/g, String(min)).replace(/\{\{?\s*max\s*\}?\}/g, max === null ? "" : String(max));
}

/**
 * Which fields the form has, with their limits: the enabled rules (rebateId never) over the
 * defaults, shaped by the tab and the switches.
 */
export function registerFields(rules: readonly RegisterRule[], switches: RegisterSwitches): RegisterField[] {
  const byKey = new Map(rules.filter((r) => !HIDDEN_RULE_KEYS.has(r.key)).map((r) => [r.key, r]));
  const enabled = (key: string) => byKey.get(key)?.enabled === true;
  const withPassword = !(switches.tab === "mobile" && switches.noPassword);

  // The identity of the tab and the password are always there; the rules only shape them.
  const core = new Set<string>();
  if (switches.tab === "username") core.add("username");
  if (switches.tab === "mobile") core.add("mobileNum");
  if (switches.tab === "mobile" && switches.smsVerification) core.add("verificationCode");
  if (withPassword) core.add("password");

  const present = (key: string): boolean => {
    if (core.has(key)) return true;
    if (key === "username" || key === "verificationCode" || key === "password") return false;
    // The confirmation follows the password unless a rule switches it off.
    if (key === "verifyPwd") return withPassword && byKey.get(key)?.enabled !== false;
    if (key === "affiliateCode" && switches.hideAffiliate) return false;
    return enabled(key);
  };

  return REGISTER_FIELD_KEYS.filter(present).map((key) => {
    const rule = byKey.get(key);
    const fallback = DEFAULTS[key];
    const min = rule?.minLength ?? fallback?.min ?? 0;
    const max = rule?.maxLength ?? fallback?.max ?? null;
    const pattern = rule?.acceptedPattern ?? rule?.reg ?? fallback?.pattern ?? null;
    const message = rule?.message || fallback?.message || GENERIC_FIELD_MESSAGE;
    return {
      key,
      input: MASKED.has(key) ? "password" : key === "mobileNum" ? "tel" : key === "email" ? "email" : "text",
      numeric: NUMERIC.has(key),
      required: core.has(key) || key === "captcha" || key === "verifyPwd" || rule?.required === true,
      min,
      max: max !== null && max > 0 ? max : null,
      pattern: pattern && pattern !== "*" ? pattern : null,
      message: fillPlaceholders(message, min, max !== null && max > 0 ? max : null),
    } satisfies RegisterField;
  });
}

/** The generic field rule of section 5: empty passes unless required; length in min..max; the pattern matches. */
export function passesField(field: RegisterField, value: string): boolean {
  if (value === "") return !field.required;
  if (value.length < field.min) return false;
  if (field.max !== null && value.length > field.max) return false;
  if (field.pattern) {
    let re: RegExp;
    try {
      re = new RegExp(field.pattern);
    } catch {
      return true; // the operator's broken pattern must not lock every player out
    }
    if (!re.test(value)) return false;
  }
  return true;
}

export type RegisterValues = Record<string, string | undefined>;
