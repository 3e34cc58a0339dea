/**
 * Password change and reset (document 000, sections 4 and 5). The new password meets the
 * operator's register rule for `password` when it configures one, else the default 6–16 of
 * rules.ts; the rule arrives as plain data so that the browser builds the same schema.
 */
import { z } from "zod";
import { RULES, verificationCode } from "~/schemas/rules";
import { meetsPasswordRule, PASSWORD_MESSAGES, RESET_INTENT, type PasswordRule } from "~/schemas/password-rule";

export {
  DEFAULT_PASSWORD_RULE,
  meetsPasswordRule,
  PASSWORD_MESSAGES,
  passwordRuleFrom,
  RESET_INTENT,
  type PasswordRule,
} from "~/schemas/password-rule";

function newPassword(rule: PasswordRule) {
  return z
    .string({ required_error: rule.message })
    .min(1, rule.message)
    .refine((v) => meetsPasswordRule(rule, v), rule.message);
}

const confirmation = z.string({ required_error: PASSWORD_MESSAGES.mismatch }).min(1, PASSWORD_MESSAGES.mismatch);

/**
 * Change password: old, new and confirmation. `askOld` is false when the portal knows the old
 * password itself (the default password of a phone registration). `defaultPassword` is given on
 * the server only: the browser never learns it, so that check runs on the server alone.
 */
export function changePasswordSchema(options: { rule: PasswordRule; askOld: boolean; defaultPassword?: string }) {
  return z
    .object({
      oldPassword: options.askOld
        ? z.string({ required_error: PASSWORD_MESSAGES.oldIncorrect }).min(1, PASSWORD_MESSAGES.oldIncorrect)
        : z.string().optional(),
      newPassword: newPassword(options.rule),
      confirmNewPassword: confirmation,
    })
    .superRefine((v, ctx) => {
      if (options.askOld && v.oldPassword === v.newPassword) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["newPassword"], message: PASSWORD_MESSAGES.sameAsOld });
      } else if (options.defaultPassword !== undefined && v.newPassword === options.defaultPassword) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["newPassword"], message: PASSWORD_MESSAGES.isDefault });
      }
      if (v.confirmNewPassword !== v.newPassword) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmNewPassword"], message: PASSWORD_MESSAGES.mismatch });
      }
    });
}

/** The account of a reset: the login username's format, else 'account incorrect'. */
const account = z
  .string({ required_error: PASSWORD_MESSAGES.account })
  .trim()
  .refine(
    (v) => RULES.loginUsername.pattern.test(v) && v.length >= RULES.loginUsername.min && v.length <= RULES.loginUsername.max,
    PASSWORD_MESSAGES.account,
  );

export const forgotByEmailSchema = z.object({
  username: account,
  email: z.string({ required_error: PASSWORD_MESSAGES.email }).trim().email(PASSWORD_MESSAGES.email),
});

const mobileNumber = z
  .string({ required_error: PASSWORD_MESSAGES.mobile })
  .trim()
  .refine(
    (v) => RULES.mobileNumber.pattern.test(v) && v.length >= RULES.mobileNumber.min && v.length <= RULES.mobileNumber.max,
    PASSWORD_MESSAGES.mobile,
  );

/**
 * Reset by SMS: the send-code intent checks the account and the number only; the reset intent
 * adds the code, the new password and its confirmation.
 */
export function forgotBySmsSchema(options: { intent: unknown; rule: PasswordRule; defaultPassword?: string }) {
  const base = z.object({ username: account, mobileNumber });
  if (options.intent !== RESET_INTENT) return base;
  return base
    .extend({ verificationCode, newPassword: newPassword(options.rule), confirmNewPassword: confirmation })
    .superRefine((v, ctx) => {
      if (options.defaultPassword !== undefined && v.newPassword === options.defaultPassword) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["newPassword"], message: PASSWORD_MESSAGES.isDefault });
      }
      if (v.confirmNewPassword !== v.newPassword) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmNewPassword"], message: PASSWORD_MESSAGES.mismatch });
      }
    });
}
