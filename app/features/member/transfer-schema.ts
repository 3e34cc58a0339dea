/**
 * The transfer forms' rules (transferFund and transferUpline), one schema for the browser and
 * the server: an amount is positive with at most two decimals, and at most what the source wallet
 * holds (the server checks that against balances it has just read, never the browser's).
 */
import { z } from "zod";
import { toMoney } from "~/lib/money";
import { TRANSFER_MESSAGES } from "./transfer-messages";

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

const amountField = z
  .string({ required_error: TRANSFER_MESSAGES.amountRequired })
  .trim()
  .min(1, TRANSFER_MESSAGES.amountRequired)
  .refine((v) => AMOUNT.test(v) && (toMoney(v)?.gt(0) ?? false), TRANSFER_MESSAGES.amountFormat);

const walletField = z.string({ required_error: TRANSFER_MESSAGES.walletRequired }).trim().min(1, TRANSFER_MESSAGES.walletRequired).max(64);

/** `balances`: each wallet's balance by id, when known (the server's fresh read; the page's on the browser). */
export function transferSchema(balances?: Readonly<Record<string, string>>) {
  return z.object({ from: walletField, to: walletField, amount: amountField }).superRefine((value, ctx) => {
    if (value.from === value.to) ctx.addIssue({ code: "custom", path: ["to"], message: TRANSFER_MESSAGES.sameWallet });
    if (!balances) return;
    if (!(value.from in balances)) ctx.addIssue({ code: "custom", path: ["from"], message: TRANSFER_MESSAGES.walletRequired });
    if (!(value.to in balances)) ctx.addIssue({ code: "custom", path: ["to"], message: TRANSFER_MESSAGES.walletRequired });
    const held = toMoney(balances[value.from]);
    const amount = toMoney(value.amount);
    if (held && amount && amount.gt(held)) ctx.addIssue({ code: "custom", path: ["amount"], message: TRANSFER_MESSAGES.amountTooLarge });
  });
}

/** The transfer to the upline: an amount from the main wallet. */
export function uplineSchema(mainBalance?: string | null) {
  return z.object({ amount: amountField }).superRefine((value, ctx) => {
    const held = toMoney(mainBalance ?? null);
    const amount = toMoney(value.amount);
    if (held && amount && amount.gt(held)) ctx.addIssue({ code: "custom", path: ["amount"], message: TRANSFER_MESSAGES.amountTooLarge });
  });
}
