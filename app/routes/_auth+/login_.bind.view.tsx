/**
 * The view of login_.bind.tsx, which draws it deferred: its code and conform arrive after the page (decision 043).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary, SubmitButton, useClearSecrets } from "~/components/forms";
import { TextField } from "~/components/fields";
import { useClientCheck } from "~/components/client-check";
import { PROVIDER_NAMES, type FirebaseChannel } from "~/lib/social";
import type { loader, action } from "./login_.bind";
import { BIND_INTENT, AUTO_REGISTER_INTENT } from "~/schemas/intents";

export function BindView() {
  const { t } = usePageTranslation();
  const { channel, autoRegister, manualRegister, redirectTo, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const check = useClientCheck((m) => m.bindSchema);
  const [form, fields] = useForm({
    id: "bind",
    lastResult: actionData?.result ?? undefined,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  useClearSecrets(actionData?.result ? actionData : null, [fields.password.id]);

  return (
    <section className="panel bind-panel" aria-labelledby="bind-title">
      <h1 id="bind-title">{t("bind_title")}</h1>
      <p>{t("bind_intro", { provider: PROVIDER_NAMES[channel as FirebaseChannel] ?? channel })}</p>
      <h2>{t("bind_existing")}</h2>
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        <ErrorSummary
          form={form}
          fields={[
            { field: fields.username, label: t("username") },
            { field: fields.password, label: t("password") },
          ]}
        />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField field={fields.username} label={t("username")} autoComplete="username" hint={t("username_hint")} />
        <TextField field={fields.password} label={t("password")} type="password" autoComplete="current-password" />
        <SubmitButton pendingLabel={t("logging_in")} name="intent" value={BIND_INTENT}>
          {t("bind_submit")}
        </SubmitButton>
      </Form>
      {autoRegister || manualRegister ? <h2>{t("bind_new_account")}</h2> : null}
      {autoRegister ? (
        <Form method="post" className="bind-auto">
          <AuthenticityTokenInput />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {actionData?.autoRegisterError ? (
            <p className="form-error" role="alert">
              {"key" in actionData.autoRegisterError ? t(actionData.autoRegisterError.key) : actionData.autoRegisterError.text}
            </p>
          ) : null}
          <SubmitButton pendingLabel={t("bind_registering")} name="intent" value={AUTO_REGISTER_INTENT}>
            {t("bind_auto_register")}
          </SubmitButton>
        </Form>
      ) : null}
      {manualRegister ? (
        <p>
          <Link to="/register" className="button button--secondary">
            {t("bind_manual_register")}
          </Link>
        </p>
      ) : null}
      <p className="login-links">
        <Link to="/login">{t("bind_cancel")}</Link>
      </p>
    </section>
  );
}
