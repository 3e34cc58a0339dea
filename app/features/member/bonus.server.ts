/**
 * The bonus pop-up's data (document 002, section 5: 'congrats', a join button to the reward
 * centre): shown while the player has a claimable promotion they have not yet seen. Seen ids
 * live in the `bonus_seen` cookie (a preference of this browser, read through a schema), written
 * when the player dismisses the pop-up (/resources/bonus-seen) or opens the reward centre.
 */
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { promotionFlags } from "~/features/member/centre.server";
import { quietly, type BoundOperator } from "~/operator/operator.server";
import { readCookie } from "~/server/cookies.server";
import { playerMemo } from "~/server/state/memo.server";

export const bonusSeenCookie = createCookie("bonus_seen", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 30 * 24 * 60 * 60,
});

/** At most this many ids are remembered (the newest). */
const MAX_SEEN = 50;
const idList = z
  .string()
  .max(1000)
  .transform((s) =>
    [
      ...new Set(
        s
          .split(".")
          .filter((x) => /^\d{1,12}$/.test(x))
          .map(Number),
      ),
    ].slice(-MAX_SEEN),
  );

export interface BonusPopupData {
  /** The available-promotion count, the reward centre's (shown while some are not yet seen). */
  count: number;
  /** Their titles (at most three) for the pop-up's text. */
  titles: string[];
  /** Every claimable id: dismissing marks them all as seen. */
  ids: string;
}

export const parseIds = (value: string | null | undefined): number[] => {
  const parsed = idList.safeParse(value ?? "");
  return parsed.success ? parsed.data : [];
};

export async function seenIds(request: Request): Promise<number[]> {
  return (await readCookie(bonusSeenCookie, request, idList)) ?? [];
}

/** The Set-Cookie that adds `ids` to the seen ones; null when nothing is new. */
export async function seenCookieWith(request: Request, ids: readonly number[]): Promise<string | null> {
  const seen = await seenIds(request);
  const fresh = ids.filter((id) => !seen.includes(id));
  if (fresh.length === 0) return null;
  return bonusSeenCookie.serialize([...seen, ...fresh].slice(-MAX_SEEN).join("."));
}

type Listed = { id: number; claimable?: boolean | null; claimStatus?: string | null; title?: string | null };
const isClaimable = (p: Listed) => p.claimable !== false && p.claimStatus !== "PENDING" && p.claimStatus !== "APPROVED";

/** The reward centre marks what it showed as seen. */
export function markBonusSeen(request: Request, promotions: readonly Listed[] | null): Promise<string | null> {
  return seenCookieWith(
    request,
    (promotions ?? []).filter(isClaimable).map((p) => p.id),
  );
}

/** The spec polls a player's promotions every 5 minutes (document 002, section 4). */
const PROMOTION_POLL_MS = 300_000;
const promotionsByPlayer = playerMemo<Awaited<ReturnType<typeof listPromotions>>>(PROMOTION_POLL_MS);
const listPromotions = async (request: Request, operator: BoundOperator) => {
  const [list, available] = await Promise.all([
    quietly(request, operator.call("promotionList")),
    quietly(request, operator.call("availablePromotions")),
  ]);
  return { list: list?.list ?? null, available };
};

/**
 * The pop-up for a player (null for a guest, when nothing is new, or when the call fails). Drawn
 * on every page, so the lists are asked for at most every 5 minutes per player. Its count is the
 * available-promotion count (document 002 §3), summed by promotionFlags as the reward centre and
 * the menu's badge sum it: running raffles count too, though they are claimed on their tip, not
 * from the list whose ids say what is new.
 */
export async function loadBonusPopup(request: Request, operator: BoundOperator): Promise<BonusPopupData | null> {
  if (!operator.context.token) return null;
  const key = operator.context.clientKey ?? operator.context.token;
  const { list, available } = await promotionsByPlayer.get(key, () => listPromotions(request, operator));
  const claimable = (list ?? []).filter(isClaimable);
  const seen = await seenIds(request);
  const unseen = claimable.filter((p) => !seen.includes(p.id));
  const count = available ? promotionFlags(available).available : claimable.length;
  if (unseen.length === 0 || count === 0) return null;
  return {
    count,
    titles: unseen
      .slice(0, 3)
      .map((p) => p.title ?? "")
      .filter(Boolean),
    ids: claimable.map((p) => p.id).join("."),
  };
}
