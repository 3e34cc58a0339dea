/**
 * The view of forgot-password.tsx, which draws it deferred: its code and conform arrive after the page (decision 043).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary, SubmitButton, useClearSecrets } from "~/components/forms";
import { TextField, NewPasswordFields } from "~/components/fields";
import { SmsCodeButton } from "~/features/auth/sms-code";
import { TabLinks } from "~/components/tabs";
import { RESET_INTENT } from "~/schemas/password-rule";
import { useClientCheck } from "~/components/client-check";
import type { loader, action } from "./forgot-password";
import { MAIL_INTENT } from "~/schemas/intents";

export function ForgotPasswordView() {
  const { t } = usePageTranslation();
  const { tab } = useLoaderData<typeof loader>();
  return (
    <section className="panel" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t("forgot_password_title")}</h1>
      <TabLinks
        label={t("forgot_password_ways")}
        current={tab}
        tabs={[
          { id: "sms", label: t("reset_by_sms"), to: "/forgot-password?tab=sms" },
          { id: "email", label: t("reset_by_email"), to: "/forgot-password?tab=email" },
          { id: "service", label: t("reset_by_service"), to: "/forgot-password?tab=service" },
        ]}
      />
      {tab === "sms" ? <SmsReset /> : tab === "email" ? <EmailReset /> : <ServiceHelp />}
      <p className="login-links">
        <Link to="/login">{t("back_to_login")}</Link>
      </p>
    </section>
  );
}

function EmailReset() {
  const { t } = usePageTranslation();
  const actionData = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  const check = useClientCheck((m) => m.forgotByEmailSchema);
  const [form, fields] = useForm({
    id: "forgot-email",
    lastResult: actionData?.result,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  return (
    <Form method="post" action="/forgot-password?tab=email" {...getFormProps(form)} noValidate>
      <AuthenticityTokenInput />
      <p className="field__hint">{t("reset_by_email_intro")}</p>
      <ErrorSummary
        form={form}
        fields={[
          { field: fields.username, label: t("username") },
          { field: fields.email, label: t("email") },
        ]}
      />
      <TextField field={fields.username} label={t("username")} autoComplete="username" />
      <TextField field={fields.email} label={t("email")} type="email" autoComplete="email" />
      <SubmitButton pendingLabel={t("sending")} name="intent" value={MAIL_INTENT}>
        {t("submit")}
      </SubmitButton>
    </Form>
  );
}

function SmsReset() {
  const { t } = usePageTranslation();
  const { rule, secondsLeft, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const passwordRule = rule!;
  const check = useClientCheck((m, formData) => m.forgotBySmsSchema({ intent: formData.get("intent"), rule: passwordRule }));
  const [form, fields] = useForm({
    id: "forgot-sms",
    lastResult: actionData?.result,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  useClearSecrets(actionData, [fields.verificationCode.id, fields.newPassword.id, fields.confirmNewPassword.id]);

  return (
    <Form method="post" action="/forgot-password?tab=sms" {...getFormProps(form)} noValidate>
      <AuthenticityTokenInput />
      {/* Enter in any field resets (the first submit button is the form's default), never sends a code. */}
      <button type="submit" name="intent" value={RESET_INTENT} className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <p className="field__hint">{t("reset_by_sms_intro")}</p>
      <ErrorSummary
        form={form}
        fields={[
          { field: fields.username, label: t("username") },
          { field: fields.mobileNumber, label: t("mobile_number") },
          { field: fields.verificationCode, label: t("sms_code") },
          { field: fields.newPassword, label: t("new_password") },
          { field: fields.confirmNewPassword, label: t("confirm_new_password") },
        ]}
      />
      <TextField field={fields.username} label={t("username")} autoComplete="username" />
      <TextField field={fields.mobileNumber} label={t("mobile_number")} type="tel" autoComplete="tel" inputMode="numeric" />
      <SmsCodeButton secondsLeft={actionData?.secondsLeft ?? secondsLeft} restartKey={actionData} codeSent={actionData?.codeSent} />
      <TextField field={fields.verificationCode} label={t("sms_code")} autoComplete="one-time-code" inputMode="numeric" />
      <NewPasswordFields newPassword={fields.newPassword} confirmNewPassword={fields.confirmNewPassword} rule={passwordRule} />
      <SubmitButton pendingLabel={t("saving")} name="intent" value={RESET_INTENT}>
        {t("reset_password")}
      </SubmitButton>
    </Form>
  );
}

function ServiceHelp() {
  const { t } = usePageTranslation();
  const { customerService } = useLoaderData<typeof loader>();
  if (!customerService.length) {
    return (
      <p className="notice" data-testid="no-customer-service">
        {t("customer_service_none")}
      </p>
    );
  }
  return (
    <>
      <p>{t("reset_by_service_intro")}</p>
      <ul className="service-links">
        {customerService.map((link) => (
          <li key={link.url}>
            <a href={link.url} rel="noopener noreferrer" target="_blank">
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
