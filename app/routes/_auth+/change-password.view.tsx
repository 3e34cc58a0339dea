/**
 * The view of change-password.tsx, which draws it deferred: its code and conform arrive after the page (decision 043).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary, SubmitButton, useClearSecrets } from "~/components/forms";
import { TextField, NewPasswordFields } from "~/components/fields";
import { useClientCheck } from "~/components/client-check";
import type { loader, action } from "./change-password";

export function ChangePasswordView() {
  const { t } = usePageTranslation();
  const { forced, reason, askOld, rule, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const check = useClientCheck((m) => m.changePasswordSchema({ rule, askOld }));
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: actionData?.result,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  // A refused post comes back without the passwords (scripts off); with scripts, the same.
  useClearSecrets(actionData, [fields.oldPassword.id, fields.newPassword.id, fields.confirmNewPassword.id]);

  return (
    <section className="panel" aria-labelledby="change-password-title">
      <h1 id="change-password-title">{forced ? t("cpw_title") : t("change_password")}</h1>
      {reason === "expired" ? (
        <p className="notice notice--error" data-testid="cpw-reason">
          {t("cpw_reason_expired")}
        </p>
      ) : null}
      {reason === "default" ? (
        <p className="notice notice--error" data-testid="cpw-reason">
          {t("cpw_reason_default")}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        <ErrorSummary
          form={form}
          fields={[
            ...(askOld ? [{ field: fields.oldPassword, label: t("old_password") }] : []),
            { field: fields.newPassword, label: t("new_password") },
            { field: fields.confirmNewPassword, label: t("confirm_new_password") },
          ]}
        />
        {askOld ? <TextField field={fields.oldPassword} label={t("old_password")} type="password" autoComplete="current-password" /> : null}
        <NewPasswordFields newPassword={fields.newPassword} confirmNewPassword={fields.confirmNewPassword} rule={rule} />
        <SubmitButton pendingLabel={t("saving")}>{t("change_password")}</SubmitButton>
      </Form>
      {forced ? <p className="field__hint">{t("cpw_logout_hint")}</p> : null}
    </section>
  );
}
