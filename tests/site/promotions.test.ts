/**
 * /promotions and the activity centre /promotion against the reference operator: the category
 * tabs (only those that hold a promotion, in the operator's order, after "all"), ?t= keeping the
 * grid to one category (an unknown one is all), ?id= within it, and the buttons by offerLink.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { loggedIn, newBrowser } from "../support/browser";
import { startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let promotions: typeof import("~/routes/_content+/promotions");
let centre: typeof import("~/routes/_content+/promotion");

interface Page {
  promotions: { id: string; category: string; go: { href: string } | null }[];
  categories: { code: string; name: string; count: number }[];
  category: string | null;
  asked: string | null;
  missing: boolean;
  meta: { title: string };
}

beforeAll(async () => {
  operator = await startPortalEnv();
  promotions = await import("~/routes/_content+/promotions");
  centre = await import("~/routes/_content+/promotion");
});
afterAll(async () => {
  await operator.close();
});

describe("the activity centre's tabs", () => {
  it("lists the categories that hold promotions, after all, and keeps the grid to the one asked for", async () => {
    const guest = await newBrowser();
    const all = (await (await guest.get("/promotion", centre.loader)).json()) as Page;
    expect(all.meta.title).toBe("活动中心");
    expect(all.categories.map((c) => c.code)).toEqual(["ALL", "NEW", "DEPOSIT", "REBATE", "VIP"]);
    expect(all.categories[0]).toEqual({ code: "ALL", name: "全部", count: all.promotions.length });
    expect(all.category).toBeNull();
    for (const tab of all.categories.slice(1)) {
      const page = (await (await guest.get(`/promotion?t=${tab.code.toLowerCase()}`, centre.loader)).json()) as Page;
      expect(page.category).toBe(tab.code);
      expect(page.promotions.length).toBe(tab.count);
      expect(page.promotions.every((p) => p.category === tab.code)).toBe(true);
    }
    expect(all.categories.slice(1).reduce((sum, c) => sum + c.count, 0)).toBe(all.promotions.length);
  });

  it("takes an unknown or hostile category for all, and an ?id= outside the category as not found", async () => {
    const guest = await newBrowser();
    const total = ((await (await guest.get("/promotions", promotions.loader)).json()) as Page).promotions.length;
    for (const t of ["MOON", "<script>", "ALL", "x".repeat(5000), "%00"]) {
      const response = await guest.get(`/promotions?t=${encodeURIComponent(t)}`, promotions.loader);
      expect(response.status).toBe(200);
      const page = (await response.json()) as Page;
      expect(page.category).toBeNull();
      expect(page.promotions.length).toBe(total);
    }
    const vip = ((await (await guest.get("/promotions?t=VIP", promotions.loader)).json()) as Page).promotions[0];
    const deposit = (await (await guest.get(`/promotions?t=DEPOSIT&id=${vip.id}`, promotions.loader)).json()) as Page;
    expect(deposit.missing).toBe(true);
    expect(deposit.asked).toBeNull();
    const found = (await (await guest.get(`/promotions?t=VIP&id=${vip.id}`, promotions.loader)).json()) as Page;
    expect(found.asked).toBe(vip.id);
  });

  it("leads a guest through the login and a player straight to the promotion's page", async () => {
    const guest = (await (await (await newBrowser()).get("/promotion?t=NEW", centre.loader)).json()) as Page;
    const player = (await (await (await loggedIn("player01", "Player123")).get("/promotion?t=NEW", centre.loader)).json()) as Page;
    const hrefs = (page: Page) => page.promotions.map((p) => p.go?.href ?? null);
    expect(hrefs(guest)).toContain("/register");
    expect(hrefs(player)).toContain("/member/rewardCenter?tab=newbieTask");
    expect(hrefs(player).some((href) => href?.startsWith("/login"))).toBe(false);
  });
});
