/**
 * Which pages the member centre's left menu shows (document 002, sections 2 and 6). One function,
 * so the menu, the pages' own refusals and the tests read the same rules.
 */
import type { Features } from "~/lib/features";
import { MENU_GROUPS, type RouteKey } from "~/features/member/routes";

export interface MenuFacts {
  isAgent: number;
  /** Member info's toUpline: the member may send money to an upline. */
  toUpline: boolean;
  /** The merchant keeps one wallet (GCS_merchantWallet isSingle 1): no transfers between wallets. */
  isSingle: boolean;
  features: Pick<Features, "has">;
  /** The referral and mission promotions' enabled flags (available promotions). */
  referralEnabled: boolean;
  missionEnabled: boolean;
  /** The player has a rebate (getRebate answered one). */
  hasRebate: boolean;
}

/** The deposit page (and the header's Deposit): DEPOSIT on, unless the credit margin replaces it. */
export function depositOpen(features: Pick<Features, "has">): boolean {
  return !features.has("CREDITMAR3") && features.has("DEPOSIT");
}

/** Whether one page is open to this player: the menu shows it and its route serves it. */
export function pageOpen(routeKey: RouteKey, f: MenuFacts): boolean {
  const creditMargin = f.features.has("CREDITMAR3");
  switch (routeKey) {
    case "transferFund":
      // MYWALL is "My wallet": this page, its transfers and the info bar's wallet list (decision 037).
      return !f.isSingle && f.features.has("MYWALL");
    case "depositv2":
      return depositOpen(f.features);
    case "withdraw":
      return !creditMargin && f.features.has("WITHDRAW");
    case "transferUpline":
      return f.toUpline && f.isAgent !== 2 && f.features.has("AGETRANSFERUP3");
    case "rewardCenter":
      return f.features.has("REWCEN3");
    case "referral":
      return f.isAgent === 0 && f.referralEnabled;
    case "bonusDetails":
      // PLYRBT is the player rebate: its rates and paid rebates (getRebate) on this page (decision 037).
      return f.hasRebate && f.features.has("PLYRBT");
    case "missionLeaderboard":
      return f.missionEnabled;
    case "messageV2":
      // The mail centre needs both: MAILCEN the centre, INBOX3 the inbox module its calls use.
      return f.features.has("INBOX3") && f.features.has("MAILCEN");
    case "manualRebate":
      return f.features.has("MANPLAYREB3");
    case "playerMRDailySalary":
      return f.features.has("DAYSALMR");
    case "feedback":
      return f.features.has("FEEDBACK3");
    case "pointMall":
      return f.features.has("PTSYS3");
    default:
      return true;
  }
}

export interface MenuGroup {
  title: string;
  routeKeys: RouteKey[];
}

/** The left menu: its groups with only the pages open to the player; empty groups left out. */
export function memberMenu(facts: MenuFacts): MenuGroup[] {
  return MENU_GROUPS.map((g) => ({ title: g.title, routeKeys: g.routeKeys.filter((k) => pageOpen(k, facts)) })).filter(
    (g) => g.routeKeys.length > 0,
  );
}
