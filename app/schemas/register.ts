/**
 * The registration form, built from the operator's register rules (document 000, sections 3
 * and 5) over the spec's defaults. One builder serves the action (server) and useForm's
 * onValidate (browser): the rules travel to the browser as loader data, so both sides check
 * the same fields with the same limits and show the same messages.
 */
import { z } from "zod";
import { SEND_CODE_INTENT } from "~/schemas/intents";
import { MASKED, passesField, registerFields, type RegisterRule, type RegisterSwitches } from "~/schemas/register-fields";

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
