/**
 * The apply-reward form's schema, for the action and, after the page, the browser (decision
 * 043); the rules and messages it states are in reward-claim.ts, which the page draws with.
 */
import { z } from "zod";
import { chosenFiles, CLAIM_MESSAGES, filesProblem, MAX_REMARKS, type ClaimRules } from "./reward-claim";

/**
 * `checkFiles`: the browser (files are in its form data). The server passes false: its form
 * data holds only the text fields, and it checks what it streamed itself.
 */
export function claimSchema(rules: ClaimRules, checkFiles: boolean) {
  const remarks = z
    .string({ required_error: CLAIM_MESSAGES.remark })
    .trim()
    .refine((v) => [...v].length <= MAX_REMARKS, CLAIM_MESSAGES.remark);
  // The files are checked on their own field: a refinement of the whole object would wait for the
  // remarks to pass (zod skips it when a field is missing), and the image warning came a try later.
  const pictures = checkFiles
    ? z.unknown().superRefine((value, ctx) => {
        const problem = filesProblem(chosenFiles(value), rules);
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      })
    : z.unknown().optional();
  return z.object({
    remarks: rules.remarkRequired ? remarks.refine((v) => v !== "", CLAIM_MESSAGES.remark) : remarks.optional(),
    pictures,
  });
}
