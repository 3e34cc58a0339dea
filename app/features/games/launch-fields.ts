/**
 * The names of a Play or free-trial form's fields (play-form.tsx), shared with the schema the
 * launch action reads them with (launch-schema.ts), which the form does not need.
 */

/** What names the game to the operator (document 001, section 3), besides its vendor and type. */
export const GAME_FIELDS = ["gameId", "roomId", "nodeId", "matchId", "leagueId", "sourceType", "marketingDetailId"] as const;

/** The names of the posted fields, shared by the form and the action. */
export const LAUNCH_FIELDS = ["vendor", "gameType", ...GAME_FIELDS, "newWindow", "name", "backTo"] as const;

/** The intent of the free-trial form; Play sends none (or "play"). */
export const TRIAL_INTENT = "trial";
/** Added by the script that posts the form with a fetcher: answer JSON instead of a redirect (decision 024). */
export const CLIENT_FIELD = "_client";

/** The posted fields of a form (first values; a File is left as it is and fails the schema). */
export function launchFormValues(formData: FormData): Record<string, FormDataEntryValue> {
  const values: Record<string, FormDataEntryValue> = {};
  for (const name of [...LAUNCH_FIELDS, "intent", CLIENT_FIELD]) {
    const value = formData.get(name);
    if (value !== null) values[name] = value;
  }
  return values;
}
