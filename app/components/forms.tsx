/**
 * Form parts that work as plain HTML and gain client validation and pending states when
 * scripts run. Messages arrive as the spec's keys and are translated here.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "~/lib/countdown";

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

/**
 * A picture picker. Without scripts it is the plain file input (styled; the field's own label
 * names it). With scripts the input is hidden but stays the form's field: a translated button
 * opens it, and the chosen pictures show as thumbnails with a count ("1/3") and a remove button
 * each (removing rewrites the input's FileList). A new choice replaces the pictures, as the plain
 * input does; the form's rules (count, size, type) still decide.
 */
export function PicturePicker({
  id,
  name,
  accept,
  max,
  required,
  invalid,
  describedBy,
}: {
  id: string;
  name: string;
  accept: string;
  max: number;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = usePageTranslation("common");
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<{ file: File; url: string }[]>([]);
  const multiple = max > 1;
  const plain = (
    <input
      ref={input}
      id={id}
      type="file"
      name={name}
      accept={accept}
      multiple={multiple || undefined}
      required={required}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={hydrated ? "visually-hidden" : "file-input"}
      tabIndex={hydrated ? -1 : undefined}
      onChange={(event) => {
        // Data URLs: the page's CSP allows data: images, not blob: ones.
        const chosen = [...(event.currentTarget.files ?? [])];
        void Promise.all(chosen.map(dataUrlOf)).then((urls) => setFiles(chosen.map((file, i) => ({ file, url: urls[i] }))));
      }}
    />
  );
  if (!hydrated) return plain;
  const remove = (index: number) => {
    const kept = files.filter((_, i) => i !== index);
    const transfer = new DataTransfer();
    kept.forEach((f) => transfer.items.add(f.file));
    if (input.current) {
      input.current.files = transfer.files;
      input.current.dispatchEvent(new Event("input", { bubbles: true }));
    }
    setFiles(kept);
  };
  return (
    <div className="picture-picker" data-testid={`picker-${name}`}>
      {plain}
      <p className="picture-picker__bar">
        <button
          type="button"
          className="button button--secondary button--small"
          aria-describedby={describedBy}
          onClick={() => input.current?.click()}
        >
          {t("picker_choose")}
        </button>
        <span className="picture-picker__count" aria-live="polite" data-testid="picker-count">
          {`${files.length}/${max}`}
        </span>
      </p>
      {files.length ? (
        <ul className="picture-picker__list">
          {files.map((f, i) => (
            <li key={`${i}-${f.file.name}`} className="picture-picker__item">
              <img src={f.url} alt={f.file.name} />
              <button
                type="button"
                className="picture-picker__remove"
                onClick={() => remove(i)}
                aria-label={t("picker_remove", { name: f.file.name })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function dataUrlOf(file: File): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : "");
    reader.onerror = () => resolve("");
    reader.readAsDataURL(file);
  });
}
