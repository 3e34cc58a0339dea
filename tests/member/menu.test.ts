/**
 * The member centre's menu rules (document 002, sections 2 and 6) and where promotion types lead.
 */
import { describe, expect, it } from "vitest";
import { memberMenu, pageOpen, type MenuFacts } from "~/features/member/menu";
import { memberHref, promotionPage, ROUTE_KEYS, type RouteKey } from "~/features/member/routes";
import { promotionFlags } from "~/features/member/centre.server";

const ALL_ON = [
  "DEPOSIT",
  "WITHDRAW",
  "AGETRANSFERUP3",
  "REWCEN3",
  "MAILCEN",
  "INBOX3",
  "MANPLAYREB3",
  "DAYSALMR",
  "FEEDBACK3",
  "PTSYS3",
  "MYWALL",
  "PLYRBT",
];

function facts(over: Partial<MenuFacts> = {}, off: string[] = [], on: string[] = []): MenuFacts {
  const switches = new Set([...ALL_ON, ...on].filter((s) => !off.includes(s)));
  return {
    isAgent: 0,
    toUpline: false,
    isSingle: false,
    features: { has: (code: string) => switches.has(code) },
    referralEnabled: true,
    missionEnabled: true,
    hasRebate: true,
    ...over,
  };
}

const shown = (f: MenuFacts): RouteKey[] => memberMenu(f).flatMap((g) => g.routeKeys);

describe("member centre menu", () => {
  it("shows a member every page the switches allow, in the menu's order", () => {
    expect(shown(facts())).toEqual(ROUTE_KEYS.filter((k) => k !== "transferUpline"));
  });

  it("hides the points mall when PTSYS3 is off", () => {
    expect(shown(facts({}, ["PTSYS3"]))).not.toContain("pointMall");
    expect(pageOpen("pointMall", facts({}, ["PTSYS3"]))).toBe(false);
  });

  it("hides transferFund for a single-wallet merchant", () => {
    expect(shown(facts({ isSingle: true }))).not.toContain("transferFund");
  });

  it("hides deposit and withdraw when the credit margin switch is on, or their own switch is off", () => {
    expect(shown(facts({}, [], ["CREDITMAR3"]))).not.toContain("depositv2");
    expect(shown(facts({}, [], ["CREDITMAR3"]))).not.toContain("withdraw");
    expect(shown(facts({}, ["DEPOSIT"]))).not.toContain("depositv2");
    expect(shown(facts({}, ["DEPOSIT"]))).toContain("withdraw");
    expect(shown(facts({}, ["WITHDRAW"]))).not.toContain("withdraw");
  });

  it("offers referral only to member type 0 with the referral promotion on", () => {
    expect(pageOpen("referral", facts({ isAgent: 0 }))).toBe(true);
    expect(pageOpen("referral", facts({ isAgent: 1 }))).toBe(false);
    expect(pageOpen("referral", facts({ isAgent: 2 }))).toBe(false);
    expect(pageOpen("referral", facts({ referralEnabled: false }))).toBe(false);
  });

  it("shows bonus details only with a rebate, missions only with the mission promotion on", () => {
    expect(pageOpen("bonusDetails", facts({ hasRebate: false }))).toBe(false);
    expect(pageOpen("missionLeaderboard", facts({ missionEnabled: false }))).toBe(false);
  });

  it("needs toUpline 1, isAgent not 2 and AGETRANSFERUP3 for the transfer to the upline", () => {
    expect(pageOpen("transferUpline", facts({ toUpline: true, isAgent: 0 }))).toBe(true);
    expect(pageOpen("transferUpline", facts({ toUpline: true, isAgent: 1 }))).toBe(true);
    expect(pageOpen("transferUpline", facts({ toUpline: true, isAgent: 2 }))).toBe(false);
    expect(pageOpen("transferUpline", facts({ toUpline: false }))).toBe(false);
    expect(pageOpen("transferUpline", facts({ toUpline: true }, ["AGETRANSFERUP3"]))).toBe(false);
  });

  it("lets the switches hide daily salary, reward centre, mail (MAILCEN or INBOX3), manual rebate and feedback", () => {
    const pairs: [string, RouteKey][] = [
      ["DAYSALMR", "playerMRDailySalary"],
      ["REWCEN3", "rewardCenter"],
      ["MAILCEN", "messageV2"],
      ["INBOX3", "messageV2"],
      ["MANPLAYREB3", "manualRebate"],
      ["FEEDBACK3", "feedback"],
      ["MYWALL", "transferFund"],
      ["PLYRBT", "bonusDetails"],
    ];
    for (const [code, key] of pairs) {
      expect(shown(facts())).toContain(key);
      expect(shown(facts({}, [code]))).not.toContain(key);
    }
  });

  it("leaves out a group with no page open", () => {
    const bare = memberMenu(
      facts({ hasRebate: false, referralEnabled: false, missionEnabled: false }, ["REWCEN3", "MANPLAYREB3", "DAYSALMR", "PTSYS3"]),
    );
    expect(bare.map((g) => g.title)).toEqual([
      "member_group_wallet",
      "member_group_records",
      "member_group_rewards",
      "member_group_service",
    ]);
    expect(bare.find((g) => g.title === "member_group_rewards")?.routeKeys).toEqual(["playerRank"]);
  });
});

