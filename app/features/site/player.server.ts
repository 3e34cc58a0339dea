/**
 * The player's own figures shown around the site (header, home, member centre): member info and
 * balance, fetched together. Both are background calls: when one fails the page still draws,
 * with what the session knew at login.
 */
import type { Balance } from "~/operator/answers";
import { quietly, type BoundOperator } from "~/operator/operator.server";
import { merchantMoney, type MerchantCurrency } from "~/lib/money";
import type { PortalSession } from "~/server/session.server";

export interface PlayerSummary {
  account: string;
  nickname: string;
  /** VIP status is whether clubLabel has a labelName (document 000, section 3). */
  vipLabel: string | null;
  balance: string | null;
}

/**
 * Member info and balance in one wave. The caller awaits it beside the settings (whose currency
 * the balance is drawn in), so a page view makes one round of parallel calls.
 */
export async function loadPlayerFigures(request: Request, operator: BoundOperator) {
  const [member, balance] = await Promise.all([quietly(request, operator.call("memberInfo")), quietly(request, operator.call("balance"))]);
  return { member, balance };
}

export function playerSummary(
  session: PortalSession,
  figures: Awaited<ReturnType<typeof loadPlayerFigures>>,
  settings: MerchantCurrency,
): PlayerSummary {
  const { member, balance } = figures;
  return {
    account: member?.account ?? session.get("account") ?? "",
    nickname: member?.nickname ?? session.get("nickname") ?? "",
    vipLabel: member?.clubLabel?.labelName || null,
    balance: formatBalance(balance, settings),
  };
}

/** The balance as the header and the info bar draw it: the sum, in the merchant's currency and position. */
export function formatBalance(balance: Balance | null, settings: MerchantCurrency): string | null {
  if (!balance) return null;
  // The balance names its own symbol; its figure is a sum.
  return merchantMoney(settings, balance).sum(balance.sumBalance ?? balance.balance);
}
