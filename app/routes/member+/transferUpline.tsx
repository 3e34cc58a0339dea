/**
 * Transfer to upline (transferUpline, document 002 sections 2 and 6): money from the main wallet
 * to the member's upline agent. Open when member info says toUpline, isAgent is not 2 and the
 * AGETRANSFERUP3 switch is on. One-time key: the money moves once.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary, SubmitButton } from "~/components/forms";
import { TextField } from "~/components/fields";
import { OnceField, useFreshIntent } from "~/components/once-field";
import { usePageTranslation } from "~/i18n/translation";
import { memberPage, requireMemberPage } from "~/features/member/centre.server";
import { memberHref } from "~/features/member/routes";
import { getZodConstraint, parseWithZod, uplineSchema } from "~/schemas/forms.server";
import { useClientCheck } from "~/components/client-check";
import { TRANSFER_MESSAGES } from "~/features/member/transfer-messages";
import { forgetWallets, loadWallets } from "~/features/member/wallets.server";
import { operatorFailure } from "~/operator/errors";
import { formFailure } from "~/operator/operator.server";
import { openPlayerAction } from "~/server/gate.server";
import { newOnceKey, once } from "~/server/once.server";
import { commitSession, isBalanceHidden } from "~/server/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMemberPage(request, "transferUpline");
  const [wallets, hidden] = await Promise.all([loadWallets(request, member.operator), isBalanceHidden(request)]);
  const main = wallets?.wallets.find((w) => w.main) ?? null;
  return json({ main, hidden, once: newOnceKey(), constraint: getZodConstraint(uplineSchema()) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const opening = await openPlayerAction(request, context, memberPage("transferUpline"), { maxBytes: 4 * 1024 });
  return once(opening, async () => {
    const wallets = await loadWallets(request, opening.operator);
    const submission = parseWithZod(opening.formData, { schema: uplineSchema(wallets?.wallets.find((w) => w.main)?.raw) });
    const refused = (result: unknown, status: number) => json({ result, once: newOnceKey() }, { status, headers: opening.headers });
    if (submission.status !== "success") return refused(submission.reply(), 400);
    try {
      await opening.operator.call("transferUpline", { body: { amount: submission.value.amount } });
    } catch (error) {
      const code = operatorFailure(error).code;
      if (code === "balance.insufficient")
        return refused(submission.reply({ fieldErrors: { amount: [TRANSFER_MESSAGES.amountTooLarge] } }), 400);
      const { status, message } = await formFailure(request, error);
      return refused(submission.reply({ formErrors: [message] }), status);
    }
    forgetWallets(opening.operator);
    opening.session.flash("notice", { key: "transfer_done" });
    opening.headers.append("Set-Cookie", await commitSession(opening.session));
    return redirect(memberHref("transferUpline"), { status: 303, headers: opening.headers });
  });
}

export default function TransferUpline() {
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
