import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { CAPTCHA_REFRESH_MS, CAPTCHA_REUSE_MS, captchaImage } from "~/features/auth/captcha.server";
import type { RegisterActionData, RegisterFormData } from "~/features/auth/register-form";
import { deferred } from "~/components/deferred";
import { registerHoneypot } from "~/features/auth/register.server";
import { requestSmsCode, smsCodeLive, smsSecondsLeft } from "~/features/auth/sms.server";
import { getLocale, translate } from "~/i18n/i18n.server";
import { formFailure } from "~/operator/operator.server";
import { SEND_CODE_INTENT } from "~/schemas/intents";
import { registerFields, SECRET_FIELDS } from "~/schemas/register-fields";
import { parse, parseWithZod, registerSchema } from "~/schemas/forms.server";
import { openAction } from "~/server/action.server";
import { deviceId, getSession } from "~/server/session.server";
import { carried, formSetup, honeypotRefuses, leaveForOrigin, register, type Situation } from "./register.server";

/**
 * /register (and /register.html): the agreement, then the form built from the operator's
 * register rules, by tab (username, mobile). Closed when the switches say so.
 */

export const handle = { i18n: "auth", seo: { index: true } };

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (session.get("token")) throw redirect("/");
  const [locale, device] = await Promise.all([getLocale(request), deviceId(request, context)]);
  const s: Situation = { session, locale, device, headers: new Headers(), url: new URL(request.url) };
  if (device.setCookie) s.headers.append("Set-Cookie", device.setCookie);

  const setup = await formSetup(request, s);
  if (setup.closed) return json({ step: "closed" as const, form: null, query: "" }, { headers: s.headers });
  if (setup.codes.setCookie) s.headers.append("Set-Cookie", setup.codes.setCookie);
  if (setup.atLoad.action === "leave") await leaveForOrigin(s, setup.atLoad.message);

  if (s.url.searchParams.get("step") !== "form") {
    return json({ step: "agreement" as const, form: null, query: carried(s.url, { step: "form" }) }, { headers: s.headers });
  }

  const fields = registerFields(setup.rules, setup.switches);
  const refresh = s.url.searchParams.get("captcha") === "refresh";
  // The image stays while its answer is unused (a refused post, a code sent); the refresh link asks for a new one.
  const captcha = fields.some((f) => f.key === "captcha")
    ? await captchaImage({
        request,
        operator: setup.operator,
        device: device.id,
        reuseForMs: refresh ? CAPTCHA_REFRESH_MS : CAPTCHA_REUSE_MS,
      })
    : null;
  const form: RegisterFormData = {
    tab: setup.tab,
    tabLinks: setup.tabs.tabs.map((id) => ({ id, to: carried(s.url, { step: "form", tab: id }) })),
    rules: setup.rules,
    switches: setup.switches,
    affiliateCode: setup.switches.hideAffiliate ? "" : setup.codes.affiliateCode,
    captchaImage: captcha,
    refreshTo: carried(s.url, { step: "form", tab: setup.tab, captcha: "refresh" }),
    smsSecondsLeft: setup.switches.smsVerification ? await smsSecondsLeft(device.id, "register") : 0,
    honeypot: registerHoneypot().getInputProps(),
  };
  return json({ step: "form" as const, query: "", form }, { headers: s.headers });
}

// ── action ──────────────────────────────────────────────────────────────────────────────

export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, session, locale, device, headers } = await openAction(request, context);
  const s: Situation = { session, locale, device, headers, url: new URL(request.url) };
  if (session.get("token")) throw redirect("/", 303);
  const intent = String(formData.get("intent") ?? "register");
  const answer = (status: number, data: Omit<RegisterActionData, "attempt">) =>
    json<RegisterActionData>({ ...data, attempt: intent }, { status, headers });

  // The agreement step: the tick is required (it is ticked by default).
  if (intent === "agree") {
    if (formData.get("agree") !== "on") return answer(400, { agreementError: "in_register_agreed", result: null });
    const tab = s.url.searchParams.get("tab");
    throw redirect(carried(s.url, { step: "form", ...(tab ? { tab } : {}) }), { status: 303, headers });
  }

  let setup: Awaited<ReturnType<typeof formSetup>>;
  try {
    setup = await formSetup(request, s);
  } catch (error) {
    // Without the switches and rules the form cannot be checked: the catalogue's text and what
    // was typed, as a failed registration call answers (never a 500).
    const { status, message } = await formFailure(request, error);
    const typed = parse<Record<string, unknown>, string[]>(formData, { resolve: () => ({ value: {} }) });
    return answer(status, { result: typed.reply({ hideFields: SECRET_FIELDS, formErrors: [message] }), agreementError: null });
  }
  if (setup.closed) throw new Response("Registration is closed", { status: 404 });
  if (setup.atLoad.action === "leave") await leaveForOrigin(s, setup.atLoad.message);
  const submission = parseWithZod(formData, { schema: registerSchema(setup.rules, setup.switches, intent) });
  const fail = (status: number, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) =>
    answer(status, { result: submission.reply({ hideFields: SECRET_FIELDS, ...errors }), agreementError: null });

  if (honeypotRefuses(formData)) return fail(400, { formErrors: ["reg_refused"] });
  if (submission.status !== "success") return fail(400);
  const values = submission.value as Record<string, string | undefined>;
  const mobile = values.mobileNum ?? "";

  if (intent === SEND_CODE_INTENT) {
    if (!setup.switches.smsVerification) return fail(404);
    const sent = await requestSmsCode({
      deviceId: device.id,
      purpose: "register",
      mobile,
      send: () => setup.operator.call("smsCodeRegister", { body: { mobileNo: mobile, countryDialingCode: "" } }),
    });
    if (sent.status === "wait") {
      headers.set("Retry-After", String(sent.secondsLeft));
      return fail(429, { formErrors: [await translate(locale, "sms_resend_wait", { seconds: sent.secondsLeft })] });
    }
    if (sent.status === "failed") {
      const message = sent.error.serverMessage || (await formFailure(request, sent.error)).message;
      return fail(400, { fieldErrors: { mobileNum: [message] } });
    }
    return answer(200, { result: submission.reply({ hideFields: SECRET_FIELDS }), agreementError: null, codeSent: true });
  }

  if (setup.switches.smsVerification && !(await smsCodeLive(device.id, "register", mobile))) {
    return fail(400, { fieldErrors: { verificationCode: ["code expired"] } });
  }
  const refused = await register({ request, s, setup, values });
  return fail(refused.status, refused.errors);
}

// The agreement and the form, and conform with them, arrive after the page (decision 043).
const Agreement = deferred(() => import("~/features/auth/register-agreement").then((m) => m.Agreement));
const RegisterForm = deferred(() => import("~/features/auth/register-form").then((m) => m.RegisterForm));

// ── view ────────────────────────────────────────────────────────────────────────────────

export default function Register() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (data.step === "agreement") return <Agreement error={actionData?.agreementError ?? null} />;
  if (data.step === "closed" || !data.form) {
    return (
      <section className="panel register-panel" aria-labelledby="register-title">
        <h1 id="register-title">{t("register")}</h1>
        <p className="register-closed">{t("reg_closed")}</p>
        <p>
          <Link to="/">{t("back_home")}</Link>
        </p>
      </section>
    );
  }
  return (
    <RegisterForm key={data.form.tab} form={data.form as RegisterFormData} actionData={actionData as RegisterActionData | undefined} />
  );
}
