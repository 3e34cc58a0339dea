/**
 * The server side of /login/verify: the pending login it finishes, the way back to /login when
 * there is none, and what the verification call carries.
 */
import { endPendingLogin, pendingLoginOf, type PendingLogin } from "~/features/auth/pending-login.server";
import { backToLogin as backToLoginPage, pendingSocial } from "~/features/auth/social.server";
import type { Notice } from "~/operator/errors";
import { offeredMethods, type VerifyMethod } from "~/schemas/verify-methods";
import type { PortalSession } from "~/server/session.server";

/** The field that carries each method's factor: its message goes there, and focus with it. */
export const FACTOR_FIELD: Record<VerifyMethod, "email" | "authCode" | "verificationCode" | "payeeName"> = {
  E: "email",
  G: "authCode",
  S: "verificationCode",
  P: "payeeName",
};

/** Ends the pending login (if any) and sends the player to log in again, with a message. */
export async function backToLogin(
  session: PortalSession,
  notice: Notice | null,
  redirectTo: string,
  headers = new Headers(),
): Promise<never> {
  await endPendingLogin(session);
  return backToLoginPage(session, notice, redirectTo, headers);
}

/** The pending login and its methods, or the way back to /login. */
export async function pendingOrBack(session: PortalSession, redirectTo: string, headers?: Headers) {
  const pending = await pendingLoginOf(session);
  if (!pending) {
    // A verification that was begun and ran out says so; a stray visit just goes to the login.
    return backToLogin(session, session.get("pendingVerification") ? { key: "login_verify_expired" } : null, redirectTo, headers);
  }
  const methods = offeredMethods(pending.methods);
  if (methods.length === 0) return backToLogin(session, { key: "unknown_error" }, redirectTo, headers);
  return { pending, methods };
}

/** Sent here from bind-or-register: the verification also binds the social identity (document 000, section 3). */
export function socialToBind(session: PortalSession) {
  const pending = pendingSocial(session);
  return pending ? { firebaseChannel: pending.channel, firebaseIdToken: pending.idToken } : {};
}

/** The second-factor payload of document 000, section 3: the credentials, the method and its field. */
export function verifyPayload(pending: PendingLogin, method: VerifyMethod, value: Record<string, string | undefined>) {
  const body: Record<string, string> = { username: pending.username, password: pending.password, type: pending.type, method };
  if (method === "E") body.email = value.email!;
  if (method === "G") body.authCode = value.authCode!;
  if (method === "P") body.payeeName = value.payeeName!;
  if (method === "S") {
    body.mobileNum = value.mobileNum!;
    body.verificationCode = value.verificationCode!;
  }
  return body;
}
