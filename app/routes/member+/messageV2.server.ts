/**
 * The inbox's query (?read, ?page): zod, read by the loader and the action only. Apart from the
 * route module so that zod stays out of its browser chunk (a module-level schema would keep it
 * there).
 */
import { z } from "zod";
import { pageParam } from "~/lib/page-number";

export const querySchema = z.object({
  read: z.enum(["all", "unread"]).catch("all"),
  page: pageParam,
});
