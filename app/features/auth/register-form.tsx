import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import { ErrorSummary, SubmitButton, useClearSecrets } from "~/components/forms";
import { CheckboxField, TextField } from "~/components/fields";
import { SmsCodeButton } from "~/features/auth/sms-code";
import { TabLinks } from "~/components/tabs";
import { SEND_CODE_INTENT } from "~/schemas/intents";
import {
  registerFields,
  SECRET_FIELDS,
  type RegisterField,
  type RegisterRule,
  type RegisterSwitches,
  type RegisterTab,
} from "~/schemas/register-fields";
import { useClientCheck } from "~/components/client-check";

/** What every answer of the action carries, so that the view can tell which step answered. */
export interface RegisterActionData {
  result: SubmissionResult<string[]> | null;
  agreementError: string | null;
  attempt: string;
  codeSent?: boolean;
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

/** What a field is for, where its label alone does not say it (the length is added from the rule). */
const PURPOSE: Record<string, string> = {
  password: "reg_hint_password",
  verifyPwd: "reg_hint_verifyPwd",
  verificationCode: "reg_hint_verificationCode",
  payeeName: "reg_hint_payeeName",
  paymentPassword: "reg_hint_paymentPassword",
  email: "reg_hint_email",
  nickname: "reg_hint_nickname",
  idNumber: "reg_hint_idNumber",
  recommenderId: "reg_hint_recommenderId",
  affiliateCode: "reg_hint_affiliateCode",
  captcha: "reg_hint_captcha",
};
/** Fields whose length says nothing useful: a copy of the password, codes we issue. */
const NO_LENGTH = new Set(["verifyPwd", "verificationCode", "captcha"]);
/** The spec's letters-and-digits pattern (the default of the username and the seeded password). */
const ALPHANUMERIC = "^[A-Za-z0-9]+$";

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * The hint under a field's label, built from the rule the operator set (so it never promises
 * other limits than the check applies): what the field is for, "letters or digits" when that is
 * its pattern, and its length.
 */
export function fieldHint(field: RegisterField, t: Translate): string {
  const parts: string[] = [];
  if (PURPOSE[field.key]) parts.push(t(PURPOSE[field.key]));
  if (field.pattern === ALPHANUMERIC) parts.push(t("reg_hint_alnum"));
  if (!NO_LENGTH.has(field.key)) {
    const unit = field.numeric ? "reg_hint_digits" : "reg_hint_length";
    const { min, max } = field;
    if (min > 0 && max !== null) parts.push(t(unit, { min, max }));
    else if (min > 0) parts.push(t(`${unit}_min`, { min }));
    else if (max !== null) parts.push(t(`${unit}_max`, { max }));
  }
  return parts.join(" · ");
}

/** What the loader draws the form from: the operator's rules, the switches and this browser's state. */
export interface RegisterFormData {
  tab: RegisterTab;
  tabLinks: Array<{ id: RegisterTab; to: string }>;
  rules: RegisterRule[];
  switches: RegisterSwitches;
  affiliateCode: string;
  captchaImage: string | null;
  refreshTo: string;
  smsSecondsLeft: number;
  honeypot: HoneypotInputProps;
}

/** The registration form built from the operator's register rules (document 000, section 5). */
export function RegisterForm({ form: data, actionData }: { form: RegisterFormData; actionData: RegisterActionData | undefined }) {
  const { t } = usePageTranslation("auth");
  const result = actionData?.result ?? undefined;
  const { rules, switches } = data;
  const fieldList = registerFields(rules, switches);
  const check = useClientCheck((m, formData) => m.registerSchema(rules, switches, String(formData.get("intent") ?? "register")));
  const [form, fields] = useForm({
    id: `register-${data.tab}`,
    lastResult: result,
    defaultValue: { agreed: "on", affiliateCode: data.affiliateCode },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  const codeSent = Boolean(actionData?.codeSent);

  // A refused registration comes back with the secret fields empty (the server never sends
  // them back); with scripts the same happens here. Asking for a code keeps what was typed.
  useClearSecrets(
    actionData && actionData.attempt !== SEND_CODE_INTENT ? actionData : null,
    SECRET_FIELDS.map((key) => `${form.id}-${key}`),
  );

  const meta = (key: string) => (fields as unknown as Record<string, FieldMetadata<string | undefined>>)[key];
  const tr = (field: RegisterField | undefined) => (e: string) => t(e, field ? { min: field.min, max: field.max ?? "" } : undefined);
  const summaryFields = [...fieldList.map((f) => ({ f, key: f.key })), { f: undefined, key: "agreed" }].map(({ f, key }) => {
    const m = meta(key);
    return {
      field: { id: m.id, name: m.name, errors: m.errors?.map(tr(f)) },
      label: key === "agreed" ? t("reg_agreement_tick") : t(labelKey(key)),
    };
  });
  const agreed = meta("agreed");

  return (
    <section className="panel register-panel" aria-labelledby="register-title">
      <h1 id="register-title">{t("register")}</h1>
      <TabLinks
        label={t("reg_tabs")}
        current={data.tab}
        tabs={data.tabLinks.map((tab) => ({
          id: tab.id,
          to: tab.to,
          label: t(tab.id === "mobile" ? "reg_tab_mobile" : "reg_tab_username"),
        }))}
      />
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        {/* Enter in any field registers; without this the first submit button (send code) would answer it. */}
        <button type="submit" name="intent" value="register" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
        <ErrorSummary form={form} fields={summaryFields} />
        <p className="form-legend" aria-hidden="true">
          {t("reg_required_legend")}
        </p>
        <div className="honeypot">
          <HoneypotProvider {...data.honeypot}>
            <HoneypotInputs label={t("reg_honeypot")} />
          </HoneypotProvider>
        </div>
        {fieldList.map((f) => (
          <div key={f.key}>
            <RuleField field={f} meta={meta(f.key)} label={t(labelKey(f.key))} hint={fieldHint(f, t)} translate={tr(f)} />
            {f.key === "verificationCode" ? (
              <SmsCodeButton secondsLeft={data.smsSecondsLeft} restartKey={actionData} codeSent={codeSent} />
            ) : null}
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
        <CheckboxField field={agreed} label={t("reg_agreement_tick")} stacked />
        {/* No reset button: one press would empty a whole form that took a while to fill in. */}
        <p className="actions">
          <SubmitButton pendingLabel={t("reg_registering")} name="intent" value="register">
            {t("register")}
          </SubmitButton>
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
  hint,
  translate: tr,
}: {
  field: RegisterField;
  meta: FieldMetadata<string | undefined>;
  label: string;
  hint: string;
  translate: (e: string) => string;
}) {
  const { t } = usePageTranslation("auth");
  return (
    <TextField
      field={meta}
      type={field.input}
      label={
        <>
          {label}
          {/* The input says "required" to a screen reader itself (aria-required); the star is for the eye. */}
          {field.required ? (
            <span className="field__required" aria-hidden="true">
              *
            </span>
          ) : (
            <span className="field__optional">{t("reg_optional")}</span>
          )}
        </>
      }
      hint={hint}
      translate={tr}
      autoComplete={AUTOCOMPLETE[field.key] ?? "off"}
      inputMode={field.numeric ? "numeric" : undefined}
      ariaRequired={field.required}
    />
  );
}