describe("promotion pages", () => {
  const on = { depositOn: true, vipBenefitsShown: true };
  it("sends each promotion type to its page", () => {
    expect(promotionPage("LOGIN", on)).toBe("signInTask");
    expect(promotionPage("REGISTER", on)).toBe("newbieTask");
    expect(promotionPage("SAVIOR", on)).toBe("depositv2");
    expect(promotionPage("SAVIOR", { ...on, depositOn: false })).toBe("rescueTask");
    expect(promotionPage("UPGRADE", on)).toBe("playerRank");
    expect(promotionPage("UPGRADE", { ...on, vipBenefitsShown: false })).toBeNull();
    expect(promotionPage("REFERRAL", on)).toBe("referral");
    expect(promotionPage("MISSION", on)).toBe("missionLeaderboard");
    expect(promotionPage("MANUAL", on)).toBe("rewardCenter");
  });

  it("folds the reward centre's tabs into its address", () => {
    expect(memberHref("signInTask")).toBe("/member/rewardCenter?tab=signInTask");
    expect(memberHref("transferFund", { from: "AGL" })).toBe("/member/transferFund?from=AGL");
    expect(memberHref("playerRank")).toBe("/member/playerRank");
  });
});

describe("available promotions as the menu reads them", () => {
  it("sums the counted types and reads MISSION and REFERRAL as count and enabled", () => {
    const flags = promotionFlags({
      MANUAL: 2,
      RAFFLE: { count: 1 },
      LOGIN: "3",
      TICKET: -4,
      OTHER: 9,
      MISSION: { count: 5, enabled: true },
      REFERRAL: { count: 0, enabled: "N" },
    });
    expect(flags.available).toBe(6);
    expect(flags.mission).toEqual({ count: 5, enabled: true });
    expect(flags.referral).toEqual({ count: 0, enabled: false });
  });

  it("reads nothing from an answer that is not an object", () => {
    for (const value of [null, undefined, [], "x", 3]) {
      expect(promotionFlags(value)).toEqual({
        available: 0,
        mission: { count: 0, enabled: false },
        referral: { count: 0, enabled: false },
      });
    }
  });
});

describe("promotion links", () => {
  it("leads each type to its page when that page is open to the player", async () => {
    const { promotionLinks } = await import("~/features/member/centre.server");
    const base = { ...facts(), member: null, availableCount: 0, missionCount: null, vipBenefitsShown: true };
    const links = promotionLinks(base);
    expect(links.LOGIN).toBe("/member/rewardCenter?tab=signInTask");
    expect(links.REGISTER).toBe("/member/rewardCenter?tab=newbieTask");
    expect(links.SAVIOR).toBe("/member/depositv2");
    expect(links.REFERRAL).toBe("/member/referral");
    expect(links.MISSION).toBe("/member/missionLeaderboard");
    expect(links.MANUAL).toBe("/member/rewardCenter");
    // Deposits off: the rescue promotion opens its task tab; an agent has no referral page.
    const noDeposit = promotionLinks({ ...base, features: { has: (code: string) => code !== "DEPOSIT" && code !== "CREDITMAR3" } });
    expect(noDeposit.SAVIOR).toBe("/member/rewardCenter?tab=rescueTask");
    expect(promotionLinks({ ...base, isAgent: 1 }).REFERRAL).toBeUndefined();
  });
});
