/**
 * Rules and conversion (document 002, sections 3, 5 and 7): the point configuration — the exchange
 * rate and the points earned per game type and on deposits, each rate × 100 with two decimals —
 * and the conversion of money into points, a plain post to the encrypted
 * passwordCheck/MCSFE_convertPoint with the amount (at least 1: a smaller one is refused and
 * refilled as 1) and the password (wrong ones limited per player and device, decision 036). The
 * post carries a one-time key; after it the page shows the points received, the point balance and
 * the wallet balance (PRG).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { forgetCentreFacts } from "~/features/member/centre.server";
import { forgetWallets, loadWallets } from "~/features/member/wallets.server";
import { forgetPointBalance, loadPointConfig, requirePointMall } from "~/features/points/points.server";
import { merchantMoneyFor } from "~/features/site/money.server";
import { forceAmount, formatPoints, pointMallHref, ratePercent } from "~/features/points/points";
import { convertSchema, getZodConstraint, parseWithZod } from "~/schemas/forms.server";
import { operatorFailure } from "~/operator/errors";
import { formFailure } from "~/operator/operator.server";
import { passwordChecksWait } from "~/features/auth/passwords.server";
import { openPlayerAction } from "~/server/gate.server";
import { passwordCheckKeys, withPasswordCheck } from "~/server/rate-limit.server";
import { newOnceKey, once } from "~/server/once.server";
import { commitSession } from "~/server/session.server";
import { deferred } from "~/components/deferred";

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

// The view, its form and conform arrive after the page (decision 043).
export default deferred(() => import("./pointMall.rules.view").then((m) => m.PointRulesView));
