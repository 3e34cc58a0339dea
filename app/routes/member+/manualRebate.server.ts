/**
 * A rebate claim as the form posts it: zod, read by the loader and the action only. Apart from the
 * route module so that zod stays out of its browser chunk (a module-level schema would keep it
 * there).
 */
import { z } from "zod";

export const claimSchema = z.object({ productType: z.string().regex(/^[A-Z]{2,12}$/) });
