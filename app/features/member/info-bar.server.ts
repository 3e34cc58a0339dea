/**
 * The member info bar (document 002, section 2): nickname with the level label in the label's
 * colour, the unread count (only with the mail centre, INBOX3), the balance with its buttons, and
 * sign out. Its calls go in the same wave as the centre's facts (member info is shared).
 */
import { getLocale } from "~/i18n/i18n.server";
import { loadSettings } from "~/features/site/site.server";
import { formatBalance } from "~/features/site/player.server";
import type { OpenedCentre } from "~/features/member/centre.server";
import { quietly } from "~/operator/operator.server";
import { loadUnreadCount, mailOn } from "~/features/member/inbox.server";
import { isBalanceHidden } from "~/server/preferences.server";

export interface InfoBar {
  account: string;
  nickname: string;
  vipLabel: string | null;
  /** The label's colour when it is a plain CSS colour (it lands in a style attribute). */
  vipColor: string | null;
  /** Unread messages of the last 7 days; null when the mail centre is off or the call failed. */
  unread: number | null;
  balance: string | null;
  balanceHidden: boolean;
}

const CSS_COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\(\s*\d{1,3}(\s*,\s*\d{1,3}){2}(\s*,\s*(0|1|0?\.\d+))?\s*\))$/i;

export function safeColour(value: string | null | undefined): string | null {
  return value && CSS_COLOUR.test(value.trim()) ? value.trim() : null;
}

/** Called beside the centre's facts: member info is the same call (in flight, so shared). */
export async function loadInfoBar(request: Request, centre: Pick<OpenedCentre, "operator" | "features" | "session">): Promise<InfoBar> {
  const { operator, features, session } = centre;
  const mail = mailOn(features);
  const [member, settings, balance, unread, hidden] = await Promise.all([
    quietly(request, operator.call("memberInfo")),
    loadSettings(await getLocale(request)),
    quietly(request, operator.call("balance")),
    mail ? loadUnreadCount(request, operator) : null,
    isBalanceHidden(request),
  ]);
  const label = member?.clubLabel;
  return {
    account: member?.account ?? session.get("account") ?? "",
    nickname: member?.nickname ?? session.get("nickname") ?? "",
    vipLabel: label?.labelName || null,
    vipColor: safeColour(label?.color),
    unread: mail ? unread : null,
    balance: formatBalance(balance, settings),
    balanceHidden: hidden,
  };
}
