/**
 * What the reward centre and its apply dialog read from the operator (decision 027): the
 * available promotions by type, the promotions claimed through the dialog with their state, the
 * tasks of a tab, the claim list, and the raffle tips. All quiet calls made in one wave: a failed
 * one leaves its part of the page empty with a note, never the page broken.
 */
import { promotionFlags, COUNTED_PROMOTIONS, type MemberContext } from "~/features/member/centre.server";
import type { RewardTab } from "~/features/member/routes";
import { quietly } from "~/operator/operator.server";
import { askPaged } from "~/lib/paging";
import type { PromotionClaim, PromotionItem, TaskItem } from "~/operator/answers";
import { CLAIM_MESSAGES } from "~/features/member/reward-claim";
import { newOnceKey } from "~/server/once.server";
import { playerMemo } from "~/server/player-memo.server";

export const CLAIMS_PAGE_SIZE = 10;
export const TASK_OF_TAB = { signInTask: "SIGNIN", newbieTask: "NEWBIE", rescueTask: "RESCUE" } as const;

export interface RaffleTip {
  promotionId: number;
  raffleScheduleId: number;
  title: string;
  prizeValue: string | null;
  /** Not started: seconds to the start (the tip counts down); running: null (the claim button shows). */
  startsInS: number | null;
  once: string;
}

export interface TaskView extends TaskItem {
  once: string;
}

/**
 * The raffles a player may see change with the operator's schedule, not by the minute: kept per
 * player for the spec's promotion poll (5 minutes), so a view of the reward centre asks for their
 * statuses in its one wave instead of after the list.
 */
const rafflesByPlayer = playerMemo<Awaited<ReturnType<typeof listRaffles>>>(300_000);
const listRaffles = (request: Request, operator: MemberContext["operator"]) => quietly(request, operator.call("raffle"));
function rafflesOf(request: Request, operator: MemberContext["operator"]) {
  const key = operator.context.clientKey ?? operator.context.token ?? "";
  return key ? rafflesByPlayer.get(key, () => listRaffles(request, operator)) : listRaffles(request, operator);
}

export async function loadRewardCentre(request: Request, member: MemberContext, tab: RewardTab, page: number) {
  const { operator } = member;
  const taskType = tab === "promoList" ? null : TASK_OF_TAB[tab];
  const [available, promotions, claims, tasks, raffles] = await Promise.all([
    quietly(request, operator.call("availablePromotions")),
    quietly(request, operator.call("promotionList")),
    quietly(
      request,
      askPaged((pageNo) => operator.call("promotionClaimList", { body: { pageNo, pageSize: CLAIMS_PAGE_SIZE } }), page, CLAIMS_PAGE_SIZE),
    ),
    taskType ? quietly(request, operator.call("taskList", { body: { taskType } })) : Promise.resolve(null),
    // The statuses follow the raffle list at once (kept per player), not after the whole wave.
    rafflesOf(request, operator).then((list) => (list ? raffleTips(request, member, list.list) : [])),
  ]);
  const flags = promotionFlags(available);
  const record = (available ?? {}) as Record<string, unknown>;
  const counts = COUNTED_PROMOTIONS.map((type) => ({ type, count: promotionFlags({ [type]: record[type] }).available }));
  return {
    available: available ? { total: flags.available, counts, mission: flags.mission, referral: flags.referral } : null,
    promotions: promotions?.list ?? null,
    claims: claims
      ? { list: claims.answer.list as PromotionClaim[], total: claims.total, page: claims.page, totalPages: claims.totalPages }
      : null,
    tasks: tasks ? tasks.list.map((t): TaskView => ({ ...t, once: newOnceKey() })) : taskType ? null : [],
    raffles,
  };
}

type RaffleListItem = { promotionId: number; raffleScheduleId: number; title?: string | null; prizeValue?: string | null };

/**
 * Document 002 §5: a raffle that is claimed or has ended shows no tip; one not started counts down
 * to its start; the tip shows until it is due.
 */
async function raffleTips(request: Request, member: MemberContext, list: readonly RaffleListItem[]): Promise<RaffleTip[]> {
  const statuses = await Promise.all(
    list
      .slice(0, 5)
      .map((r) =>
        quietly(
          request,
          member.operator.call("raffleStatus", { body: { promotionId: r.promotionId, raffleScheduleId: r.raffleScheduleId } }),
        ),
      ),
  );
  const tips: RaffleTip[] = [];
  list.slice(0, 5).forEach((r, i) => {
    const s = statuses[i];
    if (!s || s.isClaimed || s.hasEnded || s.due) return;
    tips.push({
      promotionId: r.promotionId,
      raffleScheduleId: r.raffleScheduleId,
      title: r.title ?? "",
      prizeValue: r.prizeValue ?? null,
      startsInS: s.hasStarted ? null : Math.max(1, Math.ceil((s.time ?? 0) / 1000)),
      once: newOnceKey(),
    });
  });
  return tips;
}

/** The promotion a dialog applies for, when the player may claim it. */
export async function claimablePromotion(request: Request, member: MemberContext, id: number): Promise<PromotionItem | null> {
  const promotions = await quietly(request, member.operator.call("promotionList"));
  const promotion = promotions?.list.find((p) => p.id === id);
  return promotion && promotion.claimable !== false && promotion.claimStatus !== "PENDING" && promotion.claimStatus !== "APPROVED"
    ? promotion
    : null;
}

/** Operator refusals of a claim that belong beside a field, as the form's own messages. */
export const CLAIM_FIELD_FOR_CODE: Record<string, readonly ["remarks" | "pictures", string]> = {
  "promotion.remark.required": ["remarks", CLAIM_MESSAGES.remark],
  "promotion.remark.too.long": ["remarks", CLAIM_MESSAGES.remark],
  "promotion.image.required": ["pictures", CLAIM_MESSAGES.imageRequired],
  "promotion.image.too.many": ["pictures", CLAIM_MESSAGES.tooMany],
  "promotion.image.too.large": ["pictures", CLAIM_MESSAGES.tooLarge],
  "promotion.image.type": ["pictures", CLAIM_MESSAGES.wrongType],
};
