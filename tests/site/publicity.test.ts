import { describe, expect, it } from "vitest";
import { offerLink } from "~/features/content/content.server";
import { executionsFor } from "~/features/content/publicity.server";

describe("publicity pop-ups", () => {
  it("shows F only after a first login, A after every login", () => {
    expect(executionsFor(true)).toEqual(["A", "F"]);
    expect(executionsFor(false)).toEqual(["A"]);
  });

  it("leads each redirect to its page, an outside address only when the operator gave one, and none to nowhere", () => {
    const go = (redirect: string, externalLink: string | null = null) => offerLink({ redirect, externalLink }, true);
    expect(go("APP_DOWNLOAD")).toEqual({ href: "/download", external: false });
    expect(go("DEPOSIT")).toEqual({ href: "/member/depositv2", external: false });
    expect(go("REGISTER")).toEqual({ href: "/member/rewardCenter?tab=newbieTask", external: false });
    expect(go("REWARD_CENTER")).toEqual({ href: "/member/rewardCenter", external: false });
    expect(go("MISSION")).toEqual({ href: "/member/missionLeaderboard", external: false });
    expect(go("INVITE_FRIENDS")).toEqual({ href: "/member/referral", external: false });
    expect(go("MEMBER")).toEqual({ href: "/member", external: false });
    expect(go("POINT_MARKET")).toEqual({ href: "/member/pointMall", external: false });
    expect(go("REDIRECT_URL", "https://example.com/vip")).toEqual({ href: "https://example.com/vip", external: true });
    expect(go("REDIRECT_URL")).toBeNull();
    expect(go("")).toBeNull();
    expect(go("SOMETHING_NEW")).toBeNull();
  });

  it("leads a promotion by its type, and a guest through the login or to registration", () => {
    expect(offerLink({ redirect: "", promotionType: "REFERRAL" }, true)).toEqual({ href: "/member/referral", external: false });
    expect(offerLink({ redirect: "", promotionType: "SAVIOR" }, true)).toEqual({ href: "/member/depositv2", external: false });
    expect(offerLink({ redirect: "REDIRECT_URL", externalLink: null, promotionType: "MISSION" }, true)).toEqual({
      href: "/member/missionLeaderboard",
      external: false,
    });
    expect(offerLink({ redirect: "", promotionType: "MISSION" }, false)).toEqual({
      href: "/login?redirectTo=%2Fmember%2FmissionLeaderboard",
      external: false,
    });
    expect(offerLink({ redirect: "", promotionType: "REGISTER" }, false)).toEqual({ href: "/register", external: false });
    expect(offerLink({ redirect: "REGISTER" }, false)).toEqual({ href: "/register", external: false });
    // A promotion's type decides over its redirect value: where one takes part in it.
    expect(offerLink({ redirect: "POINT_MARKET", promotionType: "LOGIN" }, true)).toEqual({
      href: "/member/rewardCenter?tab=signInTask",
      external: false,
    });
    expect(offerLink({ redirect: "APP_DOWNLOAD" }, false)).toEqual({ href: "/download", external: false });
  });
});
