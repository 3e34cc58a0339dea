import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { SpamError } from "remix-utils/honeypot/server";
import { safeRedirect } from "remix-utils/safe-redirect";
import { ErrorSummary, SubmitButton, useClearSecrets } from "~/components/forms";
import { SmsCodeButton } from "~/components/sms-code";
import { TabLinks } from "~/components/tabs";
import { getLocale, translate } from "~/i18n/i18n.server";
import type { Locale } from "~/i18n/config";
import { OperatorError, noticeMessage, type Notice } from "~/operator/errors";
import { completeLogin, defaultLoginPassword, type LoginValue } from "~/operator/login.server";
import { pendingSocial } from "~/operator/social.server";
import { bindOperator, handleOperatorError, type BoundOperator } from "~/operator/operator.server";
import {
  accountOf,
  affiliateAtLoad,
  checkAffiliate,
  chosenTab,
  forgetRegInfo,
  HONEYPOT_FIELDS,
  loadRegisterRules,
  registerCaptcha,
  registerCodes,
  registerHoneypot,
  registerTabs,
  registerUrl,
  type RegisterValue,
} from "~/operator/register.server";
import { loadFeatures, loadSettings } from "~/operator/site.server";
import { forgetSmsCode, requestSmsCode, smsCodeLive, smsSecondsLeft } from "~/operator/sms.server";
import { updateLoginState } from "~/login-state.server";
import {
  registerFields,
  registerSchema,
  SECRET_FIELDS,
  SEND_CODE,
  type RegisterField,
  type RegisterRule,
  type RegisterSwitches,
} from "~/schemas/register";
import { validateCsrf } from "~/security.server";
import { commitSession, deviceId, getSession, type PortalSession } from "~/session.server";

/** The ten paragraphs of the user agreement (agreement_p1 … agreement_p10). */
const AGREEMENT_PARAGRAPHS = Array.from({ length: 10 }, (_, i) => `agreement_p${i + 1}`);

/** Query parameters that follow the player from the agreement to the form and between tabs. */
const CARRIED = ["r", "referralCode", "linkId", "redirectTo"] as const;

function carried(url: URL, extra: Record<string, string>): string {
  const q = new URLSearchParams(extra);
  for (const name of CARRIED) {
    const v = url.searchParams.get(name);
    if (v) q.set(name, v);
  }
  return `/register?${q.toString()}`;
}

// ── the page's situation, shared by loader and action ───────────────────────────────────

interface Situation {
  session: PortalSession;
  locale: Locale;
  device: { id: string; setCookie: string | null };
  headers: Headers;
  url: URL;
  operator: BoundOperator;
}

async function situation(request: Request, context: unknown): Promise<Situation> {
  const session = await getSession(request);
  const locale = await getLocale(request);
  const device = await deviceId(request, context);
  const headers = new Headers();
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  return { session, locale, device, headers, url: new URL(request.url), operator: bindOperator(session, locale, device.id) };
}

/** Switches, tab, rules and codes: what the form is made of for this request. */
async function formSetup(request: Request, s: Situation) {
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

/** A code that fails at page load with the page affiliate setting on: the site origin, with the message. */
async function leaveForOrigin(s: Situation, message: string): Promise<never> {
  s.session.flash("notice", { text: message });
  s.headers.append("Set-Cookie", await commitSession(s.session));
  s.headers.append("Set-Cookie", await forgetRegInfo());
  throw redirect("/", { status: 303, headers: s.headers });
}

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request, context }: LoaderFunctionArgs) {
  const s = await situation(request, context);
  if (s.session.get("token")) throw redirect("/");
  const setup = await formSetup(request, s);
  if (setup.closed) return json({ step: "closed" as const, form: null, query: "" }, { headers: s.headers });
  if (setup.codes.setCookie) s.headers.append("Set-Cookie", setup.codes.setCookie);
  if (setup.atLoad.action === "leave") await leaveForOrigin(s, setup.atLoad.message);

  if (s.url.searchParams.get("step") !== "form") {
    return json({ step: "agreement" as const, form: null, query: carried(s.url, { step: "form" }) }, { headers: s.headers });
  }

  const fields = registerFields(setup.rules, setup.switches);
  let captchaImage: string | null = null;
  if (fields.some((f) => f.key === "captcha")) {
    try {
      captchaImage = await registerCaptcha(setup.operator, s.device.id, s.url.searchParams.get("captcha") === "refresh");
    } catch (error) {
      await handleOperatorError(request, error);
    }
  }
  const tabLinks = setup.tabs.tabs.map((id) => ({ id, to: carried(s.url, { step: "form", tab: id }) }));
  return json(
    {
      step: "form" as const,
      query: "",
      form: {
        tab: setup.tab,
        tabLinks,
        rules: setup.rules,
        switches: setup.switches,
        affiliateCode: setup.switches.hideAffiliate ? "" : setup.codes.affiliateCode,
        captchaImage,
        refreshTo: carried(s.url, { step: "form", tab: setup.tab, captcha: "refresh" }),
        smsSecondsLeft: setup.switches.smsVerification ? smsSecondsLeft(s.device.id, "register") : 0,
        honeypot: registerHoneypot().getInputProps(),
      },
    },
    { headers: s.headers },
  );
}

