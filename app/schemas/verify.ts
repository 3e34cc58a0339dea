/**
 * The second factor of a login (document 000, sections 3-5): one method at a time, and the
 * field of that method is required. Messages are keys; the view translates them.
 */
import { z } from "zod";
import { RULES, verificationCode } from "~/schemas/rules";
import { SEND_CODE_INTENT } from "~/schemas/intents";
import type { VerifyMethod } from "~/schemas/verify-methods";

/** Authenticator apps show 6 digits. */
const AUTH_CODE = /^\d{6}$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

const required = (message: string) => z.string({ required_error: message }).trim().min(1, message);

export const mobileNum = required("br_enright_cphone").refine(
  (v) => v.length >= RULES.mobileNumber.min && v.length <= RULES.mobileNumber.max && RULES.mobileNumber.pattern.test(v),
  RULES.mobileNumber.message,
);

const optional = z.string().optional();

/**
 * The form of one method. `intent` send-code (S only) asks for an SMS code: then only the
 * mobile number is checked.
 */
export function verifySchema(method: VerifyMethod, intent?: string | null) {
  const base = { method: z.literal(method), redirectTo: optional };
  switch (method) {
    case "E":
      return z.object({ ...base, email: required("verify_email_required").refine((v) => EMAIL.test(v), "email incorrect") });
    case "G":
      return z.object({
        ...base,
        authCode: required("verify_auth_code_invalid").refine((v) => AUTH_CODE.test(v), "verify_auth_code_invalid"),
      });
    case "P":
      return z.object({ ...base, payeeName: required("verify_payee_required").pipe(z.string().max(64, "verify_payee_required")) });
    case "S":
      return intent === SEND_CODE_INTENT
        ? z.object({ ...base, mobileNum, verificationCode: optional })
        : z.object({ ...base, mobileNum, verificationCode });
  }
}
