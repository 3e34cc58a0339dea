/**
 * The registration form, built from the operator's register rules (document 000, sections 3
 * and 5) over the spec's defaults. One builder serves the action (server) and useForm's
 * onValidate (browser): the rules travel to the browser as loader data, so both sides check
 * the same fields with the same limits and show the same messages.
 */
import { z } from "zod";
import { RULES } from "~/schemas/rules";
import { SEND_CODE_INTENT } from "~/schemas/intents";

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
const MASKED = new Set(["password", "verifyPwd", "paymentPassword"]);

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

/**
 * The zod schema of the form. Field messages go beside each field (the rule's message); the
 * form-level message follows the order of section 5: in_please_information when any field is
 * invalid; then in_confirmation_correct; then in_register_agreed. Asking for an SMS code checks
 * only the mobile number, with br_enright_cphone.
 */
export function registerSchema(rules: readonly RegisterRule[], switches: RegisterSwitches, intent?: string | null) {
  const fields = registerFields(rules, switches);
  const shape: Record<string, z.ZodTypeAny> = {
    agreed: z.string().optional(),
    intent: z.string().optional(),
    redirectTo: z.string().optional(),
  };
  for (const f of fields) shape[f.key] = MASKED.has(f.key) ? z.string().optional() : z.string().trim().optional();

  return z.object(shape).superRefine((data, ctx) => {
    const value = (key: string) => (typeof data[key] === "string" ? (data[key] as string) : "");
    if (intent === SEND_CODE_INTENT) {
      const mobile = fields.find((f) => f.key === "mobileNum");
      if (mobile && (value("mobileNum") === "" || !passesField(mobile, value("mobileNum")))) {
        ctx.addIssue({ code: "custom", path: ["mobileNum"], message: mobile.message });
        ctx.addIssue({ code: "custom", path: [], message: "br_enright_cphone" });
      }
      return;
    }

    let invalid = false;
    for (const f of fields) {
      if (!passesField(f, value(f.key))) {
        invalid = true;
        ctx.addIssue({ code: "custom", path: [f.key], message: f.message });
      }
    }
    const confirmation = fields.find((f) => f.key === "verifyPwd");
    const mismatch = Boolean(confirmation) && value("verifyPwd") !== "" && value("verifyPwd") !== value("password");
    if (mismatch && passesField(confirmation!, value("verifyPwd"))) {
      ctx.addIssue({ code: "custom", path: ["verifyPwd"], message: confirmation!.message });
    }
    const agreed = value("agreed") === "on";
    if (!agreed) ctx.addIssue({ code: "custom", path: ["agreed"], message: "in_register_agreed" });

    const formMessage = invalid ? "in_please_information" : mismatch ? "in_confirmation_correct" : !agreed ? "in_register_agreed" : null;
    if (formMessage) ctx.addIssue({ code: "custom", path: [], message: formMessage });
  });
}

export type RegisterValues = Record<string, string | undefined>;
