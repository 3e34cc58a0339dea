/**
 * The view of transferDownline.tsx, which draws it deferred: its code and conform arrive after the page (decision 043).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary, SubmitButton } from "~/components/forms";
import { TextField } from "~/components/fields";
import { OnceField } from "~/components/once-field";
import { useClientCheck } from "~/components/client-check";
import { usePageTranslation } from "~/i18n/translation";
import { RecordsTable } from "~/features/reports/records-view";
import type { loader, action } from "./transferDownline";

type After = ReturnType<typeof useLoaderData<typeof loader>>["after"][number];

export function TransferDownlineView() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const check = useClientCheck((m) => m.downlineTransferSchema(data.multi));
  const [form, fields] = useForm({
    id: "transfer-downline",
    lastResult: answer?.result as never,
    defaultValue: { to: data.to },
    constraint: data.constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  const toLabel = data.multi ? t("agent_transfer_to_many") : t("agent_transfer_to_one");
  return (
    <section className="member-page transfer-page" aria-labelledby="downline-transfer-title">
      <h1 id="downline-transfer-title">{t("agent_page_transferDownline")}</h1>
      {data.main ? (
        <p className="transfer-page__source">
          {data.main.name}: <strong data-testid="agent-main-balance">{data.hidden ? "****" : data.main.balance}</strong>
        </p>
      ) : null}
      {data.walletsUnavailable ? (
        <p className="notice notice--error" data-testid="wallets-unavailable">
          {t("wallets_unavailable")}
        </p>
      ) : null}
      {data.after.length ? (
        <div className="transfer-after" data-testid="balances-after">
          {/* A heading, not a caption: a phone lays the table out as cards, where a caption is squeezed. */}
          <h2 id="balances-after-title">{t("agent_balances_after")}</h2>
          <RecordsTable
            labelledBy="balances-after-title"
            columns={[
              { id: "username", label: t("agent_username"), cell: (d: After) => d.username },
              {
                id: "balance",
                label: t("agent_balance"),
                cell: (d: After) => <span data-testid={`after-${d.username}`}>{data.hidden ? "****" : d.balance}</span>,
                className: "numeric",
              },
            ]}
            rows={data.after}
            rowKey={(d) => d.username}
          />
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} noValidate className="transfer-form">
        <AuthenticityTokenInput />
        <OnceField value={answer?.once ?? data.once} />
        <ErrorSummary
          form={form}
          fields={[
            { field: fields.to, label: toLabel },
            { field: fields.amount, label: t("transfer_amount") },
          ]}
        />
        <TextField field={fields.to} label={toLabel} hint={data.multi ? t("agent_transfer_to_many_hint") : undefined} autoComplete="off" />
        <TextField
          field={fields.amount}
          label={data.multi ? t("agent_transfer_amount_each") : t("transfer_amount")}
          inputMode="decimal"
          hint={t("agent_transfer_amount_hint")}
        />
        <SubmitButton pendingLabel={t("transfer_pending")}>{t("agent_transfer_submit")}</SubmitButton>
      </Form>
    </section>
  );
}
