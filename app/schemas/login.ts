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

/**
 * The ways in of the login page, as `?tab=` values: username and password (always), mobile
 * number and password (MOBILELOGIN3, operator type mobileNum), mobile number and SMS code
 * (MOBILEVERCODELOGIN3, operator type sms).
 */
export const LOGIN_TABS = ["password", "sms", "mobile"] as const;
export type LoginTab = (typeof LOGIN_TABS)[number];

/** The whitelabel switch each tab needs; the username tab needs none. */
export const LOGIN_TAB_SWITCH: Record<LoginTab, string | null> = {
  password: null,
  mobile: "MOBILELOGIN3",
  sms: "MOBILEVERCODELOGIN3",
};

/** The operator's login type of each tab. */
export const LOGIN_TYPE: Record<LoginTab, "username" | "mobileNum" | "sms"> = {
  password: "username",
  mobile: "mobileNum",
  sms: "sms",
};

export function isLoginTab(value: unknown): value is LoginTab {
  return typeof value === "string" && (LOGIN_TABS as readonly string[]).includes(value);
}

/** Fields that never travel back to the browser after a refused post. */
export const SECRET_LOGIN_FIELDS = ["password", "captcha", "verificationCode"];

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
