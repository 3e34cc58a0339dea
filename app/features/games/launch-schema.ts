/**
 * The fields of a Play or free-trial form (play-form.tsx) as the launch action reads them
 * (routes/games+/launch.tsx). They are hidden fields the page wrote, so nothing here is
 * shown to the player: a post that does not fit is not a form of ours and is refused with 400.
 */
import { z } from "zod";
import { GAME_TYPES } from "./types";
import { CLIENT_FIELD, TRIAL_INTENT } from "./launch-fields";

// The field names are apart (launch-fields.ts): the Play form needs them, not zod.
export { CLIENT_FIELD, GAME_FIELDS, LAUNCH_FIELDS, launchFormValues, TRIAL_INTENT } from "./launch-fields";

/** An operator's identifier: short, letters, digits, dash and underscore. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const id = z.string().trim().regex(ID);
/** An identifier a game may lack: an empty field is absent. */
const optionalId = z.preprocess((v) => (v === "" ? undefined : v), id.optional());

export const launchSchema = z.object({
  vendor: id,
  gameType: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.enum(GAME_TYPES)),
  gameId: optionalId,
  roomId: optionalId,
  nodeId: optionalId,
  matchId: optionalId,
  leagueId: optionalId,
  sourceType: optionalId,
  marketingDetailId: optionalId,
  /** "1": the game opens in a new window; "0": in the page (/seamless). */
  newWindow: z.enum(["0", "1"]).default("1"),
  /** The game's name, for the title of the in-page view. */
  name: z.string().max(200).optional(),
  /** Where the player launched from (checked by safeRedirect before use). */
  backTo: z.string().max(2048).optional(),
  intent: z.enum(["play", TRIAL_INTENT]).default("play"),
  [CLIENT_FIELD]: z.enum(["json"]).optional(),
});

export type LaunchForm = z.output<typeof launchSchema>;
