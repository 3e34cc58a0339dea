/**
 * Form parts that work as plain HTML and gain client validation and pending states when
 * scripts run. Messages arrive as the spec's keys and are translated here.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { useEffect, type ReactNode } from "react";

type InputType = "text" | "password" | "tel" | "email" | "number";

export function TextField({
  field,
  label,
  type = "text",
  autoComplete,
  hint,
  inputMode,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: InputType;
  autoComplete?: string;
  hint?: string;
  inputMode?: "numeric" | "decimal" | "text" | "tel";
}) {
  const { t } = usePageTranslation();
  const errors = field.errors ?? [];
  const hintId = hint ? `${field.id}-hint` : undefined;
  const { key, ...inputProps } = getInputProps(field, { type, ariaDescribedBy: hintId });
  return (
    <div className={errors.length ? "field field--error" : "field"}>
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {errors.length ? (
        <p className="field__error" id={field.errorId}>
          {errors.map((e) => t(e)).join(" ")}
        </p>
      ) : null}
      <input key={key} {...inputProps} autoComplete={autoComplete} inputMode={inputMode} />
    </div>
  );
}

export function CheckboxField({ field, label }: { field: FieldMetadata<boolean | undefined>; label: string }) {
  const { key, ...props } = getInputProps(field, { type: "checkbox" });
  return (
    <div className="field field--checkbox">
      <input key={key} {...props} />
      <label htmlFor={field.id}>{label}</label>
    </div>
  );
}

/** A new password and its confirmation, with the rule's length as the hint (change and reset). */
export function NewPasswordFields({
  newPassword,
  confirmNewPassword,
  rule,
}: {
  newPassword: FieldMetadata<string | undefined>;
  confirmNewPassword: FieldMetadata<string | undefined>;
  rule: { min: number; max: number };
}) {
  const { t } = usePageTranslation();
  return (
    <>
      <TextField
        field={newPassword}
        label={t("new_password")}
        type="password"
        autoComplete="new-password"
        hint={t("password_hint", { min: rule.min, max: rule.max })}
      />
      <TextField field={confirmNewPassword} label={t("confirm_new_password")} type="password" autoComplete="new-password" />
    </>
  );
}

/**
 * The error summary of the GOV.UK pattern: at the top of the form, a link to each invalid
 * field, plus the form-level errors (the operator's answers).
 */
export function ErrorSummary({
  form,
  fields,
}: {
  form: { id: string; errors?: string[] };
  fields: Array<{ field: { id: string; name: string; errors?: string[] }; label: string }>;
}) {
  const { t } = usePageTranslation();
  const formErrors = form.errors ?? [];
  const fieldErrors = fields.filter(({ field }) => field.errors?.length);
  if (!formErrors.length && !fieldErrors.length) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby={`${form.id}-summary-title`} tabIndex={-1}>
      <h2 id={`${form.id}-summary-title`}>{t("error_summary_title")}</h2>
      <ul>
        {formErrors.map((e) => (
          <li key={e}>{t(e)}</li>
        ))}
        {fieldErrors.map(({ field, label }) => (
          <li key={field.name}>
            <a href={`#${field.id}`}>
              {label}: {(field.errors ?? []).map((e) => t(e)).join(" ")}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A submit button that says it is working while its form is being sent. */
export function SubmitButton({
  children,
  pendingLabel,
  action,
  name,
  value,
}: {
  children: ReactNode;
  pendingLabel: string;
  action?: string;
  name?: string;
  value?: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    (!action || navigation.formAction?.split("?")[0] === action) &&
    (!name || navigation.formData?.get(name) === value);
  return (
    <button type="submit" className="button" name={name} value={value} disabled={pending} aria-busy={pending}>
      {pending ? pendingLabel : children}
    </button>
  );
}

/**
 * A refused post comes back without its secret fields when no script runs (the server never
 * sends passwords or codes back); with scripts the page stays, so this empties them after
 * every answer given (pass null for an answer that should keep them, e.g. "code sent").
 */
export function useClearSecrets(answer: unknown, inputIds: readonly string[]) {
  const ids = inputIds.join(" ");
  useEffect(() => {
    if (!answer) return;
    for (const id of ids.split(" ")) {
      const input = document.getElementById(id) as HTMLInputElement | null;
      if (input) input.value = "";
    }
  }, [answer, ids]);
}
