/**
 * What a player's every page may show besides the page (document 002, section 4): the bonus
 * pop-up. Members and agents (isAgent 0, 1, 2) get promotions; trial accounts and the
 * agent-menu types 40–42 skip these background calls. Each call is quiet and throttled per
 * player by its own loader, so the root loader can ask on every view, in its one wave.
 */
import type { Locale } from "~/i18n/config";
import { loadFeatures } from "~/features/site/site.server";
import { loadBonusPopup, type BonusPopupData } from "~/features/member/bonus.server";
import type { BoundOperator } from "~/operator/operator.server";

/** Member types that get promotions and the payment confirmation check. */
export const PROMOTED_TYPES: readonly number[] = [0, 1, 2];

export interface PlayerPrompts {
  bonus: BonusPopupData | null;
}

export async function loadPlayerPrompts(
  request: Request,
  operator: BoundOperator,
  isAgent: number | null,
  locale: Locale,
): Promise<PlayerPrompts> {
  if (isAgent === null || !PROMOTED_TYPES.includes(isAgent)) return { bonus: null };
  const features = await loadFeatures(locale).catch(() => null);
  const promotions = Boolean(features?.has("PROMO3") && features.has("REWCEN3"));
  const [bonus] = await Promise.all([promotions ? loadBonusPopup(request, operator) : null]);
  return { bonus };
}
