/**
 * The records pages' filter form, drawn by records-filter.tsx after the page: the GET form
 * (dates, a type, quick ranges as links) and the refused-query messages beside it. Plain HTML
 * first: the form is a GET form and every range is a link; with scripts the same schema checks
 * the form on blur. Apart from the table and the pager (records-view.tsx): a page that only
 * draws a table brings neither zod nor conform.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { ErrorSummary } from "~/components/forms";
import { SelectField, TextField } from "~/components/fields";
import { NoticeBanner } from "~/components/notice";
import { usePageTranslation } from "~/i18n/translation";
import { useClientCheck } from "~/components/client-check";
import type { z } from "zod";
import type { recordsQuerySchema } from "./records-schema";

// Types only: the schema itself reaches the browser after the page (decision 043).
type QuerySchema = ReturnType<typeof recordsQuerySchema>;
import type { RecordsFrame } from "./records.server";

export interface TypeOption {
  value: string;
  label: string;
}

export type FilterProps = { frame: RecordsFrame; types: TypeOption[]; typeLabel: string };

export function FilterForm({ frame, types, typeLabel }: FilterProps) {
  const { t } = usePageTranslation();
  const check = useClientCheck((m) => m.recordsQuerySchema(types.map((o) => o.value).concat(""), frame.limit));
  const [form, fields] = useForm<z.input<QuerySchema>, z.output<QuerySchema>>({
    id: "records-filter",
    lastResult: frame.result,
    defaultValue: frame.filter,
    constraint: frame.constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  const pageErrors = fields.page.errors ?? [];
  return (
    <div className="records-filter">
      <ErrorSummary
        form={{ id: form.id, errors: [...(form.errors ?? []), ...pageErrors] }}
        fields={[
          { field: fields.start, label: t("records_start") },
          { field: fields.end, label: t("records_end") },
          { field: fields.type, label: typeLabel },
        ]}
      />
      <Form method="get" action={frame.path} {...getFormProps(form)} className="records-filter__form">
        <TextField field={fields.start} label={t("records_start")} type="date" min="2000-01-01" max="2099-12-31" />
        <TextField field={fields.end} label={t("records_end")} type="date" min="2000-01-01" max="2099-12-31" />
        {types.length ? (
          <SelectField field={fields.type} label={typeLabel}>
            <option value="">{t("records_type_all")}</option>
            {types.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
        ) : null}
        <button type="submit" className="button">
          {t("records_search")}
        </button>
      </Form>
      <p className="field__hint records-filter__hint">{t(frame.limit.hint)}</p>
      <nav className="chips cluster records-filter__quick" aria-label={t("records_quick_ranges")}>
        {frame.quick.map((q) => (
          <Link key={q.id} to={q.href} className={q.current ? "chip chip--current" : "chip"} aria-current={q.current ? "true" : undefined}>
            {t(`records_quick_${q.id}`)}
          </Link>
        ))}
      </nav>
      <NoticeBanner notice={frame.notice} tone="error" />
    </div>
  );
}
