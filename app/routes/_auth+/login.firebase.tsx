/**
 * Social sign-in (document 000, section 4): the browser signs in with the identity service and
 * posts the ID token here as a plain form; the operator answers a token, or
 * bind_customer_required, which keeps the ID token in the server session and opens /login/bind.
 * The identity service's public web configuration is /resources/firebase-config.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { FIREBASE_CHANNELS } from "~/lib/social";
import { operatorFailure } from "~/operator/errors";
import { loadFeatures } from "~/features/site/site.server";
import { backToLogin, finishWayIn, firebaseConfigFor, isFirebaseChannel } from "~/features/auth/social.server";
import { commitSession } from "~/server/session.server";
import { openAction } from "~/server/action.server";

/** The configuration the buttons need is a resource of its own (/resources/firebase-config). */
export const handle = { i18n: "auth" };

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, session, locale, headers, operator: bind } = await openAction(request, context);
  const redirectTo = safeRedirect(String(formData.get("redirectTo") ?? ""), "/");
  const channel = formData.get("firebaseChannel");
  const idToken = String(formData.get("firebaseIdToken") ?? "").trim();

  const features = await loadFeatures(locale);
  // A switched-off provider does not exist.
  if (!isFirebaseChannel(channel) || !features.has(FIREBASE_CHANNELS[channel])) {
    throw new Response("Not Found", { status: 404 });
  }
  if (!(await firebaseConfigFor(locale))) return backToLogin(session, { key: "site not support Google Service." }, redirectTo, headers);
  // Only a script can sign in with the identity service; without one the form arrives empty.
  if (!idToken) return backToLogin(session, { key: "social_needs_scripts" }, redirectTo, headers);

  return finishWayIn({
    request,
    session,
    locale,
    features,
    redirectTo,
    headers,
    login: async () => {
      try {
        return await bind(features).call("loginFirebase", {
          body: { type: "firebase", firebaseChannel: channel, firebaseIdToken: idToken },
        });
      } catch (thrown) {
        const error = operatorFailure(thrown);
        if (error.kind !== "bind-required") throw error;
        // No account knows this identity: it waits in the session for bind-or-register.
        session.set("pendingSocial", { channel, idToken, at: Date.now() });
        headers.append("Set-Cookie", await commitSession(session));
        throw redirect(`/login/bind?redirectTo=${encodeURIComponent(redirectTo)}`, { status: 303, headers });
      }
    },
  });
}

// A document, not a resource: its refusals get the error page (app/components/no-view.tsx).
export { NoView as default } from "~/components/no-view";
