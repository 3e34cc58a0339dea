/**
 * The fields of a Play or free-trial form (play-form.tsx) as the launch action reads them
 * (routes/games+/launch.tsx). They are hidden fields the page wrote, so nothing here is
 * shown to the player: a post that does not fit is not a form of ours and is refused with 400.
 */
import { z } from "zod";
import { GAME_TYPES } from "./types";

/** What names the game to the operator (document 001, section 3), besides its vendor and type. */
export const GAME_FIELDS = ["gameId", "roomId", "nodeId", "matchId", "leagueId", "sourceType", "marketingDetailId"] as const;

/** The names of the posted fields, shared by the form and the action. */
export const LAUNCH_FIELDS = ["vendor", "gameType", ...GAME_FIELDS, "newWindow", "name", "backTo"] as const;

/** The intent of the free-trial form; Play sends none (or "play"). */
export const TRIAL_INTENT = "trial";
/** Added by the script that posts the form with a fetcher: answer JSON instead of a redirect (decision 024). */
export const CLIENT_FIELD = "_client";

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

/** The posted fields of a form (first values; a File is left as it is and fails the schema). */
export function launchFormValues(formData: FormData): Record<string, FormDataEntryValue> {
  const values: Record<string, FormDataEntryValue> = {};
  for (const name of [...LAUNCH_FIELDS, "intent", CLIENT_FIELD]) {
    const value = formData.get(name);
    if (value !== null) values[name] = value;
  }
  return values;
}
