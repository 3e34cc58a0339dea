import { parseWithZod } from "@conform-to/zod";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { safeRedirect } from "remix-utils/safe-redirect";
import { LoginPanel, type LoginActionData, type LoginPageData, type SideLink } from "~/components/login-panel";
import {
  isLoginTab,
  LOGIN_TAB_SWITCH,
  LOGIN_TABS,
  LOGIN_TYPE,
  schemaForLogin,
  SECRET_LOGIN_FIELDS,
  type LoginTab,
} from "~/schemas/login";
import { getLocale, translate } from "~/i18n/i18n.server";
import { decryptCustomerServicePath } from "~/lib/des";
import type { Features } from "~/lib/features";
import { keyForCode, noticeMessage, OperatorError } from "~/operator/errors";
import { bindOperator, handleOperatorError } from "~/operator/operator.server";
import { completeLogin, type LoginValue } from "~/operator/login.server";
import { loadFeatures, loadSettings } from "~/operator/site.server";
import { forgetSmsCode, requestSmsCode, smsCodeLive, smsSecondsLeft } from "~/operator/sms.server";
import { checkLoginRate, clientIp } from "~/security.server";
import { clearLoginState, readLoginState, updateLoginState, type LoginState } from "~/login-state.server";
import { holdPendingLogin } from "~/pending-login.server";
import { commitSession, deviceId, getSession, lastUsernameCookie } from "~/session.server";
import { readFormPost } from "~/form-post.server";

/** The captcha refresh link is honoured at most once a second (document 000, section 9). */
const CAPTCHA_REFRESH_MS = 1_000;

const SEND_CODE = "send-code";

/** The login switches of document 000, section 6 that the page passes on to the other ways in. */
const LOGIN_SWITCHES = [
  "MOBILELOGIN3",
  "MOBILEVERCODELOGIN3",
  "FREEPLAY3",
  "TELEGRAMLOGIN3",
  "GOOGLELOGIN3",
  "FACEBOOKLOGIN3",
  "TWITTERLOGIN3",
  "LINELOGIN3",
  "FIREBASECREATEACC3",
  "SSOMANUALREG3",
  "REG3",
] as const;

/** The tabs whose switch is on, in the spec's order (username, SMS code, mobile number). */
export function loginTabs(features: Features): LoginTab[] {
  return LOGIN_TABS.filter((tab) => {
    const name = LOGIN_TAB_SWITCH[tab];
    return name === null || features.has(name);
  });
}

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (session.get("token")) throw redirect("/");
  const locale = await getLocale(request);
  const device = await deviceId(request, context);
  const url = new URL(request.url);
  const [features, settings] = await Promise.all([loadFeatures(locale), loadSettings(locale)]);
  const tabs = loginTabs(features);
  const asked = url.searchParams.get("tab");
  // A tab whose switch is off is not there: its address shows the username tab.
  const tab: LoginTab = isLoginTab(asked) && tabs.includes(asked) ? asked : "password";
  const lastUsername = await lastUsernameCookie.parse(request.headers.get("Cookie"));
  const state = readLoginState(device.id);
  const captchaImage = state.captchaRequired
    ? await captchaFor(request, device.id, state, bindOperator(session, locale, device.id))
    : null;

  const headers = new Headers();
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  const data: LoginPageData & { tab: LoginTab; tabs: LoginTab[] } = {
    lastUsername: typeof lastUsername === "string" ? lastUsername : "",
    captchaImage,
    captchaRequired: Boolean(state.captchaRequired),
    tab,
    tabs,
    smsSecondsLeft: tab === "sms" ? smsSecondsLeft(device.id, "login") : 0,
    countryCodeField: features.has("UPDATEMOBILEICC3"),
    enabledSwitches: LOGIN_SWITCHES.filter((name) => features.has(name)),
    redirectTo: localPath(url.searchParams.get("redirectTo")),
    sideLinks: sideLinks(settings),
  };
  return json(data, { headers });
}

/** A target inside the site, or nothing. */
function localPath(value: string | null): string {
  if (!value) return "";
  const safe = safeRedirect(value, "");
  return safe;
}

interface SettingsLinks {
  resources?: Array<{ resourceType?: string; url?: string | null }>;
  customerService?: Array<{ path?: string; title?: string }>;
}

/**
 * The login page's side menu (document 000, section 2): customer service, the speed check
 * (only with a SpeedTest resource that has a url) and the app download (an IOS, Android or H5
 * resource with a url). Entries the operator does not configure are not shown.
 */
