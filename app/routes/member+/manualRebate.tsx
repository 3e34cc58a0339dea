/**
 * Manual rebate (manualRebate; switch MANPLAYREB3): the rebate settings by product type, rates as
 * percent = rate × 100 with two decimals, and the rebate waiting for each, claimed by the player
 * into the main wallet (one-time key: a double press claims once).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { OnceField } from "~/components/once-field";
import { usePageTranslation } from "~/i18n/translation";
import { formatRate, toMoney } from "~/lib/money.server";
import { forgetCentreFacts, memberPage, requireMemberPage } from "~/features/member/centre.server";
import { pageFailure } from "~/features/member/benefits.server";
import { merchantMoneyFor } from "~/features/site/money.server";
import { memberHref } from "~/features/member/routes";
import { forgetWallets } from "~/features/member/wallets.server";
import { formFailure } from "~/operator/operator.server";
import { openPlayerAction } from "~/server/gate.server";
import { newOnceKey, once } from "~/server/once.server";
import { commitSession } from "~/server/session.server";
import { claimSchema } from "./manualRebate.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMemberPage(request, "manualRebate");
  try {
    const [settings, money] = await Promise.all([member.operator.call("rebateSettings"), merchantMoneyFor(request)]);
    return json({
      rows: settings.map((r) => ({
        productType: r.productType,
        percent: formatRate(r.rebateValue) ?? "—",
        pending: money.show(r.pendingAmount ?? "0"),
        claimable: (toMoney(r.pendingAmount)?.gt(0) ?? false) as boolean,
        once: newOnceKey(),
      })),
      error: null as string | null,
    });
  } catch (error) {
    const { error: message, status } = await pageFailure(request, error);
    return json({ rows: [], error: message }, { status });
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const opening = await openPlayerAction(request, context, memberPage("manualRebate"), { maxBytes: 4 * 1024 });
  const parsed = claimSchema.safeParse(Object.fromEntries(opening.formData));
  if (!parsed.success) return json({ error: "rebate_claim_invalid" }, { status: 400, headers: opening.headers });
  return once(opening, async () => {
    try {
      const claimed = await opening.operator.call("claimManualRebate", { body: { productType: parsed.data.productType } });
      const money = await merchantMoneyFor(request);
      forgetWallets(opening.operator);
      forgetCentreFacts(opening.session.id);
      opening.session.flash("notice", { key: "rebate_claimed", values: { amount: money.show(claimed.amount) } });
      opening.headers.append("Set-Cookie", await commitSession(opening.session));
      return redirect(memberHref("manualRebate"), { status: 303, headers: opening.headers });
    } catch (error) {
      const { status, message } = await formFailure(request, error);
      return json({ error: message }, { status, headers: opening.headers });
    }
  });
}

export default function ManualRebate() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <section className="member-page" aria-labelledby="rebate-title">
      <h1 id="rebate-title">{t("member_page_manualRebate")}</h1>
      <p>{t("rebate_intro")}</p>
      {data.error || answer?.error ? (
        <p className="notice notice--error" role="alert">
          {t((answer?.error ?? data.error)!)}
        </p>
      ) : null}
      {data.rows.length === 0 && !data.error ? <p className="empty-state">{t("rebate_empty")}</p> : null}
      <ul className="rebate-list">
        {data.rows.map((r) => (
          <li key={r.productType} className="rebate-row" data-product={r.productType}>
            <span className="rebate-row__name">{t(`records_product_${r.productType}`)}</span>
            <span className="rebate-row__rate">
              {t("rebate_rate")} <strong>{r.percent}</strong>
            </span>
            <span className="rebate-row__pending">
              {t("rebate_pending")} <strong data-testid={`pending-${r.productType}`}>{r.pending}</strong>
            </span>
            <Form method="post">
              <AuthenticityTokenInput />
              <OnceField value={r.once} />
              <input type="hidden" name="productType" value={r.productType} />
              <button type="submit" className="button button--small" disabled={!r.claimable}>
                {t("rebate_claim")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
