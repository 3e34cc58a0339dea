import { describe, expect, it } from "vitest";
import { executionsFor, popupGo } from "~/features/content/publicity.server";

describe("publicity pop-ups", () => {
  it("shows F only after a first login, A after every login", () => {
    expect(executionsFor(true)).toEqual(["A", "F"]);
    expect(executionsFor(false)).toEqual(["A"]);
  });

  it("leads each redirect to its page, an outside address only when the operator gave one, and none to nowhere", () => {
    const go = (redirect: string, externalLink: string | null = null) => popupGo({ redirect, externalLink });
    expect(go("APP_DOWNLOAD")).toEqual({ href: "/download", external: false });
    expect(go("DEPOSIT")).toEqual({ href: "/member/depositv2", external: false });
    expect(go("REGISTER")).toEqual({ href: "/member/rewardCenter?tab=newbieTask", external: false });
    expect(go("REDIRECT_URL", "https://example.com/vip")).toEqual({ href: "https://example.com/vip", external: true });
    expect(go("REDIRECT_URL")).toBeNull();
    expect(go("")).toBeNull();
    expect(go("SOMETHING_NEW")).toEqual({ href: "/member/rewardCenter", external: false });
  });
});
