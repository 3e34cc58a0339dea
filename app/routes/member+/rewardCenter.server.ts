/**
 * The reward centre's query (?tab, ?page) and its posts (a task's request, a raffle's claim): zod,
 * read by the loader and the action only. Apart from the route module so that zod stays out of its
 * browser chunk (a module-level schema would keep it there).
 */
import { z } from "zod";
import { pageParam } from "~/lib/page-number";
import { REWARD_TABS } from "~/features/member/routes";

export const querySchema = z.object({
  tab: z.enum(REWARD_TABS).catch("promoList"),
  page: pageParam,
});

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const postSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("requestTask"), tab: z.enum(REWARD_TABS).catch("promoList"), taskId: id }),
  z.object({ intent: z.literal("claimRaffle"), tab: z.enum(REWARD_TABS).catch("promoList"), promotionId: id, raffleScheduleId: id }),
]);
