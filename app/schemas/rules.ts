/**
 * The default form rules of document 000, section 5, in one place. Messages are the spec's
 * keys; the view translates them. Operator register rules override these through a builder
 * (a later issue), never by copying them.
 */
import { z } from "zod";
import { RULES } from "./limits";

export { RULES };

/** Login: both fields are required, else in_incorrect_password; the username is trimmed. */
export const REQUIRED_LOGIN_MESSAGE = "in_incorrect_password";

export const loginUsername = z
  .string({ required_error: REQUIRED_LOGIN_MESSAGE })
  .trim()
  .min(1, REQUIRED_LOGIN_MESSAGE)
  .refine(
    (v) => v.length >= RULES.loginUsername.min && v.length <= RULES.loginUsername.max && RULES.loginUsername.pattern.test(v),
    RULES.loginUsername.message,
  );

export const loginPassword = z
  .string({ required_error: REQUIRED_LOGIN_MESSAGE })
  .min(1, REQUIRED_LOGIN_MESSAGE)
  .refine((v) => v.length >= RULES.loginPassword.min && v.length <= RULES.loginPassword.max, RULES.loginPassword.message);

export const verificationCode = z
  .string({ required_error: RULES.verificationCode.message })
  .trim()
  .min(RULES.verificationCode.min, RULES.verificationCode.message)
  .max(RULES.verificationCode.max, RULES.verificationCode.message);

export const captchaAnswer = z
  .string({ required_error: RULES.captcha.message })
  .trim()
  .min(RULES.captcha.min, RULES.captcha.message)
  .max(RULES.captcha.max, RULES.captcha.message);

/** A mobile rule: the default of section 5, or one the operator configured (register rules). */
export interface MobileRule {
  pattern: RegExp;
  min: number;
  max: number;
}

const fitsMobile = (v: string, rule: MobileRule) => v.length >= rule.min && v.length <= rule.max && rule.pattern.test(v);

/**
 * The mobile number an SMS code is asked for: digits only, 10 to 16, required
 * (error_phone_number_limit). Surrounding spaces are forgiven.
 */
export function mobileNumberWith(rule: MobileRule = RULES.mobileNumber, message: string = RULES.mobileNumber.message) {
  return z
    .string({ required_error: message })
    .trim()
    .refine((v) => fitsMobile(v, rule), message);
}

export const mobileNumber = mobileNumberWith();

/**
 * A mobile number used as the login name (SMS code and mobile-number tabs): digits that pass the
 * mobile rule, else 'enter correct phone' (document 000, section 5).
 */
export const PHONE_LOGIN_MESSAGE = "enter correct phone";
export const phoneLoginNumber = mobileNumberWith(RULES.mobileNumber, PHONE_LOGIN_MESSAGE);

/** The country dialing code: optional; when given, 1 to 3 digits (error_country_code_limit). */
export const countryDialingCode = z
  .string()
  .trim()
  .optional()
  .refine(
    (v) =>
      v === undefined ||
      v === "" ||
      (v.length >= RULES.countryCode.min && v.length <= RULES.countryCode.max && RULES.countryCode.pattern.test(v)),
    RULES.countryCode.message,
  );
