/**
 * The redeem and conversion forms' schemas (document 002, section 5), for the server and, after
 * the page, the browser (decision 043); the checks they are built from are in points.ts and
 * mall.ts, which a page draws with.
 */
import { z } from "zod";
import { POINT_MESSAGES, quantityInRange } from "./mall";
import { convertAmountValid, type RedeemRules } from "./points";

const required = (message: string, max: number) =>
  z.string({ required_error: message }).trim().min(1, message).max(max, POINT_MESSAGES.tooLong);

/**
 * The redeem form in the spec's order: the LINE ID when the operator asks for one, the password
 * (the payment password under PAYMENTPASS3), name, address, phone, then quantity and the way to pay.
 */
export function redeemSchema(rules: RedeemRules) {
  return z.object({
    line: rules.lineRequired ? required(POINT_MESSAGES.lineRequired, 50) : z.string().max(50, POINT_MESSAGES.tooLong).optional(),
    // Not trimmed: a password is what was typed.
    password: z
      .string({ required_error: rules.paymentPassword ? POINT_MESSAGES.paymentPasswordRequired : POINT_MESSAGES.passwordRequired })
      .min(1, rules.paymentPassword ? POINT_MESSAGES.paymentPasswordRequired : POINT_MESSAGES.passwordRequired)
      .max(64, POINT_MESSAGES.tooLong),
    name: required(POINT_MESSAGES.nameRequired, 50),
    address: required(POINT_MESSAGES.addressRequired, 200),
    phone: required(POINT_MESSAGES.phoneRequired, 32).refine(
      (v) => /^\d/.test(v) && v.length >= rules.phone.min && v.length <= rules.phone.max,
      POINT_MESSAGES.phoneInvalid,
    ),
    province: z.string().trim().max(50, POINT_MESSAGES.tooLong).optional(),
    quantity: z
      .string({ required_error: POINT_MESSAGES.quantityInvalid })
      .trim()
      .refine((v) => quantityInRange(v, rules.inventory), POINT_MESSAGES.quantityInvalid)
      .transform(Number),
    redeemType: z
      .enum(["P", "PM"], { errorMap: () => ({ message: POINT_MESSAGES.typeInvalid }) })
      .refine((v) => rules.types.includes(v), POINT_MESSAGES.typeInvalid),
  });
}

/** Money to points: an amount of at least 1 with at most two decimals, and the password. */
export function convertSchema(paymentPassword: boolean) {
  const passwordMessage = paymentPassword ? POINT_MESSAGES.paymentPasswordRequired : POINT_MESSAGES.passwordRequired;
  return z.object({
    amount: z.string({ required_error: POINT_MESSAGES.amountInvalid }).trim().refine(convertAmountValid, POINT_MESSAGES.amountInvalid),
    password: z.string({ required_error: passwordMessage }).min(1, passwordMessage).max(64, POINT_MESSAGES.tooLong),
  });
}
