/** The favourite forms' fields, checked by the action (the form itself is hidden fields and a button). */
import { z } from "zod";
import { GAME_TYPES } from "./types";

const code = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/);

export const favouriteSchema = z.object({
  intent: z.enum(["add", "remove"]),
  nodeId: code,
  vendor: code,
  gameType: z.enum(GAME_TYPES),
  redirectTo: z.string().max(2048).optional(),
  /** Set by the enhanced form: answer data for the fetcher instead of a redirect. */
  _fetcher: z.literal("1").optional(),
});
export type FavouriteFields = z.output<typeof favouriteSchema>;
