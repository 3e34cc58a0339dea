/**
 * The redeem form (document 002, section 5), a plain post: the LINE ID when the operator asks for
 * one, the password (labelled the payment password under PAYMENTPASS3), name, address, phone,
 * province, quantity and the way to pay, then what it costs. With scripts the same schema checks
 * each field and the cost follows the quantity and the way as they change; without scripts the
 * cost is drawn for the quantity last posted. The submit is disabled when nothing is in stock
 * (and the server refuses it anyway).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "~/lib/countdown";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary, SubmitButton, useClearSecrets } from "~/components/forms";
import { RadioGroup, TextField } from "~/components/fields";
import { OnceField } from "~/components/once-field";
import { usePageTranslation } from "~/i18n/translation";
import { forceQuantity, payMoney, POINT_MESSAGES, payPoints, quantityInRange, type RedeemRules, type RedeemType } from "./points";
import { useClientCheck, type FormConstraint } from "~/components/client-check";
import { useForcedField } from "./forced-field";
import { merchantAmountText, type MerchantCurrency } from "~/lib/money-format";
import type { RewardView } from "./points.server";

interface Props {
  reward: RewardView;
  rules: RedeemRules;
  /** The merchant's currency settings: the cost is written in the browser as the server writes it. */
  style: MerchantCurrency;
  result: SubmissionResult<string[]> | undefined;
  once: string;
  /** The form's HTML constraints, from the loader (getZodConstraint of redeemSchema). */
  constraint: FormConstraint;
}

export function RedeemForm({ reward, rules, style, result, once, constraint }: Props) {
  const { t } = usePageTranslation();
  const check = useClientCheck((m) => forcing.refine(m.redeemSchema(rules)));
  const defaultType: RedeemType = reward.types[0] ?? "P";
  const [form, fields] = useForm({
    id: `redeem-${reward.id}`,
    lastResult: result,
    constraint,
    defaultValue: { quantity: "1", redeemType: defaultType },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  useClearSecrets(result, [fields.password.id]);
  const initialQuantity = Number(fields.quantity.initialValue ?? "1");
  const [quantity, setQuantity] = useState(Number.isInteger(initialQuantity) && initialQuantity > 0 ? initialQuantity : 1);
  const [redeemType, setRedeemType] = useState<RedeemType>((fields.redeemType.initialValue as RedeemType) || defaultType);
  const forcing = useForcedField({
    inputId: fields.quantity.id,
    inputName: fields.quantity.name,
    valid: (raw) => quantityInRange(raw.trim(), reward.inventory),
    force: (raw) => String(forceQuantity(raw, reward.inventory).value),
    message: POINT_MESSAGES.quantityInvalid,
    onForced: (value) => setQuantity(Number(value)),
  });
  const formProps = getFormProps(form);
  const soldOut = reward.inventory <= 0;
  const passwordLabel = rules.paymentPassword ? t("points_payment_password") : t("points_password");
  const fieldList = [
    ...(rules.lineRequired ? [{ field: fields.line, label: t("points_line") }] : []),
    { field: fields.password, label: passwordLabel },
    { field: fields.name, label: t("points_name") },
    { field: fields.address, label: t("points_address") },
    { field: fields.phone, label: t("points_phone") },
    { field: fields.province, label: t("points_province") },
    { field: fields.quantity, label: t("points_quantity") },
    { field: fields.redeemType, label: t("points_redeem_type") },
  ];
  const points = payPoints(quantity, redeemType, reward);
  const money = merchantAmountText(style, payMoney(quantity, redeemType, reward.mpMoneyAmount));
  // What each way takes for this quantity, drawn by the server too: without scripts the choice of
  // a way cannot redraw a total, so every way says its own (issue 23: ¥0.00 shown, ¥699.00 taken).
  const costOf = (type: RedeemType) => {
    const p = payPoints(quantity, type, reward).toLocaleString("en-US");
    return type === "PM"
      ? t("points_cost_points_money", {
          points: p,
          money: merchantAmountText(style, payMoney(quantity, type, reward.mpMoneyAmount)),
        })
      : t("points_cost_points", { points: p });
  };
  const hydrated = useHydrated();

  return (
    <Form
      method="post"
      {...formProps}
      onSubmit={forcing.onSubmit(formProps.onSubmit)}
      onInput={forcing.onInput}
      noValidate
      className="redeem-form"
      onChange={(event) => {
        const data = new FormData(event.currentTarget);
        const q = Number(data.get("quantity"));
        setQuantity(Number.isInteger(q) && q > 0 ? q : 0);
        const type = data.get("redeemType");
        if (type === "P" || type === "PM") setRedeemType(type);
      }}
    >
      <AuthenticityTokenInput />
      <OnceField value={once} />
      <h3>{t("points_redeem_title")}</h3>
      <ErrorSummary form={form} fields={fieldList} />
      {rules.lineRequired ? <TextField field={fields.line} label={t("points_line")} hint={t("points_line_hint")} /> : null}
      <TextField field={fields.password} label={passwordLabel} type="password" autoComplete="current-password" />
      <TextField field={fields.name} label={t("points_name")} autoComplete="name" />
      <TextField field={fields.address} label={t("points_address")} autoComplete="street-address" />
      <TextField
        field={fields.phone}
        label={t("points_phone")}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint={t("points_phone_hint", { min: rules.phone.min, max: rules.phone.max })}
      />
      <TextField field={fields.province} label={t("points_province")} autoComplete="address-level1" hint={t("points_optional")} />
      <TextField
        field={fields.quantity}
        label={t("points_quantity")}
        inputMode="numeric"
        hint={t("points_quantity_hint", { max: Math.max(reward.inventory, 1) })}
      />
      {reward.types.length > 1 ? (
        <RadioGroup
          field={fields.redeemType}
          label={t("points_redeem_type")}
          className="redeem-types"
          optionClassName="redeem-types__option"
          options={reward.types.map((type) => ({
            value: type,
            label: (
              <>
                {t(`points_redeem_type_${type}`)}
                <span className="redeem-types__price" data-testid={`type-price-${type}`}>
                  {costOf(type)}
                </span>
              </>
            ),
          }))}
        />
      ) : (
        <input type="hidden" name={fields.redeemType.name} value={defaultType} />
      )}
      {/* The quantity the costs above were drawn for: the server refuses a post whose quantity differs. */}
      <input type="hidden" name="pricedFor" value={quantity} />
      {hydrated || reward.types.length === 1 ? (
        <dl className="redeem-cost" data-testid="redeem-cost">
          <div>
            <dt>{t("points_pay_points")}</dt>
            <dd data-testid="pay-points">{points.toLocaleString("en-US")}</dd>
          </div>
          {reward.types.includes("PM") ? (
            <div>
              <dt>{t("points_pay_money")}</dt>
              <dd data-testid="pay-money">{money}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {soldOut ? <p className="notice notice--error">{t("points_sold_out_notice")}</p> : null}
      {soldOut ? (
        <button type="submit" className="button" disabled>
          {t("points_redeem_submit")}
        </button>
      ) : (
        <SubmitButton pendingLabel={t("points_redeem_pending")}>{t("points_redeem_submit")}</SubmitButton>
      )}
    </Form>
  );
}
