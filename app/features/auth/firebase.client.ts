/**
 * Sign-in with the identity service (Firebase Auth), in the browser only and only when a player
 * presses a social button: the SDK is imported on demand, so other players never download it and
 * the server never runs it. Answers the ID token for the portal's login form; the browser keeps
 * no Firebase session (in-memory persistence, signed out at once).
 *
 * Phone sign-in (channel sms) is not offered: it needs Google's invisible reCAPTCHA script, which
 * the portal's CSP (script-src 'self' + nonce) does not load; phone login is the operator's own
 * SMS-code login (MOBILEVERCODELOGIN3).
 */
import type { FirebaseChannel, FirebaseWebConfig } from "~/lib/social";

/** A failure the player should read: a message key, or the unknown-auth-error text with code and reason. */
export class SocialSignInError extends Error {
  constructor(
    readonly key: string,
    readonly values: Record<string, string> = {},
  ) {
    super(key);
  }
}

type Auth = import("firebase/auth").Auth;
let ready: Promise<{ auth: Auth; sdk: typeof import("firebase/auth") }> | undefined;

function start(config: FirebaseWebConfig) {
  ready ??= (async () => {
    const [{ initializeApp, getApps }, sdk] = await Promise.all([import("firebase/app"), import("firebase/auth")]);
    const app = getApps()[0] ?? initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
    const auth = sdk.initializeAuth(app, {
      persistence: sdk.inMemoryPersistence,
      popupRedirectResolver: sdk.browserPopupRedirectResolver,
    });
    if (config.emulatorUrl) sdk.connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
    return { auth, sdk };
  })();
  ready.catch(() => (ready = undefined));
  return ready;
}

function providerFor(sdk: typeof import("firebase/auth"), channel: FirebaseChannel) {
  switch (channel) {
    case "google":
      return new sdk.GoogleAuthProvider();
    case "facebook":
      return new sdk.FacebookAuthProvider();
    case "twitter":
      return new sdk.TwitterAuthProvider();
    case "line":
      // LINE is an OpenID Connect provider configured in the project as "oidc.line".
      return new sdk.OAuthProvider("oidc.line");
  }
}

/** Signs in through the provider's pop-up; resolves with the ID token, or null when the player closed it. */
export async function signInForIdToken(config: FirebaseWebConfig, channel: FirebaseChannel): Promise<string | null> {
  const { auth, sdk } = await start(config);
  try {
    const result = await sdk.signInWithPopup(auth, providerFor(sdk, channel));
    const token = await result.user.getIdToken();
    await sdk.signOut(auth);
    return token;
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (code === "auth/popup-closed-by-user" || code === "auth/cancelled-popup-request") return null;
    if (code === "auth/popup-blocked") throw new SocialSignInError("popup blocked");
    // internal-error is what the SDK says when it cannot load Google's sign-in helper (offline).
    if (code === "auth/network-request-failed" || code === "auth/internal-error") throw new SocialSignInError("timeout, retry please");
    throw new SocialSignInError("social_auth_error", {
      code: code || "unknown",
      reason: (error as Error).message ?? "",
    });
  }
}