// ── action ──────────────────────────────────────────────────────────────────────────────

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  await validateCsrf(formData, request);
  const s = await situation(request, context);
  if (s.session.get("token")) throw redirect("/", 303);
  const intent = String(formData.get("intent") ?? "register");

  // The agreement step: the tick is required (it is ticked by default).
  if (intent === "agree") {
    if (formData.get("agree") !== "on") return json({ agreementError: "in_register_agreed", result: null, attempt: intent }, { status: 400, headers: s.headers });
    throw redirect(carried(s.url, { step: "form", ...(s.url.searchParams.get("tab") ? { tab: s.url.searchParams.get("tab")! } : {}) }), { status: 303, headers: s.headers });
  }

  const setup = await formSetup(request, s);
  if (setup.closed) throw new Response("Registration is closed", { status: 404 });
  if (setup.atLoad.action === "leave") await leaveForOrigin(s, setup.atLoad.message);
  const schema = registerSchema(setup.rules, setup.switches, intent);
  const submission = parseWithZod(formData, { schema });
  const fail = (status: number, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) =>
    json({ result: submission.reply({ hideFields: SECRET_FIELDS, ...errors }), agreementError: null, attempt: intent }, { status, headers: s.headers });

  // A bot that filled the hidden field, or posted without the signed time, is refused.
  try {
    // remix-utils skips the check when both fields are absent; a form we drew always has them.
    if (!formData.has(HONEYPOT_FIELDS.name) || !formData.has(HONEYPOT_FIELDS.validFrom)) throw new SpamError("honeypot fields missing");
    registerHoneypot().check(formData);
  } catch (error) {
    if (error instanceof SpamError) return fail(400, { formErrors: ["reg_refused"] });
    throw error;
  }
  if (submission.status !== "success") return fail(400);
  const values = submission.value as Record<string, string | undefined>;
  const mobile = values.mobileNum ?? "";

  if (intent === SEND_CODE) {
    if (!setup.switches.smsVerification) return fail(404);
    const sent = await requestSmsCode({
      deviceId: s.device.id,
      purpose: "register",
      mobile,
      send: () => setup.operator.call("smsCodeRegister", { body: { mobileNo: mobile, countryDialingCode: "" } }),
    });
    if (sent.status === "wait") return fail(429, { formErrors: [await translate(s.locale, "sms_resend_wait", { seconds: sent.secondsLeft })] });
    if (sent.status === "failed") {
      const message = sent.error.serverMessage || noticeMessage(await handleOperatorError(request, sent.error));
      return fail(400, { fieldErrors: { mobileNum: [message] } });
    }
    return json({ result: submission.reply({ hideFields: SECRET_FIELDS }), agreementError: null, attempt: intent, codeSent: true }, { headers: s.headers });
  }

  if (setup.switches.smsVerification && !smsCodeLive(s.device.id, "register", mobile)) {
    return fail(400, { fieldErrors: { verificationCode: ["code expired"] } });
  }

  // The affiliate code: the field when the form has one, else the code that came with the visit.
  const fieldKeys = new Set(registerFields(setup.rules, setup.switches).map((f) => f.key));
  const affiliateCode = fieldKeys.has("affiliateCode") ? values.affiliateCode ?? "" : setup.switches.hideAffiliate ? "" : setup.codes.affiliateCode;
  if (affiliateCode && setup.features.has("AFFILIATE3")) {
    const check = await checkAffiliate(setup.operator, affiliateCode, s.url.hostname);
    if (!check.ok) return fail(400, { fieldErrors: fieldKeys.has("affiliateCode") ? { affiliateCode: [check.message] } : {}, formErrors: fieldKeys.has("affiliateCode") ? [] : [check.message] });
  }

  const password = setup.switches.noPassword ? defaultLoginPassword() : values.password ?? "";
  const body: Record<string, unknown> = {};
  for (const key of fieldKeys) if (key !== "verifyPwd" && values[key] !== undefined) body[key] = values[key];
  Object.assign(body, {
    password,
    confirmPassword: setup.switches.noPassword ? password : values.verifyPwd ?? "",
    affiliateCode,
    referralCode: setup.codes.referralCode,
    registerUrl: registerUrl(request, setup.settings),
    domain: s.url.hostname,
    login: true,
    ...(setup.codes.linkId ? { linkId: setup.codes.linkId } : {}),
    // Sent here from bind-or-register (SSOMANUALREG3): the new account takes the social identity.
    ...socialToBind(s.session),
  });

  let value: RegisterValue;
  try {
    value = await setup.operator.call<RegisterValue>(setup.tab === "mobile" ? "registerMobile" : "register", { body });
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    // The operator consumed (or refused) the captcha: the page shows a new one.
    updateLoginState(s.device.id, { captchaImage: undefined, captchaIssuedAt: undefined });
    const field = FIELD_OF_CODE[error.code];
    const message = error.serverMessage || error.code;
    if (field && fieldKeys.has(field)) return fail(400, { fieldErrors: { [field]: [message] } });
    const notice = await handleOperatorError(request, error);
    return fail(error.status >= 500 || error.kind === "unavailable" ? 503 : 400, { formErrors: [noticeMessage(notice)] });
  }
  updateLoginState(s.device.id, { captchaImage: undefined, captchaIssuedAt: undefined });
  forgetSmsCode(s.device.id, "register");

  const account = accountOf(value.customerName, setup.tab === "mobile" ? mobile : values.username ?? "");
  const mobileNo = value.profile?.mobileNo || mobile;
  const notice: Notice = mobileNo
    ? { key: "register_success", values: { account, mobile: mobileNo } }
    : { key: "register_success_account", values: { account } };
  s.headers.append("Set-Cookie", await forgetRegInfo());
  const redirectTo = safeRedirect(values.redirectTo || s.url.searchParams.get("redirectTo"), "/");

  try {
    // The operator logs the new member in when asked (login: true); otherwise the portal does.
    const login: LoginValue = value.token
      ? { token: value.token, firstTimeLogin: value.firstTimeLogin, passwordExpired: value.passwordExpired }
      : await setup.operator.call<LoginValue>("login", { body: { username: account, password, captcha: "", type: "username" } });
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

/** Operator refusals that belong beside a field. */
const FIELD_OF_CODE: Record<string, string> = {
  "username.registered": "username",
  "mobile.registered": "mobileNum",
  "affiliate.invalid": "affiliateCode",
  "captcha.invalid": "captcha",
  "register.sms.code.invalid": "verificationCode",
  "register.password.mismatch": "verifyPwd",
};

// ── view ────────────────────────────────────────────────────────────────────────────────

export default function Register() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  if (data.step === "closed" || !data.form) {
    if (data.step === "agreement") return <Agreement />;
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
  return <RegisterForm key={data.form.tab} form={data.form} />;
}

function Agreement() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const error = actionData && "agreementError" in actionData ? actionData.agreementError : null;
  return (
    <section className="panel register-panel" aria-labelledby="agreement-title">
      <h1 id="agreement-title">{t("reg_agreement_title")}</h1>
      <div className="agreement" tabIndex={0}>
        {AGREEMENT_PARAGRAPHS.map((key) => (
          <p key={key}>{t(key)}</p>
        ))}
      </div>
      <Form method="post" id="agreement" noValidate>
        <AuthenticityTokenInput />
        {error ? (
          <div className="error-summary" role="alert">
            <p>{t(error)}</p>
          </div>
        ) : null}
        <div className={error ? "field field--checkbox field--error" : "field field--checkbox"}>
          <input type="checkbox" id="agree" name="agree" defaultChecked={!error} aria-invalid={error ? true : undefined} />
          <label htmlFor="agree">{t("reg_agreement_tick")}</label>
        </div>
        <SubmitButton pendingLabel={t("reg_agree")} name="intent" value="agree">
          {t("reg_agree")}
        </SubmitButton>
      </Form>
    </section>
  );
}

