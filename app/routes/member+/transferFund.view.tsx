/**
 * The view of transferFund.tsx, which draws it deferred: its code and conform arrive after the page (decision 043).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary, SubmitButton } from "~/components/forms";
import { useClientCheck } from "~/components/client-check";
import { SelectField, TextField } from "~/components/fields";
import { OnceField, useFreshIntent } from "~/components/once-field";
import { usePageTranslation } from "~/i18n/translation";
import { TRANSFER_MESSAGES } from "~/features/member/transfer-messages";
import { WalletList } from "~/features/member/wallet-list";
import type { loader, action } from "./transferFund";

export function TransferFundView() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const answer = actionData && "result" in actionData ? actionData : null;
  const balances = data.wallets ? Object.fromEntries(data.wallets.wallets.map((w) => [w.id, w.raw])) : undefined;
  const check = useClientCheck((m) => m.transferSchema(balances));
  const [form, fields] = useForm({
    id: "transfer-fund",
    lastResult: answer?.result as never,
    constraint: data.constraint,
    defaultValue: { from: data.defaultFrom, to: data.defaultTo },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  const once = answer?.once ?? data.once;
  useFreshIntent(form, data.once, Boolean(answer));

  return (
    <section className="member-page transfer-page" aria-labelledby="transfer-title">
      <h1 id="transfer-title">{t("member_page_transferFund")}</h1>
      {data.wallets ? (
        <WalletList view={data.wallets} hidden={data.hidden} />
      ) : (
        <p className="notice notice--error">{t("wallets_unavailable")}</p>
      )}
      {data.wallets && data.wallets.wallets.length < 2 ? (
        <p className="notice transfer-page__one-wallet" data-testid="transfer-one-wallet">
          {t(TRANSFER_MESSAGES.oneWallet)}
        </p>
      ) : data.wallets ? (
        <Form method="post" {...getFormProps(form)} noValidate className="transfer-form">
          <AuthenticityTokenInput />
          <OnceField value={once} />
          <h2>{t("transfer_title")}</h2>
          <ErrorSummary
            form={form}
            fields={[
              { field: fields.from, label: t("transfer_from") },
              { field: fields.to, label: t("transfer_to") },
              { field: fields.amount, label: t("transfer_amount") },
            ]}
          />
          <div className="transfer-form__wallets">
            {(["from", "to"] as const).map((name) => (
              <SelectField key={name} field={fields[name]} label={t(`transfer_${name}`)}>
                {data.wallets!.wallets.map((w) => (
                  <option key={w.id} value={w.id}>
                    {data.hidden ? w.name : `${w.name} · ${w.balance}`}
                  </option>
                ))}
              </SelectField>
            ))}
          </div>
          <TextField field={fields.amount} label={t("transfer_amount")} inputMode="decimal" hint={t("transfer_amount_hint")} />
          <SubmitButton pendingLabel={t("transfer_pending")}>{t("transfer_submit")}</SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
