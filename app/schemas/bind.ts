import { z } from "zod";
import { loginPassword, loginUsername } from "~/schemas/rules";

/** Bind a social sign-in to an existing account: the account's own username and password. */
export const bindSchema = z.object({
  username: loginUsername,
  password: loginPassword,
  redirectTo: z.string().optional(),
});
