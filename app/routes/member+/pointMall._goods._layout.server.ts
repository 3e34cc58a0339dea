/**
 * The goods list's query (?type, ?more): zod, read by the loader and the action only. Apart from
 * the route module so that zod stays out of its browser chunk (a module-level schema would keep it
 * there).
 */
import { z } from "zod";

export const querySchema = z.object({
  type: z.string().trim().max(32).catch(""),
  more: z.literal("1").optional().catch(undefined),
});
