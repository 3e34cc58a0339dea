import { z } from "zod";
import {
  captchaAnswer,
  countryDialingCode,
  loginPassword,
  loginUsername,
  mobileNumber,
  phoneLoginNumber,
  verificationCode,
} from "~/schemas/rules";
import { SEND_CODE_INTENT } from "~/schemas/intents";
import type { LoginTab } from "~/schemas/login-tabs";

const common = (captchaRequired: boolean) => ({
  captcha: captchaRequired ? captchaAnswer : z.string().optional(),
  remember: z.boolean().optional(),
  redirectTo: z.string().optional(),
  tab: z.string().optional(),
  intent: z.string().optional(),
});

/** Username-and-password login; the captcha joins when the operator asked for one. */
export function loginSchema(options: { captchaRequired: boolean }) {
  return z.object({
    username: loginUsername,
    password: loginPassword,
    ...common(options.captchaRequired),
  });
}

/** Mobile number and password: the number is the login name, so it must be a phone number. */
export function mobileLoginSchema(options: { captchaRequired: boolean }) {
  return z.object({
    mobileNum: phoneLoginNumber,
    password: loginPassword,
    ...common(options.captchaRequired),
  });
}

/** Mobile number and the SMS code sent to it. */
export function smsLoginSchema(options: { captchaRequired: boolean }) {
  return z.object({
    countryDialingCode,
    mobileNum: phoneLoginNumber,
    verificationCode,
    ...common(options.captchaRequired),
  });
}

/**
 * Asking for the code (intent=send-code): only the number fields are checked, with the messages
 * of the SMS request (error_phone_number_limit, error_country_code_limit).
 */
export const smsRequestSchema = z.object({
  countryDialingCode,
  mobileNum: mobileNumber,
  verificationCode: z.string().optional(),
  captcha: z.string().optional(),
  remember: z.boolean().optional(),
  redirectTo: z.string().optional(),
  tab: z.string().optional(),
  intent: z.string().optional(),
});

type LoginFormSchema = typeof smsRequestSchema | ReturnType<typeof smsLoginSchema | typeof mobileLoginSchema | typeof loginSchema>;
/** Six schemas in all (tab × captcha, and the code request): built once, not on every render and post. */
const built = new Map<string, LoginFormSchema>();

/** The schema a post is checked with: its tab, and for the SMS tab its intent. */
export function schemaForLogin(tab: LoginTab, options: { captchaRequired: boolean; intent?: string | null }): LoginFormSchema {
  if (tab === "sms" && options.intent === SEND_CODE_INTENT) return smsRequestSchema;
  const key = `${tab}|${options.captchaRequired}`;
  let schema = built.get(key);
  if (!schema) {
    const captcha = { captchaRequired: options.captchaRequired };
    schema = tab === "sms" ? smsLoginSchema(captcha) : tab === "mobile" ? mobileLoginSchema(captcha) : loginSchema(captcha);
    built.set(key, schema);
  }
  return schema;
}

export type LoginSubmission = z.infer<ReturnType<typeof loginSchema>>;
