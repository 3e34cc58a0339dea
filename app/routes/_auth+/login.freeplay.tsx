/**
 * Free play (FREEPLAY3): the operator opens a trial account (agent flag 4) and answers its
 * token; the login completes as any other. The trial account is then kept out of member
 * features by the gate (app/lib/gate.server.ts).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { loadFeatures } from "~/features/site/site.server";
import { backToLogin, finishWayIn } from "~/features/auth/social.server";
import { openAction } from "~/server/action.server";
import { checkLoginRate, clientIp } from "~/server/rate-limit.server";

export const handle = { i18n: "auth" };

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, session, locale, device, headers, operator: bind } = await openAction(request, context);
  const features = await loadFeatures(locale);
  if (!features.has("FREEPLAY3")) throw new Response("Not Found", { status: 404 });
  const redirectTo = safeRedirect(String(formData.get("redirectTo") ?? ""), "/");
  // Each press makes an account at the operator: the login limits apply, per address and per browser.
  const rate = await checkLoginRate(clientIp(request, context), `freeplay:${device.id}`);
  if (!rate.allowed) return backToLogin(session, { key: "too_many_requests" }, redirectTo, headers);

  return finishWayIn({
    request,
    session,
    locale,
    features,
    redirectTo,
    headers,
    login: () => bind(features).call("loginFreePlay", { body: {} }),
  });
}

// A document, not a resource: its refusals get the error page (app/components/no-view.tsx).
export { NoView as default } from "~/components/no-view";
