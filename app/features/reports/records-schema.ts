/**
 * The records pages' query as zod reads it (the server, and the filter form on blur), apart from
 * the rest of the records rules (records.ts): a page that only draws a records table (the
 * contract requests) brings no zod.
 */
import { z } from "zod";
import { pageNumber } from "~/lib/page-number";
import { dayStart, daysBetween, RECORDS_LIMIT, RECORDS_MESSAGES, type RangeLimit } from "./records";

const dateField = z
  .string()
  .trim()
  .refine((v) => dayStart(v) !== null, RECORDS_MESSAGES.badDate)
  .optional();

/**
 * The query of a records page whose type filter offers `types` (product types, transaction
 * types, or none). Absent dates take the default range (the server knows today); an empty type
 * is every type.
 */
export function recordsQuerySchema(types: readonly string[], limit: RangeLimit = RECORDS_LIMIT) {
  return z
    .object({
      start: dateField,
      end: dateField,
      type: z
        .string()
        .refine((v) => types.includes(v), RECORDS_MESSAGES.badType)
        .optional(),
      page: pageNumber.optional(),
    })
    .superRefine((value, ctx) => {
      if (!value.start || !value.end || dayStart(value.start) === null || dayStart(value.end) === null) return;
      const days = daysBetween(value.start, value.end);
      if (days < 0) ctx.addIssue({ code: "custom", path: ["end"], message: RECORDS_MESSAGES.endBeforeStart });
      else if (days > limit.maxDays) ctx.addIssue({ code: "custom", path: ["end"], message: limit.tooLong });
    });
}
export type RecordsQuery = z.output<ReturnType<typeof recordsQuerySchema>>;
