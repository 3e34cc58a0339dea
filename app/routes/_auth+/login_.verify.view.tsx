/**
 * The view of login_.verify.tsx, which draws it deferred: its code and conform arrive after the page (decision 043).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary, SubmitButton, useClearSecrets } from "~/components/forms";
import { TextField } from "~/components/fields";
import { SmsCodeButton } from "~/features/auth/sms-code";
import { TabLinks } from "~/components/tabs";
import { type VerifyMethod, verifyPath } from "~/schemas/verify-methods";
import { useClientCheck } from "~/components/client-check";
import type { loader, action } from "./login_.verify";

export function LoginVerifyView() {
  const { t } = usePageTranslation();
  const { account, methods, method } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const label = (m: VerifyMethod) => {
    switch (m) {
      case "P":
        return t("verify_method_payee");
      case "S":
        return t("verify_method_sms");
      case "G":
        return t("verify_method_ga");
      case "E":
        return t("verify_method_email");
    }
  };
  return (
    <section className="panel login-panel verify-panel" aria-labelledby="verify-title">
      <h1 id="verify-title">{t("login_verify_title")}</h1>
      <p className="verify-panel__intro">{t("login_verify_intro", { account })}</p>
      <TabLinks
        label={t("login_verify_methods")}
        current={method}
        tabs={methods.map((m) => ({ id: m, label: label(m), to: verifyPath(m, redirectTo) }))}
      />
      {/* A new method is a new form: nothing typed for another method stays. */}
      <VerifyForm key={method} method={method} redirectTo={redirectTo} />
      <p className="login-links">
        <Link to={redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login"}>{t("login_verify_cancel")}</Link>
      </p>
    </section>
  );
}

function VerifyForm({ method, redirectTo }: { method: VerifyMethod; redirectTo: string }) {
  const { t } = usePageTranslation();
  const { smsSecondsLeft: secondsLeft, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const check = useClientCheck((m, formData) => {
    const intent = formData.get("intent");
    return m.verifySchema(method, typeof intent === "string" ? intent : null);
  });
  const [form, fields] = useForm({
    id: `verify-${method}`,
    lastResult: actionData?.result,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  // After a refusal the page without scripts comes back with empty code fields; with scripts
  // the same happens here, so a wrong code is never left in the form.
  useClearSecrets(actionData && !actionData.codeSent ? actionData : null, [fields.authCode.id, fields.verificationCode.id]);

  const summary = {
    E: [{ field: fields.email, label: t("verify_email") }],
    G: [{ field: fields.authCode, label: t("verify_auth_code") }],
    P: [{ field: fields.payeeName, label: t("verify_payee_name") }],
    S: [
      { field: fields.mobileNum, label: t("verify_mobile") },
      { field: fields.verificationCode, label: t("verify_sms_code") },
    ],
  }[method];

  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <AuthenticityTokenInput />
      <ErrorSummary form={form} fields={summary} />
      <input type="hidden" name="method" value={method} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {method === "E" ? (
        <TextField field={fields.email} label={t("verify_email")} type="email" autoComplete="email" hint={t("verify_email_hint")} />
      ) : null}
      {method === "G" ? (
        <TextField
          field={fields.authCode}
          label={t("verify_auth_code")}
          autoComplete="one-time-code"
          inputMode="numeric"
          hint={t("verify_auth_code_hint")}
        />
      ) : null}
      {method === "P" ? (
        <TextField field={fields.payeeName} label={t("verify_payee_name")} autoComplete="name" hint={t("verify_payee_hint")} />
      ) : null}
      {method === "S" ? (
        <>
          {/* Enter in a field submits with the form's first button: let that be "verify", not "send code". */}
          <button type="submit" name="intent" value="verify" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
          <TextField
            field={fields.mobileNum}
            label={t("verify_mobile")}
            type="tel"
            autoComplete="tel"
            inputMode="numeric"
            hint={t("verify_mobile_hint")}
          />
          <SmsCodeButton secondsLeft={secondsLeft} restartKey={actionData} codeSent={Boolean(actionData?.codeSent)} />
          <TextField field={fields.verificationCode} label={t("verify_sms_code")} autoComplete="one-time-code" inputMode="numeric" />
        </>
      ) : null}
      <SubmitButton pendingLabel={t("verifying")} name="intent" value="verify">
        {t("verify_submit")}
      </SubmitButton>
    </Form>
  );
}
