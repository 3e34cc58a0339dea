/**
 * Rules and conversion (document 002, sections 3, 5 and 7): the point configuration — the exchange
 * rate and the points earned per game type and on deposits, each rate × 100 with two decimals —
 * and the conversion of money into points, a plain post to the encrypted
 * passwordCheck/MCSFE_convertPoint with the amount (at least 1: a smaller one is refused and
 * refilled as 1) and the password (wrong ones limited per player and device, decision 036). The
 * post carries a one-time key; after it the page shows the points received, the point balance and
 * the wallet balance (PRG).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary, SubmitButton, useClearSecrets } from "~/components/forms";
import { TextField } from "~/components/fields";
import { OnceField } from "~/components/once-field";
import { usePageTranslation } from "~/i18n/translation";
import { forgetCentreFacts } from "~/features/member/centre.server";
import { forgetWallets, loadWallets } from "~/features/member/wallets.server";
import { forgetPointBalance, loadPointConfig, requirePointMall } from "~/features/points/points.server";
import { merchantMoneyFor } from "~/features/site/money.server";
import {
  convertAmountValid,
  forceAmount,
  formatPoints,
  pointMallHref,
  POINT_MESSAGES,
  pointsFor,
  ratePercent,
} from "~/features/points/points";
import { convertSchema, getZodConstraint, parseWithZod } from "~/schemas/forms.server";
import { useClientCheck } from "~/components/client-check";
import { useForcedField } from "~/features/points/forced-field";
import { operatorFailure } from "~/operator/errors";
import { formFailure } from "~/operator/operator.server";
import { passwordChecksWait } from "~/features/auth/passwords.server";
import { openPlayerAction } from "~/server/gate.server";
import { passwordCheckKeys, withPasswordCheck } from "~/server/rate-limit.server";
import { newOnceKey, once } from "~/server/once.server";
import { commitSession } from "~/server/session.server";

const RATES = ["liveBet", "lottoBet", "pvpBet", "rngBet", "sportBet", "deposit"] as const;

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requirePointMall(request);
  const [config, wallets] = await Promise.all([loadPointConfig(request, member.operator), loadWallets(request, member.operator)]);
  const main = wallets?.wallets.find((w) => w.main);
  return json({
    exchangeRate: config?.pointExchangeRate ?? null,
    rates: config ? RATES.map((id) => ({ id, percent: ratePercent(config[id]) })) : [],
    wallet: main ? main.balance : null,
    paymentPassword: member.features.has("PAYMENTPASS3"),
    once: newOnceKey(),
    constraint: getZodConstraint(convertSchema(member.features.has("PAYMENTPASS3"))),
  });
}

// ── action ──────────────────────────────────────────────────────────────────────────────

export async function action({ request, context }: ActionFunctionArgs) {
  const opening = await openPlayerAction(request, context, requirePointMall, { maxBytes: 8 * 1024 });
  return once(opening, async () => {
    const submission = parseWithZod(opening.formData, { schema: convertSchema(opening.features.has("PAYMENTPASS3")) });
    const refused = (errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }, status = 400) => {
      const result = submission.reply({ hideFields: ["password"], ...errors });
      const raw = opening.formData.get("amount");
      if (result.error?.amount && result.initialValue) result.initialValue.amount = forceAmount(typeof raw === "string" ? raw : "");
      return json({ result, once: newOnceKey() }, { status, headers: opening.headers });
    };
    if (submission.status !== "success") return refused({});
    let checked;
    try {
      checked = await withPasswordCheck(passwordCheckKeys(opening.session, opening.device.id), () =>
        opening.operator.call("convertPoints", { body: submission.value }),
      );
    } catch (thrown) {
      const failure = operatorFailure(thrown);
      const { status, message } = await formFailure(request, failure);
      if (failure.code.includes("password")) return refused({ fieldErrors: { password: [message] } });
      if (failure.code === "amount.invalid" || failure.code === "balance.insufficient")
        return refused({ fieldErrors: { amount: [message] } });
      return refused({ formErrors: [message] }, status);
    }
    if (!checked.allowed) {
      opening.headers.set("Retry-After", String(checked.retryAfterS));
      return refused({ fieldErrors: { password: [await passwordChecksWait(opening.locale, checked.retryAfterS)] } }, 429);
    }
    const answer = checked.value;
    forgetPointBalance(opening.session.id);
    forgetWallets(opening.operator);
    forgetCentreFacts(opening.session.id);
    const money = await merchantMoneyFor(request);
    opening.session.flash("notice", {
      key: "points_convert_done",
      values: {
        amount: money.format(submission.value.amount) ?? submission.value.amount,
        points: formatPoints(answer?.points) ?? "—",
        pointBalance: formatPoints(answer?.pointBalance) ?? "—",
        balance: money.show(answer?.balance),
      },
    });
    opening.headers.append("Set-Cookie", await commitSession(opening.session));
    return redirect(pointMallHref("rules"), { status: 303, headers: opening.headers });
  });
}

// ── view ────────────────────────────────────────────────────────────────────────────────

export default function PointRules() {
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
