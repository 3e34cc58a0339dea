/**
 * The view of pointMall.rules.tsx, which draws it deferred: its code and conform arrive after the page (decision 043).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary, SubmitButton, useClearSecrets } from "~/components/forms";
import { TextField } from "~/components/fields";
import { OnceField } from "~/components/once-field";
import { usePageTranslation } from "~/i18n/translation";
import { convertAmountValid, forceAmount, formatPoints, POINT_MESSAGES, pointsFor } from "~/features/points/points";
import { useClientCheck } from "~/components/client-check";
import { useForcedField } from "~/features/points/forced-field";
import type { loader, action } from "./pointMall.rules";

export function PointRulesView() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const check = useClientCheck((m) => forcing.refine(m.convertSchema(data.paymentPassword)));
  const [form, fields] = useForm({
    id: "convert-points",
    lastResult: answer?.result,
    constraint: data.constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  useClearSecrets(answer?.result, [fields.password.id]);
  const [amount, setAmount] = useState(String(fields.amount.initialValue ?? ""));
  const preview = formatPoints(pointsFor(amount, data.exchangeRate));
  const forcing = useForcedField({
    inputId: fields.amount.id,
    inputName: fields.amount.name,
    valid: convertAmountValid,
    force: forceAmount,
    message: POINT_MESSAGES.amountInvalid,
    onForced: setAmount,
  });
  const formProps = getFormProps(form);
  const passwordLabel = data.paymentPassword ? t("points_payment_password") : t("points_password");
  return (
    <section className="points-rules" aria-labelledby="points-rules-title">
      <h2 id="points-rules-title">{t("points_menu_rules")}</h2>
      {data.exchangeRate ? (
        <>
          <p className="points-rules__rate" data-testid="exchange-rate">
            {t("points_exchange_rate", { points: data.exchangeRate })}
          </p>
          <table className="points-rates" data-testid="point-rates">
            <caption>{t("points_rates_title")}</caption>
            <tbody>
              {data.rates.map((r) => (
                <tr key={r.id}>
                  <th scope="row">{t(`points_rate_${r.id}`)}</th>
                  <td>{r.percent}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="field__hint">{t("points_rates_hint")}</p>
        </>
      ) : (
        <p className="notice notice--error">{t("points_config_unavailable")}</p>
      )}
      <Form
        method="post"
        {...formProps}
        onSubmit={forcing.onSubmit(formProps.onSubmit)}
        onInput={forcing.onInput}
        noValidate
        className="convert-form"
        onChange={(event) => setAmount(String(new FormData(event.currentTarget).get("amount") ?? ""))}
      >
        <AuthenticityTokenInput />
        <OnceField value={answer?.once ?? data.once} />
        <h3>{t("points_convert_title")}</h3>
        {data.wallet ? <p className="convert-form__wallet">{t("points_wallet_balance", { balance: data.wallet })}</p> : null}
        <ErrorSummary
          form={form}
          fields={[
            { field: fields.amount, label: t("points_convert_amount") },
            { field: fields.password, label: passwordLabel },
          ]}
        />
        <TextField field={fields.amount} label={t("points_convert_amount")} inputMode="decimal" hint={t("points_convert_amount_hint")} />
        <TextField field={fields.password} label={passwordLabel} type="password" autoComplete="current-password" />
        <p className="convert-form__preview" data-testid="convert-preview" aria-live="polite">
          {preview ? t("points_convert_preview", { points: preview }) : t("points_convert_preview_none")}
        </p>
        <SubmitButton pendingLabel={t("points_convert_pending")}>{t("points_convert_submit")}</SubmitButton>
      </Form>
    </section>
  );
}