const LABELS: Record<string, string> = {
  username: "username",
  password: "password",
  captcha: "captcha",
};
const labelKey = (key: string) => LABELS[key] ?? `reg_label_${key}`;

const AUTOCOMPLETE: Record<string, string> = {
  username: "username",
  password: "new-password",
  verifyPwd: "new-password",
  paymentPassword: "new-password",
  mobileNum: "tel-national",
  email: "email",
  nickname: "nickname",
  verificationCode: "one-time-code",
  captcha: "off",
};

type RegisterFormData = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["form"]>;

function RegisterForm({ form: data }: { form: RegisterFormData }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const result = actionData && "result" in actionData && actionData.result ? actionData.result : undefined;
  const rules = data.rules as RegisterRule[];
  const switches = data.switches as RegisterSwitches;
  const fieldList = registerFields(rules, switches);
  const [form, fields] = useForm({
    id: `register-${data.tab}`,
    lastResult: result,
    defaultValue: { agreed: "on", affiliateCode: data.affiliateCode },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema(rules, switches, String(formData.get("intent") ?? "register")) }),
  });
  const codeSent = Boolean(actionData && "codeSent" in actionData && actionData.codeSent);

  // A refused registration comes back with the secret fields empty (the server never sends
  // them back); with scripts the same happens here. Asking for a code keeps what was typed.
  useClearSecrets(
    actionData && actionData.attempt !== SEND_CODE ? actionData : null,
    SECRET_FIELDS.map((key) => `${form.id}-${key}`),
  );

  const meta = (key: string) => (fields as unknown as Record<string, FieldMetadata<string | undefined>>)[key];
  const tr = (field: RegisterField | undefined) => (e: string) => t(e, field ? { min: field.min, max: field.max ?? "" } : undefined);
  const summaryFields = [...fieldList.map((f) => ({ f, key: f.key })), { f: undefined, key: "agreed" }].map(({ f, key }) => {
    const m = meta(key);
    return { field: { id: m.id, name: m.name, errors: m.errors?.map(tr(f)) }, label: key === "agreed" ? t("reg_agreement_tick") : t(labelKey(key)) };
  });
  const agreed = meta("agreed");
  const { key: agreedKey, ...agreedProps } = getInputProps(agreed, { type: "checkbox", value: "on" });

  return (
    <section className="panel register-panel" aria-labelledby="register-title">
      <h1 id="register-title">{t("register")}</h1>
      <TabLinks
        label={t("reg_tabs")}
        current={data.tab}
        tabs={data.tabLinks.map((tab) => ({ id: tab.id, to: tab.to, label: t(tab.id === "mobile" ? "reg_tab_mobile" : "reg_tab_username") }))}
      />
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        {/* Enter in any field registers; without this the first submit button (send code) would answer it. */}
        <button type="submit" name="intent" value="register" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
        <ErrorSummary form={form} fields={summaryFields} />
        <div className="honeypot">
          <HoneypotProvider {...data.honeypot}>
            <HoneypotInputs label={t("reg_honeypot")} />
          </HoneypotProvider>
        </div>
        {fieldList.map((f) => (
          <div key={f.key}>
            <RuleField field={f} meta={meta(f.key)} label={t(labelKey(f.key))} translate={tr(f)} />
            {f.key === "verificationCode" ? <SmsCodeButton secondsLeft={data.smsSecondsLeft} restartKey={actionData} codeSent={codeSent} /> : null}
            {f.key === "captcha" ? (
              <p className="captcha">
                {data.captchaImage ? <img src={data.captchaImage} alt={t("captcha_image")} width="120" height="40" /> : null}
                <Link to={data.refreshTo} preventScrollReset replace>
                  {t("captcha_refresh")}
                </Link>
              </p>
            ) : null}
          </div>
        ))}
        <div className={agreed.errors?.length ? "field field--checkbox field--error" : "field field--checkbox"}>
          <input key={agreedKey} {...agreedProps} />
          <label htmlFor={agreed.id}>{t("reg_agreement_tick")}</label>
          {agreed.errors?.length ? (
            <p className="field__error" id={agreed.errorId}>
              {agreed.errors.map((e) => t(e)).join(" ")}
            </p>
          ) : null}
        </div>
        <p className="actions">
          <SubmitButton pendingLabel={t("reg_registering")} name="intent" value="register">
            {t("register")}
          </SubmitButton>
          <button type="reset" className="button button--secondary">
            {t("reg_reset")}
          </button>
        </p>
      </Form>
      <p className="login-links">
        <Link to="/login">{t("reg_have_account")}</Link>
      </p>
    </section>
  );
}

function RuleField({
  field,
  meta,
  label,
  translate: tr,
}: {
  field: RegisterField;
  meta: FieldMetadata<string | undefined>;
  label: string;
  translate: (e: string) => string;
}) {
  const errors = meta.errors ?? [];
  const { key, ...inputProps } = getInputProps(meta, { type: field.input });
  return (
    <div className={errors.length ? "field field--error" : "field"}>
      <label htmlFor={meta.id}>{label}</label>
      {errors.length ? (
        <p className="field__error" id={meta.errorId}>
          {errors.map(tr).join(" ")}
        </p>
      ) : null}
      <input
        key={key}
        {...inputProps}
        autoComplete={AUTOCOMPLETE[field.key] ?? "off"}
        inputMode={field.numeric ? "numeric" : undefined}
        aria-required={field.required || undefined}
      />
    </div>
  );
}

function socialToBind(session: Parameters<typeof pendingSocial>[0]) {
  const pending = pendingSocial(session);
  return pending ? { firebaseChannel2: pending.channel, firebaseIdToken2: pending.idToken } : {};
}
