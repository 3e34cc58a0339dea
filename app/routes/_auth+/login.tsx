import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { safeRedirect } from "~/lib/safe-redirect";
import type { LoginActionData, LoginPageData } from "~/features/auth/login-panel";
import { deferred } from "~/components/deferred";
import { isLoginTab, LOGIN_TYPE, SECRET_LOGIN_FIELDS, type LoginTab } from "~/schemas/login-tabs";
import { parseWithZod, schemaForLogin } from "~/schemas/forms.server";
import { getLocale, translate } from "~/i18n/i18n.server";
import { CAPTCHA_REFRESH_MS, captchaImage, forgetCaptchaImage } from "~/features/auth/captcha.server";
import { completeLogin } from "~/features/auth/login.server";
import { holdPendingLogin } from "~/features/auth/pending-login.server";
import { forgetSmsCode, releaseSmsResend, requestSmsCode, smsCodeLive, smsSecondsLeft } from "~/features/auth/sms.server";
import { loadFeatures, loadSettings } from "~/features/site/site.server";
import type { Features } from "~/lib/features";
import { keyForCode, operatorFailure } from "~/operator/errors";
import { bindOperator, formFailure } from "~/operator/operator.server";
import { SEND_CODE_INTENT } from "~/schemas/intents";
import { openAction } from "~/server/action.server";
import { readCookie } from "~/server/cookies.server";
import { checkLoginRate, clientIp } from "~/server/rate-limit.server";
import { clearLoginState, readLoginState, updateLoginState } from "~/server/login-state.server";
import { commitSession, deviceId, getSession, lastUsernameCookie } from "~/server/session.server";
import { LAST_USERNAME, LOGIN_SWITCHES, loginConstraint, loginTabs, sideLinks } from "./login.server";

export const handle = { i18n: "auth" };

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request);
  const url = new URL(request.url);
  // Already in: on to where the login would have led.
  if (session.get("token")) throw redirect(safeRedirect(url.searchParams.get("redirectTo"), "/"));
  const locale = await getLocale(request);
  const device = await deviceId(request, context);
  const [features, settings] = await Promise.all([loadFeatures(locale), loadSettings(locale)]);
  const tabs = loginTabs(features);
  const asked = url.searchParams.get("tab");
  // A tab whose switch is off is not there: its address shows the username tab.
  const tab: LoginTab = isLoginTab(asked) && tabs.includes(asked) ? asked : "password";
  const lastUsername = await readCookie(lastUsernameCookie, request, LAST_USERNAME);
  // A device id made for this request has nothing stored yet: no read (a round trip with Redis).
  const state = device.setCookie ? {} : await readLoginState(device.id);
  // Each view shows a new image (a refresh at most once a second).
  const captcha = state.captchaRequired
    ? await captchaImage({ request, operator: bindOperator(session, locale, device.id), device: device.id, reuseForMs: CAPTCHA_REFRESH_MS })
    : null;

  const headers = new Headers();
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  const data: LoginPageData & { tab: LoginTab; tabs: LoginTab[] } = {
    lastUsername: lastUsername ?? "",
    captchaImage: captcha,
    captchaRequired: Boolean(state.captchaRequired),
    constraint: loginConstraint(tab, Boolean(state.captchaRequired)),
    tab,
    tabs,
    smsSecondsLeft: tab === "sms" ? await smsSecondsLeft(device.id, "login") : 0,
    countryCodeField: features.has("UPDATEMOBILEICC3"),
    enabledSwitches: LOGIN_SWITCHES.filter((name) => features.has(name)),
    redirectTo: localPath(url.searchParams.get("redirectTo")),
    sideLinks: sideLinks(settings),
  };
  return json(data, { headers });
}

/** A target inside the site, or nothing. */
function localPath(value: string | null): string {
  return value ? safeRedirect(value, "") : "";
}

