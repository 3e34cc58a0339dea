/**
 * The view of transferUpline.tsx, which draws it deferred: its code and conform arrive after the page (decision 043).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary, SubmitButton } from "~/components/forms";
import { TextField } from "~/components/fields";
import { OnceField, useFreshIntent } from "~/components/once-field";
import { usePageTranslation } from "~/i18n/translation";
import { useClientCheck } from "~/components/client-check";
import type { loader, action } from "./transferUpline";

export function TransferUplineView() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const answer = actionData && "result" in actionData ? actionData : null;
  const check = useClientCheck((m) => m.uplineSchema(data.main?.raw));
  const [form, fields] = useForm({
    id: "transfer-upline",
    lastResult: answer?.result as never,
    constraint: data.constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  useFreshIntent(form, data.once, Boolean(answer));
  return (
    <section className="member-page transfer-page" aria-labelledby="upline-title">
      <h1 id="upline-title">{t("member_page_transferUpline")}</h1>
      <p>{t("upline_intro")}</p>
      {data.main ? (
        <p className="transfer-page__source">
          {data.main.name}: <strong data-testid="upline-source">{data.hidden ? "****" : data.main.balance}</strong>
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} noValidate className="transfer-form">
        <AuthenticityTokenInput />
        <OnceField value={answer?.once ?? data.once} />
        <ErrorSummary form={form} fields={[{ field: fields.amount, label: t("transfer_amount") }]} />
        <TextField field={fields.amount} label={t("transfer_amount")} inputMode="decimal" hint={t("transfer_amount_hint")} />
        <SubmitButton pendingLabel={t("transfer_pending")}>{t("upline_submit")}</SubmitButton>
      </Form>
    </section>
  );
}
