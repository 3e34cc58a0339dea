/**
 * Bind-or-register after a social sign-in that no account knows (bind_customer_required).
 * The ID token waits in the server session (never in this page). The player signs in to an
 * existing account, which binds the identity to it; or, with FIREBASECREATEACC3, has an account
 * made automatically; or, with SSOMANUALREG3, registers by hand.
 *
 * `login_.bind` rather than `login.bind`: the login page renders no outlet, so a nested view
 * would never show; the URL is /login/bind all the same.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { getLocale } from "~/i18n/i18n.server";
import { bindSchema, getZodConstraint, parseWithZod } from "~/schemas/forms.server";
import type { Features } from "~/lib/features";
import { failureStatus, keyForCode, operatorFailure } from "~/operator/errors";
import { formFailure } from "~/operator/operator.server";
import type { LoginValue } from "~/operator/answers";
import { completeLogin } from "~/features/auth/login.server";
import { registrationContext } from "~/features/auth/register.server";
import { loadFeatures, loadSettings } from "~/features/site/site.server";
import { backToLogin, pendingSocial, failureNotice } from "~/features/auth/social.server";
import { holdPendingLogin } from "~/features/auth/pending-login.server";
import { openAction } from "~/server/action.server";
import { checkLoginRate, clientIp } from "~/server/rate-limit.server";
import { commitSession, getSession, type PortalSession } from "~/server/session.server";
import { deferred } from "~/components/deferred";
import { AUTO_REGISTER_INTENT } from "~/schemas/intents";

async function pendingOrBack(session: PortalSession, redirectTo: string) {
  if (session.get("token")) throw redirect("/", 303);
  const pending = pendingSocial(session);
  if (!pending) return backToLogin(session, { key: "social_expired" }, redirectTo);
  return { session, pending };
}

export const handle = { i18n: "auth" };

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  const { pending } = await pendingOrBack(await getSession(request), redirectTo);
  const features = await loadFeatures(await getLocale(request));
  return json({
    channel: pending.channel,
    autoRegister: features.has("FIREBASECREATEACC3"),
    manualRegister: features.has("SSOMANUALREG3"),
    redirectTo,
    constraint: getZodConstraint(bindSchema),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, session, locale, headers, operator: bind } = await openAction(request, context);
  const redirectTo = safeRedirect(String(formData.get("redirectTo") ?? ""), "/");
  const { pending } = await pendingOrBack(session, redirectTo);
  const submission = parseWithZod(formData, { schema: bindSchema });
  const fail = (status: number, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) =>
    json({ result: submission.reply({ hideFields: ["password"], ...errors }), autoRegisterError: null }, { status, headers });
  let features: Features;
  try {
    features = await loadFeatures(locale);
  } catch (error) {
    // Without the switches nothing can be sent: the catalogue's text and the username kept, never a 500.
    const { status, message } = await formFailure(request, error);
    return fail(status, { formErrors: [message] });
  }
  const operator = bind(features);
  const social = { firebaseChannel: pending.channel, firebaseIdToken: pending.idToken };
  const finish = (value: LoginValue, username: string, password?: string) =>
    completeLogin({ request, session, locale, value, username, password, remember: false, features, redirectTo, headers });

  if (formData.get("intent") === AUTO_REGISTER_INTENT) {
    if (!features.has("FIREBASECREATEACC3")) throw new Response("Not Found", { status: 404 });
    try {
      const context = await registrationContext(request, await loadSettings(locale));
      const value = await operator.call("registerAuto", { body: { ...social, login: true, ...context } });
      // customerName is merchant@account (document 000, section 3).
      return await finish(value, (value.customerName ?? "").split("@").pop() ?? "");
    } catch (error) {
      const failure = operatorFailure(error);
      const notice = await failureNotice(request, failure);
      return json({ result: null, autoRegisterError: notice }, { status: failureStatus(failure), headers });
    }
  }

  const rate = await checkLoginRate(clientIp(request, context), String(formData.get("username") ?? "").trim());
  if (!rate.allowed) {
    headers.set("Retry-After", String(rate.retryAfterS));
    return fail(429, { formErrors: ["too_many_requests"] });
  }
  if (submission.status !== "success") return fail(400);
  const { username, password } = submission.value;
  try {
    const value = await operator.call("login", {
      body: { username, password, captcha: "", type: "username", ...social },
    });
    return await finish(value, username, password);
  } catch (thrown) {
    const error = operatorFailure(thrown);
    if (error.kind === "verify-required") {
      // The second factor completes the login, and the verification carries the identity to bind.
      session.set("pendingVerification", {
        username,
        methods: Array.isArray(error.value) ? error.value.map(String) : String(error.value ?? "").split(","),
      });
      await holdPendingLogin(session, { password, remember: false });
      headers.append("Set-Cookie", await commitSession(session));
      throw redirect(`/login/verify?redirectTo=${encodeURIComponent(redirectTo)}`, { status: 303, headers });
    }
    if (error.code === "login.password.incorrect") return fail(400, { fieldErrors: { password: [keyForCode(error.code)!] } });
    const key = keyForCode(error.code);
    if (key) return fail(error.status === 429 ? 429 : 400, { formErrors: [key] });
    // captcha.invalid included: this page has no captcha; the operator's text says what to do.
    const notice = await failureNotice(request, error);
    return fail(failureStatus(error), { formErrors: ["key" in notice ? notice.key : notice.text] });
  }
}

// ── view ────────────────────────────────────────────────────────────────────────────────

// The view, its form and conform arrive after the page (decision 043).
export default deferred(() => import("./login_.bind.view").then((m) => m.BindView));
