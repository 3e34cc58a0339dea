/**
 * Form parts that work as plain HTML and gain client validation and pending states when
 * scripts run. Messages arrive as the spec's keys and are translated here. The fields themselves
 * are in fields.tsx (conform's helpers), imported from there: a form that needs only these parts
 * (a logout button, a summary) does not bring conform.
 */
import { useNavigation } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { useEffect, type ReactNode } from "react";

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
