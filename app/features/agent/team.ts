/** The downline list's query (team management): a name to search, the page. Shared by loader and tests. */
import { z } from "zod";

export const TEAM_PAGE_SIZE = 12;

export const teamQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(40, "agent_search_too_long")
    .regex(/^[\p{L}\p{N}_.@-]*$/u, "agent_search_chars")
    .optional()
    .transform((v) => v ?? ""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export const usernameSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_.@-]+$/);
