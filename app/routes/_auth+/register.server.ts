/**
 * The server side of /register, step by step: what the form is made of for this request
 * (switches, tab, the operator's rules, the visit's codes), and the registration itself
 * (affiliate check, the operator call, the login that follows).
 */
import { redirect } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { SpamError } from "remix-utils/honeypot/server";
import { forgetCaptchaImage } from "~/features/auth/captcha.server";
import { completeLogin, defaultLoginPassword } from "~/features/auth/login.server";
import {
  accountOf,
  affiliateAtLoad,
  chosenTab,
  checkAffiliate,
  forgetRegInfo,
  HONEYPOT_FIELDS,
  loadRegisterRules,
  registerCodes,
  registerHoneypot,
  registerTabs,
  registerUrl,
} from "~/features/auth/register.server";
import { forgetSmsCode } from "~/features/auth/sms.server";
import { pendingSocial } from "~/features/auth/social.server";
import { loadFeatures, loadSettings } from "~/features/site/site.server";
import type { Locale } from "~/i18n/config";
import { keyForCode, operatorFailure, type Notice } from "~/operator/errors";
import { bindOperator, formFailure } from "~/operator/operator.server";
import { registerFields, type RegisterSwitches } from "~/schemas/register-fields";
import { commitSession, type PortalSession } from "~/server/session.server";

/** Query parameters that follow the player from the agreement to the form and between tabs. */
const CARRIED = ["r", "referralCode", "linkId", "redirectTo"] as const;

export function carried(url: URL, extra: Record<string, string>): string {
  const q = new URLSearchParams(extra);
  for (const name of CARRIED) {
    const v = url.searchParams.get(name);
    if (v) q.set(name, v);
  }
  return `/register?${q.toString()}`;
}

/** Who is asking, shared by the loader and the action. */
export interface Situation {
  session: PortalSession;
  locale: Locale;
  device: { id: string; setCookie: string | null };
  headers: Headers;
  url: URL;
}

/** Switches, tab, rules and codes: what the form is made of for this request. */
export async function formSetup(request: Request, s: Situation) {
  const features = await loadFeatures(s.locale);
  const tabs = registerTabs(features);
  if (!tabs) return { closed: true as const, features };
  const operator = bindOperator(s.session, s.locale, s.device.id, features);
  const [settings, rules, codes] = await Promise.all([loadSettings(s.locale), loadRegisterRules(operator), registerCodes(request)]);
  const tab = chosenTab(tabs, s.url.searchParams.get("tab"));
  const atLoad = await affiliateAtLoad({ operator, features, settings, code: codes.affiliateCode, domain: s.url.hostname });
  const switches: RegisterSwitches = {
    tab,
    smsVerification: tab === "mobile" && features.has("REGMOBVERF3"),
    noPassword: tab === "mobile" && features.has("MOBILENUMPASSREG3"),
    hideAffiliate: atLoad.action === "hide",
  };
  return { closed: false as const, features, tabs, tab, operator, settings, rules, codes, atLoad, switches };
}

export type OpenSetup = Extract<Awaited<ReturnType<typeof formSetup>>, { closed: false }>;

/** A code that fails at page load with the page affiliate setting on: the site origin, with the message. */
export async function leaveForOrigin(s: Situation, message: string): Promise<never> {
  s.session.flash("notice", { text: message });
  s.headers.append("Set-Cookie", await commitSession(s.session));
  s.headers.append("Set-Cookie", await forgetRegInfo());
  throw redirect("/", { status: 303, headers: s.headers });
}

/** A bot that filled the hidden field, or posted without the signed time: true when refused. */
export function honeypotRefuses(formData: FormData): boolean {
  try {
    // remix-utils skips the check when both fields are absent; a form we drew always has them.
    if (!formData.has(HONEYPOT_FIELDS.name) || !formData.has(HONEYPOT_FIELDS.validFrom)) throw new SpamError("honeypot fields missing");
    registerHoneypot().check(formData);
    return false;
  } catch {
    // SpamError, and also what remix-utils throws on a signed time that does not decrypt
    // ("Malformed UTF-8 data"): either way the post is not one of our forms.
    return true;
  }
}

/** Operator refusals that belong beside a field. */
const FIELD_OF_CODE: Record<string, string> = {
  "username.registered": "username",
  "mobile.registered": "mobileNum",
  "affiliate.invalid": "affiliateCode",
  "captcha.invalid": "captcha",
  "register.sms.code.invalid": "verificationCode",
  "register.password.mismatch": "verifyPwd",
};

