/**
 * The reward centre (document 002, sections 2, 3 and 5): available promotions by type, the
 * promotions to apply for (the apply dialog is the child route rewardCenter.apply.$promotionId),
 * the claim list, the sign-in / newbie / rescue tasks as tabs (?tab=…) with their reward
 * requests, and the raffle tips with their claim. Requests and raffle claims are posts with a
 * one-time key each.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { TabLinks } from "~/components/tabs";
import { Pager } from "~/components/pager";
import { usePageTranslation } from "~/i18n/translation";
import { markBonusSeen } from "~/features/member/bonus.server";
import { forgetCentreFacts, memberPage, promotionLinks, requireMemberPage } from "~/features/member/centre.server";
import { AvailableSummary, ClaimList, PromotionList, RaffleTips, TaskList } from "~/features/member/reward-views";
import { forgetRaffleStatuses, loadRewardCentre } from "~/features/member/rewards.server";
import { memberHref, REWARD_TABS, type RewardTab } from "~/features/member/routes";
import { formFailure } from "~/operator/operator.server";
import { openPlayerAction } from "~/server/gate.server";
import { newOnceKey, once } from "~/server/once.server";
import { commitSession } from "~/server/session.server";
import { querySchema, postSchema } from "./rewardCenter.server";

function tabHref(tab: RewardTab, page = 1): string {
  return memberHref("rewardCenter", { ...(tab === "promoList" ? {} : { tab }), ...(page > 1 ? { page: String(page) } : {}) });
}

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMemberPage(request, "rewardCenter");
  const url = new URL(request.url);
  // The first value of each name: a repeated parameter is not an error.
  const { tab, page } = querySchema.parse({
    tab: url.searchParams.get("tab") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
  });
  const centre = await loadRewardCentre(request, member, tab, page);
  const headers = new Headers();
  // Seeing the reward centre is seeing its promotions: the bonus pop-up does not ask again.
  const seen = await markBonusSeen(request, centre.promotions);
  if (seen) headers.append("Set-Cookie", seen);
  return json({ tab, typeLinks: promotionLinks(member.facts), ...centre }, { headers });
}

// ── action ──────────────────────────────────────────────────────────────────────────────

export async function action({ request, context }: ActionFunctionArgs) {
  const opening = await openPlayerAction(request, context, memberPage("rewardCenter"), { maxBytes: 8 * 1024 });
  const parsed = postSchema.safeParse(Object.fromEntries(opening.formData));
  if (!parsed.success) return json({ error: "reward_request_invalid", once: newOnceKey() }, { status: 400, headers: opening.headers });
  const post = parsed.data;
  return once(opening, async () => {
    try {
      if (post.intent === "requestTask") {
        await opening.operator.call("signUpReward", { body: { taskId: post.taskId } });
        opening.session.flash("notice", { key: "task_reward_requested" });
      } else {
        // Claimed or refused (claimed elsewhere, ended), the statuses kept for the tips are over.
        const prize = await opening.operator
          .call("raffleClaim", { body: { promotionId: post.promotionId, raffleScheduleId: post.raffleScheduleId } })
          .finally(() => forgetRaffleStatuses(opening.session.id));
        opening.session.flash("notice", {
          key: "raffle_claimed",
          values: { ticket: prize?.ticket?.ticketId ?? "", value: prize?.value ?? "" },
        });
      }
    } catch (error) {
      const { status, message } = await formFailure(request, error);
      return json({ error: message, once: newOnceKey() }, { status, headers: opening.headers });
    }
    forgetCentreFacts(opening.session.id);
    opening.headers.append("Set-Cookie", await commitSession(opening.session));
    return redirect(tabHref(post.tab), { status: 303, headers: opening.headers });
  });
}

// ── view ────────────────────────────────────────────────────────────────────────────────

export default function RewardCentre() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const tabs = REWARD_TABS.map((tab) => ({ id: tab, label: t(`reward_tab_${tab}`), to: tabHref(tab) }));
  return (
    <section className="member-page reward-centre" aria-labelledby="reward-centre-title">
      <h1 id="reward-centre-title">{t("member_page_rewardCenter")}</h1>
      <Outlet />
      {actionData && "error" in actionData ? (
        <p className="notice notice--error" role="alert" data-testid="reward-error">
          {t(actionData.error)}
        </p>
      ) : null}
      <RaffleTips tips={data.raffles} tab={data.tab} />
      <AvailableSummary links={data.typeLinks} available={data.available} />
      <TabLinks label={t("reward_tabs")} tabs={tabs} current={data.tab} />
      {data.tab === "promoList" ? (
        <>
          <PromotionList promotions={data.promotions} />
          <ClaimList claims={data.claims} />
          {data.claims ? (
            <Pager
              page={data.claims.page}
              totalPages={data.claims.totalPages}
              hrefFor={(n) => tabHref("promoList", n)}
              label={t("reward_claims_pages")}
            />
          ) : null}
        </>
      ) : (
        <TaskList tasks={data.tasks} tab={data.tab} />
      )}
    </section>
  );
}
