/**
 * The agent's two forms (decision 032), one schema each for the server and, after the page, the
 * browser (decision 043):
 * registering a downline by the merchant's register rules (the accounts area's fields: username,
 * password and its confirmation), and a transfer to one downline, or several at once when
 * AGENTRANSMULTDOWN3 is on (names separated by commas or spaces, one amount each).
 */
import { z } from "zod";
import { passesField, type RegisterField } from "~/schemas/register-fields";
import { splitNames, TRANSFER_MAX_DOWNLINES } from "./downline";
import { toMoney } from "~/lib/money";

export function downlineRegisterSchema(fields: readonly RegisterField[], opensAgents: boolean) {
  return z
    .object({
      username: z.string().trim().optional(),
      password: z.string().optional(),
      verifyPwd: z.string().optional(),
      nickname: z.string().trim().max(20, "agent_nickname_long").optional(),
      agentType: z.enum(opensAgents ? ["0", "2"] : ["0"], { message: "agent_type_invalid" }).default("0"),
    })
    .superRefine((data, ctx) => {
      const value = (key: string) => (data[key as keyof typeof data] as string | undefined) ?? "";
      for (const f of fields) {
        // A confirmation equal to the password says nothing new: the password's own rule (its
        // length) is what the agent must read, not "the two entries are inconsistent".
        if (f.key === "verifyPwd" && value("verifyPwd") !== "" && value("verifyPwd") === value("password")) continue;
        if (!passesField(f, value(f.key))) ctx.addIssue({ code: "custom", path: [f.key], message: f.message });
      }
      if (fields.some((f) => f.key === "verifyPwd") && value("verifyPwd") !== "" && value("verifyPwd") !== value("password"))
        ctx.addIssue({ code: "custom", path: ["verifyPwd"], message: "in_confirmation_correct" });
    });
}

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

export function downlineTransferSchema(multi: boolean) {
  return z.object({
    to: z
      .string({ required_error: "agent_transfer_to_required" })
      .trim()
      .min(1, "agent_transfer_to_required")
      .max(600, "agent_transfer_too_many")
      .refine((v) => splitNames(v).every((n) => /^[A-Za-z0-9_.@-]{1,40}$/.test(n)), "agent_transfer_name_invalid")
      .refine(
        (v) => splitNames(v).length <= (multi ? TRANSFER_MAX_DOWNLINES : 1),
        multi ? "agent_transfer_too_many" : "agent_transfer_one",
      ),
    amount: z
      .string({ required_error: "transfer_amount_required" })
      .trim()
      .min(1, "transfer_amount_required")
      .refine((v) => AMOUNT.test(v) && (toMoney(v)?.gte(1) ?? false), "agent_transfer_amount_min"),
  });
}