type Errors = { formErrors?: string[]; fieldErrors?: Record<string, string[]> };

/**
 * Registers the player with valid form values, then logs the new member in: a redirect (thrown)
 * on success, or the status and errors of a refused registration.
 */
export async function register(args: {
  request: Request;
  s: Situation;
  setup: OpenSetup;
  values: Record<string, string | undefined>;
}): Promise<{ status: number; errors: Errors }> {
  const { request, s, setup, values } = args;
  const mobile = values.mobileNum ?? "";

  // The affiliate code: the field when the form has one, else the code that came with the visit.
  const fieldKeys = new Set(registerFields(setup.rules, setup.switches).map((f) => f.key));
  const affiliateCode = fieldKeys.has("affiliateCode")
    ? (values.affiliateCode ?? "")
    : setup.switches.hideAffiliate
      ? ""
      : setup.codes.affiliateCode;
  if (affiliateCode && setup.features.has("AFFILIATE3")) {
    const check = await checkAffiliate(setup.operator, affiliateCode, s.url.hostname);
    if (!check.ok) {
      return fieldKeys.has("affiliateCode")
        ? { status: 400, errors: { fieldErrors: { affiliateCode: [check.message] } } }
        : { status: 400, errors: { formErrors: [check.message] } };
    }
  }

  const password = setup.switches.noPassword ? defaultLoginPassword() : (values.password ?? "");
  const body: Record<string, unknown> = {};
  for (const key of fieldKeys) if (key !== "verifyPwd" && values[key] !== undefined) body[key] = values[key];
  Object.assign(body, {
    password,
    confirmPassword: setup.switches.noPassword ? password : (values.verifyPwd ?? ""),
    affiliateCode,
    referralCode: setup.codes.referralCode,
    registerUrl: registerUrl(request, setup.settings),
    domain: s.url.hostname,
    login: true,
    ...(setup.codes.linkId ? { linkId: setup.codes.linkId } : {}),
    // Sent here from bind-or-register (SSOMANUALREG3): the new account takes the social identity.
    ...socialToBind(s.session),
  });

  let value;
  try {
    value = await setup.operator.call(setup.tab === "mobile" ? "registerMobile" : "register", { body });
  } catch (thrown) {
    const error = operatorFailure(thrown);
    // The operator consumed (or refused) the captcha: the page shows a new one.
    await forgetCaptchaImage(s.device.id);
    const field = FIELD_OF_CODE[error.code];
    // A code with a key of its own (a wrong captcha) is read in the player's language, not the operator's.
    const beside = keyForCode(error.code) ?? (error.serverMessage || error.code);
    if (field && fieldKeys.has(field)) return { status: 400, errors: { fieldErrors: { [field]: [beside] } } };
    const { status, message } = await formFailure(request, error);
    return { status, errors: { formErrors: [message] } };
  }
  await forgetCaptchaImage(s.device.id);
  await forgetSmsCode(s.device.id, "register");

  const account = accountOf(value.customerName, setup.tab === "mobile" ? mobile : (values.username ?? ""));
  const mobileNo = value.profile?.mobileNo || mobile;
  const notice: Notice = mobileNo
    ? { key: "register_success", values: { account, mobile: mobileNo } }
    : { key: "register_success_account", values: { account } };
  s.headers.append("Set-Cookie", await forgetRegInfo());
  const redirectTo = safeRedirect(values.redirectTo || s.url.searchParams.get("redirectTo"), "/");

  try {
    // The operator logs the new member in when asked (login: true); otherwise the portal does.
    const login = value.token
      ? { token: value.token, firstTimeLogin: value.firstTimeLogin, passwordExpired: value.passwordExpired }
      : await setup.operator.call("login", { body: { username: account, password, captcha: "", type: "username" } });
    return await completeLogin({
      request,
      session: s.session,
      locale: s.locale,
      value: login,
      username: account,
      password,
      defaultPasswordUsed: setup.switches.noPassword,
      remember: false,
      features: setup.features,
      redirectTo,
      headers: s.headers,
      notice,
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    // Registered, but the login failed: say so and send the player to the login page.
    s.session.flash("notice", notice);
    s.headers.append("Set-Cookie", await commitSession(s.session));
    throw redirect("/login", { status: 303, headers: s.headers });
  }
}

function socialToBind(session: PortalSession) {
  const pending = pendingSocial(session);
  return pending ? { firebaseChannel2: pending.channel, firebaseIdToken2: pending.idToken } : {};
}