/**
 * The pop-up login (features/auth/login-dialog.tsx) holds this route's data in a fetcher, which the
 * router reads again after posts. After a refused post (an action's answer, actionStatus) that
 * is wanted: a new captcha image. But a login that went through answers with a redirect, and
 * reading the login again on the navigation it starts would lead where this loader says, not
 * where the action said (issue 23: the home page; now the target, still past any contract
 * requests). The login page itself (a navigation to /login) is read as usual.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, nextUrl, defaultShouldRevalidate }) =>
  actionStatus === undefined && nextUrl.pathname !== "/login" ? false : defaultShouldRevalidate;

// ── action ──────────────────────────────────────────────────────────────────────────────

/** The fields of every tab; each tab's schema fills its own. */
interface LoginValues {
  username?: string;
  mobileNum?: string;
  countryDialingCode?: string;
  password?: string;
  verificationCode?: string;
  captcha?: string;
  remember?: boolean;
  redirectTo?: string;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, session, locale, device, headers, operator: bind } = await openAction(request, context);

  const asked = formData.get("tab") ?? new URL(request.url).searchParams.get("tab") ?? "password";
  if (!isLoginTab(asked)) throw new Response("Not Found", { status: 404, headers });
  const tab: LoginTab = asked;
  const intent = formData.get("intent");
  const sendCode = tab === "sms" && intent === SEND_CODE_INTENT;
  const captchaRequired = Boolean((await readLoginState(device.id)).captchaRequired);
  const submission = parseWithZod(formData, { schema: schemaForLogin(tab, { captchaRequired, intent: String(intent ?? "") }) });

  // Passwords, codes and the captcha never travel back to the browser.
  const fail = (status: number, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) =>
    json<LoginActionData>({ result: submission.reply({ hideFields: SECRET_LOGIN_FIELDS, ...errors }) }, { status, headers });

  // Without the switches nothing can be sent: an operator that fails here answers the form
  // with the catalogue's text and what was typed, as a failed login call would (never a 500).
  let features: Features;
  try {
    features = await loadFeatures(locale);
  } catch (error) {
    const { status, message } = await formFailure(request, error);
    return fail(status, { formErrors: [message] });
  }
  // A switched-off way in is refused, not called.
  if (!loginTabs(features).includes(tab)) throw new Response("Not Found", { status: 404, headers });

  // Every attempt counts, valid or not: hammering is hammering (asking for codes included).
  const loginName = String(formData.get(tab === "password" ? "username" : "mobileNum") ?? "").trim();
  const rate = await checkLoginRate(clientIp(request, context), loginName);
  if (!rate.allowed) {
    headers.set("Retry-After", String(rate.retryAfterS));
    return fail(429, { formErrors: ["too_many_requests"] });
  }
  if (submission.status !== "success") return fail(400);
  const value = submission.value as LoginValues;
  const operator = bind(features);

  if (sendCode) {
    const mobile = value.mobileNum ?? "";
    const sent = await requestSmsCode({
      deviceId: device.id,
      purpose: "login",
      mobile,
      send: () =>
        operator.call("smsCodeLogin", {
          body: { mobileNum: mobile, countryDialingCode: value.countryDialingCode ?? "" },
        }),
    });
    if (sent.status === "sent") {
      return json<LoginActionData>({ result: submission.reply({ hideFields: SECRET_LOGIN_FIELDS }), codeSent: true }, { headers });
    }
    if (sent.status === "wait") {
      return fail(400, { formErrors: [await translate(locale, "sms_resend_wait", { seconds: sent.secondsLeft })] });
    }
    const { status, message } = await formFailure(request, sent.error);
    return fail(status, { formErrors: [message] });
  }

  const username = tab === "password" ? (value.username ?? "") : (value.mobileNum ?? "");
  const password = tab === "sms" ? (value.verificationCode ?? "") : (value.password ?? "");
  // Verifying with no code sent to this number: 'code expired', without asking the operator.
  if (tab === "sms" && !(await smsCodeLive(device.id, "login", username))) {
    return fail(400, { fieldErrors: { verificationCode: ["code expired"] } });
  }
  const redirectTo = safeRedirect(value.redirectTo, "/");

  let loginValue;
  try {
    loginValue = await operator.call("login", {
      body: { username, password, captcha: value.captcha ?? "", type: LOGIN_TYPE[tab] },
    });
  } catch (thrown) {
    const error = operatorFailure(thrown);
    // The operator used up the answer it was sent, right or wrong (or wants one from now on): the
    // form drawn next must not show that image again, or the digits typed from it fail for sure.
    if (captchaRequired || error.captchaRequired) await forgetCaptchaImage(device.id);
    if (error.kind === "verify-required") {
      session.set("pendingVerification", {
        username,
        methods: Array.isArray(error.value) ? error.value.map(String) : String(error.value ?? "").split(","),
      });
      await holdPendingLogin(session, { password, remember: Boolean(value.remember), type: LOGIN_TYPE[tab] });
      headers.append("Set-Cookie", await commitSession(session));
      throw redirect(`/login/verify?redirectTo=${encodeURIComponent(redirectTo)}`, { status: 303, headers });
    }
    if (error.captchaRequired) await updateLoginState(device.id, { captchaRequired: true });
    if (error.code === "login.password.incorrect") {
      return fail(400, { fieldErrors: { password: [keyForCode(error.code)!] } });
    }
    if (error.code === "login.sms.code.invalid") {
      // A failure resets the code button (document 000, section 4): a typo must not lock the player out.
      await releaseSmsResend(device.id, "login");
      return fail(400, { fieldErrors: { verificationCode: ["sms_code_incorrect"] } });
    }
    if (error.code === "captcha.invalid") {
      return fail(400, { fieldErrors: { captcha: [keyForCode(error.code)!] } });
    }
    const key = keyForCode(error.code);
    if (key) return fail(error.status === 429 ? 429 : 400, { formErrors: [key] });
    const { status, message } = await formFailure(request, error);
    return fail(status, { formErrors: [message] });
  }

  // The code is used up, and a login that went through ends the captcha demand.
  if (tab === "sms") await forgetSmsCode(device.id, "login");
  await clearLoginState(device.id);
  const remembered = value.remember ? await lastUsernameCookie.serialize(username) : await lastUsernameCookie.serialize("", { maxAge: 0 });
  headers.append("Set-Cookie", remembered);
  try {
    return await completeLogin({
      request,
      session,
      locale,
      value: loginValue,
      username,
      // The default-password rule applies to typed passwords, never to an SMS code.
      password: tab === "sms" ? undefined : password,
      remember: Boolean(value.remember),
      features,
      redirectTo,
      headers,
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    const { message } = await formFailure(request, error);
    return fail(503, { formErrors: [message] });
  }
}

// The panel, its form and conform arrive after the page (decision 043).
const LoginPanel = deferred(() => import("~/features/auth/login-panel").then((m) => m.LoginPanel));

// ── view ────────────────────────────────────────────────────────────────────────────────

export default function Login() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <LoginPanel data={data as LoginPageData} actionData={actionData as LoginActionData | undefined} />;
}
