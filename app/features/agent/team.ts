/** The downline list's query (team management): a name to search, the page. Shared by loader and tests. */
import { z } from "zod";
import { pageParam } from "~/lib/page-number";

export const TEAM_PAGE_SIZE = 12;

export const teamQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(40, "agent_search_too_long")
    .regex(/^[\p{L}\p{N}_.@-]*$/u, "agent_search_chars")
    .optional()
    .transform((v) => v ?? ""),
  page: pageParam,
});

export const usernameSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_.@-]+$/);
