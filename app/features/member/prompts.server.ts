/**
 * What a player's every page may show besides the page (document 002, section 4): the bonus
 * pop-up, the unread count of the header (with the mail centre on) and the payment confirmations
 * waiting for an answer. Members and agents (isAgent 0, 1, 2) get promotions; trial accounts and the
 * agent-menu types 40–42 skip these background calls. The contract requests (consolidated
 * funds) come in the same wave: their badge, and the dialog that opens by itself once a visit. Each call is quiet and throttled per
 * player by its own loader, so the root loader can ask on every view, in its one wave.
 */
import type { Locale } from "~/i18n/config";
import { loadFeatures } from "~/features/site/site.server";
import { loadBonusPopup, type BonusPopupData } from "~/features/member/bonus.server";
import type { BoundOperator } from "~/operator/operator.server";
import { loadUnreadCount, mailOn } from "~/features/member/inbox.server";
import { loadPendingConfirmations } from "~/features/member/payment-confirmation.server";
import { loadContracts, pendingOf, shownContracts } from "~/features/contracts/contracts.server";

/** Member types that get promotions and the payment confirmation check. */
export const PROMOTED_TYPES: readonly number[] = [0, 1, 2];

export interface PlayerPrompts {
  bonus: BonusPopupData | null;
  /** Unread messages of the last 7 days; null when the mail centre is off or unknown. */
  unread: number | null;
  /** Payment confirmations waiting for the player's answer. */
  confirmations: number;
  /** Contract requests: those waiting (P, E), all listed, and whether the dialog opens by itself (once per visit). */
  contracts: { pending: number; total: number; autoOpen: boolean };
}

const NONE: PlayerPrompts = { bonus: null, unread: null, confirmations: 0, contracts: { pending: 0, total: 0, autoOpen: false } };

export async function loadPlayerPrompts(
  request: Request,
  operator: BoundOperator,
  isAgent: number | null,
  locale: Locale,
  contractsSeen = false,
): Promise<PlayerPrompts> {
  if (isAgent === null || !PROMOTED_TYPES.includes(isAgent)) return NONE;
  const features = await loadFeatures(locale).catch(() => null);
  if (!features) return NONE;
  const promotions = features.has("PROMO3") && features.has("REWCEN3");
  const [bonus, unread, confirmations, contractList] = await Promise.all([
    promotions ? loadBonusPopup(request, operator) : null,
    mailOn(features) ? loadUnreadCount(request, operator) : null,
    loadPendingConfirmations(request, operator),
    loadContracts(request, operator),
  ]);
  const contracts = shownContracts(contractList, features);
  const pending = pendingOf(contracts);
  return {
    bonus,
    unread,
    confirmations: confirmations?.length ?? 0,
    contracts: { pending, total: contracts.length, autoOpen: pending > 0 && !contractsSeen },
  };
}
