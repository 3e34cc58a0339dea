/**
 * Free play (FREEPLAY3): the operator opens a trial account (agent flag 4) and answers its
 * token; the login completes as any other. The trial account is then kept out of member
 * features by the gate (app/lib/gate.server.ts).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "remix-utils/safe-redirect";
import { OperatorError } from "~/operator/errors";
import { completeLogin, type LoginValue } from "~/operator/login.server";
import { bindOperator } from "~/operator/operator.server";
import { loadFeatures } from "~/operator/site.server";
import { backToLogin, failureNotice } from "~/operator/social.server";
import { readFormPost } from "~/form-post.server";
import { checkLoginRate, clientIp } from "~/security.server";

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, session, locale, device, headers } = await readFormPost(request, context);
  const features = await loadFeatures(locale);
  if (!features.has("FREEPLAY3")) throw new Response("Not Found", { status: 404 });
  const redirectTo = safeRedirect(String(formData.get("redirectTo") ?? ""), "/");
  // Each press makes an account at the operator: the login limits apply, per address and per browser.
  const rate = checkLoginRate(clientIp(request, context), `freeplay:${device.id}`);
  if (!rate.allowed) return backToLogin(session, { key: "too_many_requests" }, redirectTo, headers);

  try {
    const operator = bindOperator(session, locale, device.id, features);
    const value = await operator.call<LoginValue & { username?: string }>("loginFreePlay", { body: {} });
    return await completeLogin({ request, session, locale, value, username: value.username ?? "", remember: false, features, redirectTo, headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof OperatorError)) throw error;
    const notice = await failureNotice(request, error);
    return backToLogin(session, notice, redirectTo, headers);
  }
}
