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
import type { AnswerOf } from "~/operator/endpoints";
import { CLAIM_MESSAGES } from "~/features/member/reward-claim";
import { newOnceKey } from "~/server/once.server";
import { playerMemo } from "~/server/state/memo.server";

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
  const key = playerKey(operator);
  return key ? rafflesByPlayer.get(key, () => listRaffles(request, operator)) : listRaffles(request, operator);
}

/** The session (or device) the per-player memos are kept under: the key forgetPlayer is given. */
const playerKey = (operator: MemberContext["operator"]) => operator.context.clientKey ?? operator.context.token ?? "";

type RaffleStatus = AnswerOf<"raffleStatus">;

/** The statuses of the raffles listed (by promotionId:raffleScheduleId), and when they arrived. */
interface KeptStatuses {
  raffles: string;
  at: number;
  statuses: (RaffleStatus | null)[];
}

/**
 * A status per raffle would be three or more calls on every view, beyond the player's six at once
 * (document 000 §7) beside the header's and the page's own reads: they are kept per player for as
 * long as the centre's facts, and no longer than the next start or end their own `time` announces
 * (a tip's countdown reaching zero reloads the page and must find the raffle started). Whether a
 * raffle is claimed changes by the player's claim, which forgets them (forgetRaffleStatuses).
 */
export const RAFFLE_STATUS_TTL_MS = 5_000;
const statusesByPlayer = playerMemo<KeptStatuses>(RAFFLE_STATUS_TTL_MS);

/** After the player's raffle claim (or its refusal), the next view reads every status anew. */
export function forgetRaffleStatuses(sessionId: string): void {
  statusesByPlayer.forget(sessionId);
}

const raffleIds = (list: readonly RaffleListItem[]) => list.map((r) => `${r.promotionId}:${r.raffleScheduleId}`).join(",");

/** Until when kept statuses still say what the tips show: the first start or end they announce. */
function keptUntil({ at, statuses }: KeptStatuses): number {
  const changes = statuses
    .filter((s): s is RaffleStatus => Boolean(s && !s.isClaimed && !s.hasEnded && typeof s.time === "number" && s.time > 0))
    .map((s) => at + (s.time as number));
  return Math.min(at + RAFFLE_STATUS_TTL_MS, ...changes);
}

async function readStatuses(request: Request, member: MemberContext, list: readonly RaffleListItem[]): Promise<KeptStatuses> {
  const statuses = await Promise.all(
    list.map((r) =>
      quietly(
        request,
        member.operator.call("raffleStatus", { body: { promotionId: r.promotionId, raffleScheduleId: r.raffleScheduleId } }),
      ),
    ),
  );
  return { raffles: raffleIds(list), at: Date.now(), statuses };
}

async function raffleStatuses(request: Request, member: MemberContext, list: readonly RaffleListItem[]): Promise<KeptStatuses> {
  const key = playerKey(member.operator);
  if (!key) return readStatuses(request, member, list);
  const load = () => readStatuses(request, member, list);
  let kept = await statusesByPlayer.get(key, load);
  if (kept.raffles !== raffleIds(list) || Date.now() >= keptUntil(kept)) {
    statusesByPlayer.forget(key);
    kept = await statusesByPlayer.get(key, load);
  }
  // A status the operator did not give is not kept: the next view asks again.
  if (kept.statuses.some((s) => s === null)) statusesByPlayer.forget(key);
  return kept;
}

/**
 * Reads of the promotion list under way, per player and language: the centre and its apply
 * dialog load side by side in one view and share the one read (a POST, which the client does not
 * coalesce). Nothing is kept once it is answered.
 */
const listsUnderWay = new Map<string, Promise<AnswerOf<"promotionList"> | null>>();
function promotionListOf(request: Request, operator: MemberContext["operator"]) {
  const player = playerKey(operator);
  if (!player) return quietly(request, operator.call("promotionList"));
  const key = `${player}|${operator.context.language}`;
  const underWay = listsUnderWay.get(key);
  if (underWay) return underWay;
  const read = quietly(request, operator.call("promotionList")).finally(() => listsUnderWay.delete(key));
  listsUnderWay.set(key, read);
  return read;
}

export async function loadRewardCentre(request: Request, member: MemberContext, tab: RewardTab, page: number) {
  const { operator } = member;
  const taskType = tab === "promoList" ? null : TASK_OF_TAB[tab];
  // The available promotions come with the centre's facts (the menu's badge reads them too), and
  // the claim list only where it is drawn: with the header's member info, balance, unread count
  // and payment confirmations, a view stays within the player's six calls at once, one wave.
  // Facts kept without them (the call failed) do not keep the summary empty: the page asks again.
  const [available, promotions, claims, tasks, raffles] = await Promise.all([
    member.facts.availablePromotions ?? quietly(request, operator.call("availablePromotions")),
    promotionListOf(request, operator),
    taskType
      ? null
      : quietly(
          request,
          askPaged(
            (pageNo) => operator.call("promotionClaimList", { body: { pageNo, pageSize: CLAIMS_PAGE_SIZE } }),
            page,
            CLAIMS_PAGE_SIZE,
          ),
        ),
    taskType ? quietly(request, operator.call("taskList", { body: { taskType } })) : Promise.resolve(null),
    // The statuses follow the raffle list at once (both kept per player), not after the whole wave.
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
  const shown = list.slice(0, 5);
  const { at, statuses } = await raffleStatuses(request, member, shown);
  // A kept status's time is counted from when it arrived.
  const elapsed = Date.now() - at;
  const tips: RaffleTip[] = [];
  shown.forEach((r, i) => {
    const s = statuses[i];
    if (!s || s.isClaimed || s.hasEnded || s.due) return;
    tips.push({
      promotionId: r.promotionId,
      raffleScheduleId: r.raffleScheduleId,
      title: r.title ?? "",
      prizeValue: r.prizeValue ?? null,
      startsInS: s.hasStarted ? null : Math.max(1, Math.ceil(((s.time ?? 0) - elapsed) / 1000)),
      once: newOnceKey(),
    });
  });
  return tips;
}

/**
 * The promotion a dialog applies for, when the player may claim it. `shared`: the dialog's loader,
 * which shares the centre's read of the list; a claim's post reads it on its own.
 */
export async function claimablePromotion(
  request: Request,
  member: MemberContext,
  id: number,
  { shared = false } = {},
): Promise<PromotionItem | null> {
  const promotions = await (shared ? promotionListOf(request, member.operator) : quietly(request, member.operator.call("promotionList")));
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
