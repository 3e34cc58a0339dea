import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { safeRedirect } from "remix-utils/safe-redirect";
import { CheckboxField, ErrorSummary, SubmitButton, TextField } from "~/components/forms";
import { loginSchema } from "~/schemas/login";
import { getLocale } from "~/i18n/i18n.server";
import { keyForCode, noticeMessage, OperatorError } from "~/operator/errors";
import { bindOperator, handleOperatorError } from "~/operator/operator.server";
import { completeLogin, type LoginValue } from "~/operator/login.server";
import { loadFeatures } from "~/operator/site.server";
import { checkLoginRate, clientIp, validateCsrf } from "~/security.server";
import { clearLoginState, readLoginState, updateLoginState, type LoginState } from "~/login-state.server";
import { holdPendingLogin } from "~/pending-login.server";
import { commitSession, deviceId, getSession, lastUsernameCookie } from "~/session.server";

/** The captcha refresh link is honoured at most once a second (document 000, section 9). */
const CAPTCHA_REFRESH_MS = 1_000;

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (session.get("token")) throw redirect("/");
  const locale = await getLocale(request);
  const device = await deviceId(request, context);
  const lastUsername = await lastUsernameCookie.parse(request.headers.get("Cookie"));
  const state = readLoginState(device.id);
  const captchaImage = state.captchaRequired
    ? await captchaFor(request, device.id, state, bindOperator(session, locale, device.id))
    : null;

  const headers = new Headers();
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  return json(
    {
      lastUsername: typeof lastUsername === "string" ? lastUsername : "",
      captchaImage,
      captchaRequired: Boolean(state.captchaRequired),
    },
    { headers },
  );
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

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  await validateCsrf(formData, request);
  const session = await getSession(request);
  const locale = await getLocale(request);
  const headers = new Headers();
  const device = await deviceId(request, context);
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  const schema = loginSchema({ captchaRequired: Boolean(readLoginState(device.id).captchaRequired) });
  const submission = parseWithZod(formData, { schema });

  // The password and the captcha never travel back to the browser.
  const fail = (status: number, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) =>
    json({ result: submission.reply({ hideFields: ["password", "captcha"], ...errors }) }, { status, headers });

  // Every attempt counts, valid or not: hammering is hammering.
  const rate = checkLoginRate(clientIp(request, context), String(formData.get("username") ?? "").trim());
  if (!rate.allowed) {
    headers.set("Retry-After", String(rate.retryAfterS));
    return fail(429, { formErrors: ["too_many_requests"] });
  }
  if (submission.status !== "success") return fail(400);
  const { username, password, captcha, remember } = submission.value;
  const redirectTo = safeRedirect(submission.value.redirectTo, "/");

  const operator = bindOperator(session, locale, device.id);

  let value: LoginValue;
  try {
    value = await operator.call<LoginValue>("login", {
      body: { username, password, captcha: captcha ?? "", type: "username" },
    });
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    if (error.kind === "verify-required") {
      session.set("pendingVerification", {
        username,
        methods: Array.isArray(error.value) ? error.value.map(String) : String(error.value ?? "").split(","),
      });
      holdPendingLogin(session, { password, remember: Boolean(remember) });
      headers.append("Set-Cookie", await commitSession(session));
      throw redirect(`/login/verify?redirectTo=${encodeURIComponent(redirectTo)}`, { status: 303, headers });
    }
    if (error.captchaRequired) updateLoginState(device.id, { captchaRequired: true });
    if (error.code === "login.password.incorrect") {
      return fail(400, { fieldErrors: { password: [keyForCode(error.code)!] } });
    }
    if (error.code === "captcha.invalid") {
      return fail(400, { fieldErrors: { captcha: [error.serverMessage || "enter_verification_code"] } });
    }
    const key = keyForCode(error.code);
    if (key) return fail(error.status === 429 ? 429 : 400, { formErrors: [key] });
    const notice = await handleOperatorError(request, error);
    return fail(error.status >= 500 || error.kind === "unavailable" ? 503 : 400, { formErrors: [noticeMessage(notice)] });
  }

  clearLoginState(device.id);
  const features = await loadFeatures(locale);
  const remembered = remember
    ? await lastUsernameCookie.serialize(username)
    : await lastUsernameCookie.serialize("", { maxAge: 0 });
  headers.append("Set-Cookie", remembered);
  try {
    return await completeLogin({ request, session, locale, value, username, password, remember: Boolean(remember), features, redirectTo, headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    const notice = await handleOperatorError(request, error);
    return fail(503, { formErrors: [noticeMessage(notice)] });
  }
}

// ── view ────────────────────────────────────────────────────────────────────────────────

export default function Login() {
  const { t } = useTranslation();
  const { lastUsername, captchaImage, captchaRequired } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const schema = loginSchema({ captchaRequired });
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
    defaultValue: { username: lastUsername, remember: Boolean(lastUsername) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const redirectTo = searchParams.get("redirectTo") ?? "";
  // After a refused post the page (without scripts) comes back with empty secret fields; with
  // scripts the same happens here, so a wrong password is never left in the form.
  useEffect(() => {
    if (!actionData) return;
    for (const id of [fields.password.id, fields.captcha.id]) {
      const input = document.getElementById(id) as HTMLInputElement | null;
      if (input) input.value = "";
    }
  }, [actionData, fields.password.id, fields.captcha.id]);

  return (
    <section className="panel login-panel" aria-labelledby="login-title">
      <h1 id="login-title">{t("login")}</h1>
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        <ErrorSummary
          form={form}
          fields={[
            { field: fields.username, label: t("username") },
            { field: fields.password, label: t("password") },
            { field: fields.captcha, label: t("captcha") },
          ]}
        />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField field={fields.username} label={t("username")} autoComplete="username" hint={t("username_hint")} />
        <TextField field={fields.password} label={t("password")} type="password" autoComplete="current-password" />
        {captchaRequired ? (
          <div className="captcha">
            <TextField field={fields.captcha} label={t("captcha")} autoComplete="off" inputMode="numeric" />
            {captchaImage ? <img src={captchaImage} alt={t("captcha_image")} width="120" height="40" /> : null}
            <Link to={`/login?${refreshQuery(redirectTo)}`} preventScrollReset replace>
              {t("captcha_refresh")}
            </Link>
          </div>
        ) : null}
        <CheckboxField field={fields.remember} label={t("remember_me")} />
        <SubmitButton pendingLabel={t("logging_in")}>{t("login")}</SubmitButton>
      </Form>
      <p className="login-links">
        <Link to="/forgot-password">{t("forgot_password")}</Link>
        <Link to="/register">{t("register")}</Link>
      </p>
    </section>
  );
}

function refreshQuery(redirectTo: string) {
  const q = new URLSearchParams({ captcha: "refresh" });
  if (redirectTo) q.set("redirectTo", redirectTo);
  return q.toString();
}
