/**
 * The member centre's pages by the spec's route keys (document 002, section 2): each is
 * /member/{routeKey}. The points mall (pointMall) has pages of its own under /member/pointMall/.
 */
export const MEMBER_PATH = "/member";

export const ROUTE_KEYS = [
  "securityCenter",
  "transferFund",
  "depositv2",
  "withdraw",
  "transferUpline",
  "personalHistoryCopy",
  "transactionHistory",
  "personalProfit",
  "rewardCenter",
  "referral",
  "bonusDetails",
  "missionLeaderboard",
  "manualRebate",
  "playerMRDailySalary",
  "playerRank",
  "pointMall",
  "messageV2",
  "feedback",
] as const;

export type RouteKey = (typeof ROUTE_KEYS)[number];

/** Tabs folded into the reward centre (?tab=…): their own keys still lead there. */
export const REWARD_TABS = ["promoList", "signInTask", "newbieTask", "rescueTask"] as const;
export type RewardTab = (typeof REWARD_TABS)[number];

/** The left menu's groups, in the order a player reads them. */
export const MENU_GROUPS: readonly { title: string; routeKeys: readonly RouteKey[] }[] = [
  { title: "member_group_wallet", routeKeys: ["securityCenter", "transferFund", "depositv2", "withdraw", "transferUpline"] },
  { title: "member_group_records", routeKeys: ["personalHistoryCopy", "transactionHistory", "personalProfit"] },
  {
    title: "member_group_rewards",
    routeKeys: [
      "rewardCenter",
      "referral",
      "bonusDetails",
      "missionLeaderboard",
      "manualRebate",
      "playerMRDailySalary",
      "playerRank",
      "pointMall",
    ],
  },
  { title: "member_group_service", routeKeys: ["messageV2", "feedback"] },
];

export function isRouteKey(value: string): value is RouteKey {
  return (ROUTE_KEYS as readonly string[]).includes(value);
}

export function memberHref(routeKey: RouteKey | RewardTab, search?: Record<string, string>): string {
  if ((REWARD_TABS as readonly string[]).includes(routeKey)) {
    return `${MEMBER_PATH}/rewardCenter?${new URLSearchParams({ tab: routeKey, ...search })}`;
  }
  const query = search && Object.keys(search).length ? `?${new URLSearchParams(search)}` : "";
  return `${MEMBER_PATH}/${routeKey}${query}`;
}

/** The translation key of a page's name in the menu and its title. */
export const titleKey = (routeKey: RouteKey) => `member_page_${routeKey}`;

/**
 * The page a promotion type opens (document 002, section 2). Savior (rescue) opens the deposit
 * page where deposits are on, else the reward centre; the upgrade bonus opens the player rank
 * only when VIP benefits show (clubLabel.type AUTO), else nothing.
 */
export function promotionPage(type: string, facts: { depositOn: boolean; vipBenefitsShown: boolean }): RouteKey | RewardTab | null {
  switch (type.toUpperCase()) {
    case "LOGIN":
    case "SIGNIN":
      return "signInTask";
    case "REGISTER":
      return "newbieTask";
    case "SAVIOR":
      return facts.depositOn ? "depositv2" : "rescueTask";
    case "UPGRADE":
    case "UPGRADE_BONUS":
      return facts.vipBenefitsShown ? "playerRank" : null;
    case "REFERRAL":
      return "referral";
    case "MISSION":
    case "MISSION_MANUAL":
      return "missionLeaderboard";
    default:
      return "rewardCenter";
  }
}

const inCentre = (pathname: string) => pathname === MEMBER_PATH || pathname.startsWith(`${MEMBER_PATH}/`);
const inMessage = (pathname: string) => pathname.startsWith(`${MEMBER_PATH}/messageV2/`);

/**
 * Navigations after which the unread count (header, info bar, inbox) is read again, though their
 * routes' addresses did not change: closing the member centre (document 002: closing refreshes
 * the unread count), opening a message (its address reads it first, inbox.server.ts) and closing
 * one.
 */
export function refreshesUnread(current: URL, next: URL): boolean {
  return (
    (inCentre(current.pathname) && !inCentre(next.pathname)) ||
    ((inMessage(current.pathname) || inMessage(next.pathname)) && next.pathname !== current.pathname)
  );
}
