/**
 * The product view (document 002, sections 2 and 5) as a route: with scripts a dialog over the
 * exchange goods, without scripts a page. Its gallery, details, stock and prices, and the redeem
 * form, posted to the encrypted passwordCheck/MCSFE_redeemPointReward. The server reads the
 * reward again before it checks anything (stock and prices are never the page's), refuses a
 * quantity outside 1..stock with the forced value refilled, puts a wrong password beside the
 * password field, and on success lands on the redeem records with the new balance (PRG). The
 * post carries a one-time key: a double submit redeems once. Wrong passwords are limited per
 * player and device (withPasswordCheck, decision 036): past the limit, 429 beside the field.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { DialogPanel, RouteDialog } from "~/components/route-dialog";
import { usePageTranslation } from "~/i18n/translation";
import { translate } from "~/i18n/i18n.server";
import { deferred } from "~/components/deferred";
import { Gallery, RewardDetails } from "~/features/points/reward-view";
import { forgetPointBalance, loadReward, redeemRules, requirePointMall } from "~/features/points/points.server";
import { merchantMoneyFor } from "~/features/site/money.server";
import { forceQuantity, pointMallHref, POINT_MESSAGES, redeemRemarks } from "~/features/points/points";
import { getZodConstraint, parseWithZod, redeemSchema } from "~/schemas/forms.server";
import { forgetWallets } from "~/features/member/wallets.server";
import type { MemberContext } from "~/features/member/centre.server";
import { operatorFailure } from "~/operator/errors";
import { formFailure } from "~/operator/operator.server";
import { passwordChecksWait } from "~/features/auth/passwords.server";
import { openPlayerAction } from "~/server/gate.server";
import { passwordCheckKeys, withPasswordCheck } from "~/server/rate-limit.server";
import { newOnceKey, once } from "~/server/once.server";
import { commitSession } from "~/server/session.server";

/** The reward of the address; a reward the operator no longer has goes back to the list with a notice. */
async function rewardOf(request: Request, member: MemberContext, param: string | undefined) {
  const id = /^\d{1,9}$/.test(param ?? "") ? Number(param) : 0;
  const reward = id ? await loadReward(request, member, id) : null;
  if (reward) return reward;
  member.session.flash("notice", { key: "points_reward_gone" });
  throw redirect(pointMallHref(), { status: 303, headers: { "Set-Cookie": await commitSession(member.session) } });
}

/** Operator codes that belong beside a field (the password's message is the operator's own). */
const FIELD_FOR_CODE: Record<string, string> = {
  "password.incorrect": "password",
  "payment.password.incorrect": "password",
  "reward.quantity.invalid": "quantity",
  "redeem.type.invalid": "redeemType",
};

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requirePointMall(request);
  const reward = await rewardOf(request, member, params.rewardId);
  const [rules, money] = await Promise.all([redeemRules(request, member, reward), merchantMoneyFor(request)]);
  return json({ reward, rules, style: money.style, once: newOnceKey(), constraint: getZodConstraint(redeemSchema(rules)) });
}

// ── action ──────────────────────────────────────────────────────────────────────────────

export async function action({ request, context, params }: ActionFunctionArgs) {
  const opening = await openPlayerAction(request, context, requirePointMall, { maxBytes: 16 * 1024 });
  return once(
    opening,
    async () => {
      const reward = await rewardOf(request, opening, params.rewardId);
      const rules = await redeemRules(request, opening, reward);
      const submission = parseWithZod(opening.formData, { schema: redeemSchema(rules) });
      const refused = (errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }, status = 400) => {
        const result = submission.reply({ hideFields: ["password"], ...errors });
        // The quantity comes back forced into 1..stock (document 002, section 5), with its message.
        const raw = opening.formData.get("quantity");
        if (typeof raw === "string" && result.initialValue)
          result.initialValue.quantity = String(forceQuantity(raw, reward.inventory).value);
        return json({ result, once: newOnceKey() }, { status, headers: opening.headers });
      };
      if (reward.inventory <= 0) return refused({ formErrors: ["points_sold_out_notice"] }, 409);
      if (submission.status !== "success") return refused({});
      const value = submission.value;
      // The costs the player saw were drawn for pricedFor: another quantity is shown its costs first.
      const pricedFor = opening.formData.get("pricedFor");
      if (pricedFor !== null && pricedFor !== String(value.quantity)) return refused({ formErrors: ["points_cost_changed"] });
      const locale = opening.locale;
      const [name, phone, address, line] = await Promise.all(
        ["points_name", "points_phone", "points_address", "points_line"].map((key) => translate(locale, key)),
      );
      let checked;
      try {
        checked = await withPasswordCheck(passwordCheckKeys(opening.session, opening.device.id), () =>
          opening.operator.call("redeemReward", {
            body: {
              rewardId: reward.id,
              quantity: value.quantity,
              redeemType: value.redeemType,
              password: value.password,
              province: value.province ?? "",
              remarks: redeemRemarks(
                { name: value.name, phone: value.phone, address: value.address, line: value.line },
                { name, phone, address, line },
              ),
            },
          }),
        );
      } catch (thrown) {
        const failure = operatorFailure(thrown);
        const { status, message } = await formFailure(request, failure);
        const field = FIELD_FOR_CODE[failure.code];
        if (field) return refused({ fieldErrors: { [field]: [field === "quantity" ? POINT_MESSAGES.quantityInvalid : message] } });
        return refused({ formErrors: [message] }, status);
      }
      if (!checked.allowed) {
        opening.headers.set("Retry-After", String(checked.retryAfterS));
        return refused({ fieldErrors: { password: [await passwordChecksWait(locale, checked.retryAfterS)] } }, 429);
      }
      forgetPointBalance(opening.session.id);
      forgetWallets(opening.operator);
      opening.session.flash("notice", { key: "points_redeem_done", values: { name: reward.name, quantity: value.quantity } });
      opening.headers.append("Set-Cookie", await commitSession(opening.session));
      return redirect(pointMallHref("records"), { status: 303, headers: opening.headers });
      // A lost answer: the redemption records say whether it went through (the reward's page may
      // not even be readable while the operator fails).
    },
    { checkAt: pointMallHref("records") },
  );
}

// The form and conform arrive after the page (decision 043).
const RedeemForm = deferred(() => import("~/features/points/redeem-form").then((m) => m.RedeemForm));

// ── view ────────────────────────────────────────────────────────────────────────────────

export default function RewardPage() {
  const { t } = usePageTranslation();
  const { reward, rules, style, once: loaderOnce, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { search } = useLocation();
  const back = pointMallHref(undefined, Object.fromEntries(new URLSearchParams(search)));
  const body = (
    <>
      <h2 id="reward-title">{reward.name}</h2>
      <div className="reward-view__grid">
        <Gallery reward={reward} />
        <div className="reward-view__side">
          <RewardDetails reward={reward} />
          <RedeemForm
            key={reward.id}
            reward={reward}
            rules={rules}
            style={style}
            result={answer?.result}
            once={answer?.once ?? loaderOnce}
            constraint={constraint}
          />
        </div>
      </div>
      <p className="actions">
        <a href={back} className="button button--secondary">
          {t("points_back_to_goods")}
        </a>
      </p>
    </>
  );
  return (
    <RouteDialog back={back} titleId="reward-title" className="modal--wide">
      {(inDialog) => (
        <DialogPanel inDialog={inDialog} className="reward-view" titleId="reward-title" testId="reward-view">
          {body}
        </DialogPanel>
      )}
    </RouteDialog>
  );
}