export function sideLinks(settings: SettingsLinks): SideLink[] {
  const links: SideLink[] = [];
  const service = (settings.customerService ?? []).find((entry) => typeof entry.path === "string" && entry.path !== "");
  if (service?.path) {
    try {
      const href = decryptCustomerServicePath(service.path);
      if (/^https?:\/\//i.test(href)) links.push({ label: "login_customer_service", href });
    } catch {
      // An entry that does not decrypt is left out rather than shown broken.
    }
  }
  const resource = (type: string) =>
    (settings.resources ?? []).find((r) => r.resourceType === type && typeof r.url === "string" && /^https?:\/\//i.test(r.url));
  const speed = resource("SpeedTest");
  if (speed?.url) links.push({ label: "login_speed_check", href: speed.url });
  const app = resource("H5") ?? resource("Android") ?? resource("IOS");
  if (app?.url) links.push({ label: "login_app_download", href: app.url });
  return links;
}

async function captchaFor(
  request: Request,
  device: string,
  state: LoginState,
  operator: ReturnType<typeof bindOperator>,
): Promise<string | null> {
  if (state.captchaImage && Date.now() - (state.captchaIssuedAt ?? 0) < CAPTCHA_REFRESH_MS) return state.captchaImage;
  try {
    const base64 = await operator.call<string>("captcha", { query: { deviceId: device } });
    const image = base64.startsWith("data:") ? base64 : `data:image/svg+xml;base64,${base64}`;
    updateLoginState(device, { captchaImage: image, captchaIssuedAt: Date.now() });
    return image;
  } catch (error) {
    await handleOperatorError(request, error);
    return null;
  }
}

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
  const { formData, session, locale, device, headers } = await readFormPost(request, context);

  const asked = formData.get("tab") ?? new URL(request.url).searchParams.get("tab") ?? "password";
  const features = await loadFeatures(locale);
  // A switched-off way in is refused, not called.
  if (!isLoginTab(asked) || !loginTabs(features).includes(asked)) {
    throw new Response("Not Found", { status: 404, headers });
  }
  const tab: LoginTab = asked;
  const intent = formData.get("intent");
  const sendCode = tab === "sms" && intent === SEND_CODE;
  const captchaRequired = Boolean(readLoginState(device.id).captchaRequired);
  const submission = parseWithZod(formData, { schema: schemaForLogin(tab, { captchaRequired, intent: String(intent ?? "") }) });

  // Passwords, codes and the captcha never travel back to the browser.
  const fail = (status: number, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) =>
    json<LoginActionData>({ result: submission.reply({ hideFields: SECRET_LOGIN_FIELDS, ...errors }) }, { status, headers });

  // Every attempt counts, valid or not: hammering is hammering (asking for codes included).
  const loginName = String(formData.get(tab === "password" ? "username" : "mobileNum") ?? "").trim();
  const rate = checkLoginRate(clientIp(request, context), loginName);
  if (!rate.allowed) {
    headers.set("Retry-After", String(rate.retryAfterS));
    return fail(429, { formErrors: ["too_many_requests"] });
  }
  if (submission.status !== "success") return fail(400);
  const value = submission.value as LoginValues;
  const operator = bindOperator(session, locale, device.id, features);

  if (sendCode) {
    const mobile = value.mobileNum ?? "";
    const sent = await requestSmsCode({
      deviceId: device.id,
      purpose: "login",
      mobile,
      send: () =>
        operator.call<{ expiredMinutes?: number }>("smsCodeLogin", {
          body: { mobileNum: mobile, countryDialingCode: value.countryDialingCode ?? "" },
        }),
    });
    if (sent.status === "sent") {
      return json<LoginActionData>({ result: submission.reply({ hideFields: SECRET_LOGIN_FIELDS }), codeSent: true }, { headers });
    }
    if (sent.status === "wait") {
      return fail(400, { formErrors: [await translate(locale, "sms_resend_wait", { seconds: sent.secondsLeft })] });
    }
    const notice = await handleOperatorError(request, sent.error);
    return fail(sent.error.status >= 500 || sent.error.kind === "unavailable" ? 503 : 400, { formErrors: [noticeMessage(notice)] });
  }

  const username = tab === "password" ? value.username ?? "" : value.mobileNum ?? "";
  const password = tab === "sms" ? value.verificationCode ?? "" : value.password ?? "";
  // Verifying with no code sent to this number: 'code expired', without asking the operator.
  if (tab === "sms" && !smsCodeLive(device.id, "login", username)) {
    return fail(400, { fieldErrors: { verificationCode: ["code expired"] } });
  }
  const redirectTo = safeRedirect(value.redirectTo, "/");

  let loginValue: LoginValue;
  try {
    loginValue = await operator.call<LoginValue>("login", {
      body: { username, password, captcha: value.captcha ?? "", type: LOGIN_TYPE[tab] },
    });
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    if (error.kind === "verify-required") {
      session.set("pendingVerification", {
        username,
        methods: Array.isArray(error.value) ? error.value.map(String) : String(error.value ?? "").split(","),
      });
      holdPendingLogin(session, { password, remember: Boolean(value.remember), type: LOGIN_TYPE[tab] });
      headers.append("Set-Cookie", await commitSession(session));
      throw redirect(`/login/verify?redirectTo=${encodeURIComponent(redirectTo)}`, { status: 303, headers });
    }
    if (error.captchaRequired) updateLoginState(device.id, { captchaRequired: true });
    if (error.code === "login.password.incorrect") {
      return fail(400, { fieldErrors: { password: [keyForCode(error.code)!] } });
    }
    if (error.code === "login.sms.code.invalid") {
      return fail(400, { fieldErrors: { verificationCode: ["sms_code_incorrect"] } });
    }
    if (error.code === "captcha.invalid") {
      return fail(400, { fieldErrors: { captcha: [error.serverMessage || "enter_verification_code"] } });
    }
    const key = keyForCode(error.code);
    if (key) return fail(error.status === 429 ? 429 : 400, { formErrors: [key] });
    const notice = await handleOperatorError(request, error);
    return fail(error.status >= 500 || error.kind === "unavailable" ? 503 : 400, { formErrors: [noticeMessage(notice)] });
  }

  // The code is used up, and a login that went through ends the captcha demand.
  if (tab === "sms") forgetSmsCode(device.id, "login");
  clearLoginState(device.id);
  const remembered = value.remember
    ? await lastUsernameCookie.serialize(username)
    : await lastUsernameCookie.serialize("", { maxAge: 0 });
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
    const notice = await handleOperatorError(request, error);
    return fail(503, { formErrors: [noticeMessage(notice)] });
  }
}

// ── view ────────────────────────────────────────────────────────────────────────────────

export default function Login() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <LoginPanel data={data as LoginPageData} actionData={actionData as LoginActionData | undefined} />;
}
