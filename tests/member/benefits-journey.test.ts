/**
 * The benefit pages through their route modules, against the reference operator's benefits
 * area: rank progress for a labelled and an unlabelled member, rates as percentages, the manual
 * rebate claimed once into the main wallet, the referral QR, missions and the daily salary.
 */
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { loggedIn } from "../support/browser";
import { startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let rank: typeof import("~/routes/member+/playerRank");
let referral: typeof import("~/routes/member+/referral");
let bonus: typeof import("~/routes/member+/bonusDetails");
let rebate: typeof import("~/routes/member+/manualRebate");
let missions: typeof import("~/routes/member+/missionLeaderboard");
let salary: typeof import("~/routes/member+/playerMRDailySalary");
let layout: typeof import("~/routes/member+/_layout");

beforeAll(async () => {
  operator = await startPortalEnv();
  rank = await import("~/routes/member+/playerRank");
  referral = await import("~/routes/member+/referral");
  bonus = await import("~/routes/member+/bonusDetails");
  rebate = await import("~/routes/member+/manualRebate");
  missions = await import("~/routes/member+/missionLeaderboard");
  salary = await import("~/routes/member+/playerMRDailySalary");
  layout = await import("~/routes/member+/_layout");
});

afterAll(async () => {
  await operator.close();
});

const mainOf = async (username: string) =>
  ((await (await fetch(`${operator.url}/__reference/wallets?username=${username}`)).json()) as { value: { main: string } }).value.main;

describe("player rank", () => {
  it("is completedConditions / totalExpectedConditions with a label, and full without one", async () => {
    expect(rank.rankProgress({ labelId: 3, completedConditions: 2, totalExpectedConditions: 3 })).toBeCloseTo(2 / 3);
    expect(rank.rankProgress({ labelId: null, completedConditions: 0, totalExpectedConditions: 0 })).toBe(1);
    const gold = await (await (await loggedIn("player01", "Player123")).get("/member/playerRank", rank.loader)).json();
    expect(gold).toMatchObject({ label: "Gold", completed: 2, expected: 3 });
    expect(gold.progress).toBeCloseTo(2 / 3);
    expect(gold.colour).toMatch(/^#/);
    const plain = await (await (await loggedIn("plain01", "Plain1234")).get("/member/playerRank", rank.loader)).json();
    expect(plain).toMatchObject({ label: null, progress: 1 });
  });
});

describe("rebates", () => {
  it("shows bonus details only to a member with a rebate, rates as percent with two decimals", async () => {
    const player = await loggedIn("player01", "Player123");
    const data = await (await player.get("/member/bonusDetails", bonus.loader)).json();
    expect(data.rates.find((r: { productType: string }) => r.productType === "RNG").percent).toBe("1.20%");
    expect(data.rates.find((r: { productType: string }) => r.productType === "LIVE").percent).toBe("0.80%");
    expect(data.bonuses.length).toBeGreaterThan(0);
    const plain = await loggedIn("plain01", "Plain1234");
    const menu = (await (await plain.get("/member", layout.loader)).json()).menu.flatMap((g: { routeKeys: string[] }) => g.routeKeys);
    expect(menu).not.toContain("bonusDetails");
    expect((await plain.get("/member/bonusDetails", bonus.loader)).status).toBe(303);
  });

  it("claims a product's waiting rebate into the main wallet once, however often the form is posted", async () => {
    const agent = await loggedIn("agent001", "Agent1234");
    const page = await (await agent.get("/member/manualRebate", rebate.loader)).json();
    const live = page.rows.find((r: { productType: string }) => r.productType === "LIVE");
    expect(live.claimable).toBe(true);
    expect(live.percent).toBe("0.80%");
    const before = Number(await mainOf("agent001"));
    const pending = Number(live.pending.replace(/[^\d.]/g, ""));
    const fields = { productType: "LIVE", once: live.once };
    const answers = await Promise.all([0, 1].map(() => agent.post("/member/manualRebate", fields, rebate.action)));
    const again = await agent.post("/member/manualRebate", fields, rebate.action);
    expect([...answers, again].map((a) => a.status)).toEqual([303, 303, 303]);
    expect(Number(await mainOf("agent001"))).toBeCloseTo(before + pending, 2);
    const after = await (await agent.get("/member/manualRebate", rebate.loader)).json();
    expect(after.rows.find((r: { productType: string }) => r.productType === "LIVE").claimable).toBe(false);
    // Nothing left: the operator's refusal, not a second claim.
    const empty = await agent.post("/member/manualRebate", { productType: "LIVE", once: after.rows[0].once }, rebate.action);
    expect(empty.status).toBe(400);
  });
});

describe("referral", () => {
  it("gives the link, the code and a QR code of the link", async () => {
    const player = await loggedIn("player01", "Player123");
    const data = await (await player.get("/member/referral", referral.loader)).json();
    expect(data.link).toContain(`referralCode=${data.code}`);
    expect(data.qr.startsWith("<svg")).toBe(true);
    // The same link drawn by the library again gives the same picture.
    expect(data.qr).toBe(
      await QRCode.toString(data.link, { type: "svg", errorCorrectionLevel: "M", margin: 1, color: { dark: "#0b1020", light: "#ffffff" } }),
    );
  });
});

describe("missions and salary", () => {
  it("lists missions with their progress and the leaderboard with the player's place", async () => {
    const player = await loggedIn("player01", "Player123");
    const list = await (await player.get("/member/missionLeaderboard", missions.loader)).json();
    expect(list.missions.length).toBe(4);
    for (const m of list.missions) expect(m.percent).toBe(Math.min(100, Math.round((m.progress / m.target) * 100)));
    const board = await (await player.get("/member/missionLeaderboard?tab=leaderboard", missions.loader)).json();
    expect(board.board[0].rank).toBe(1);
    expect(board.mine.rank).toBeGreaterThan(10);
  });

  it("pages the daily salary ten days at a time", async () => {
    const player = await loggedIn("player01", "Player123");
    const first = await (await player.get("/member/playerMRDailySalary", salary.loader)).json();
    expect(first.rows).toHaveLength(10);
    expect(first.totalPages).toBe(5);
    expect(first.tiers.map((t: { rate: string }) => t.rate)).toEqual(["0.10%", "0.20%", "0.30%"]);
    const last = await (await player.get("/member/playerMRDailySalary?page=5", salary.loader)).json();
    expect(last.rows).toHaveLength(5);
  });
});
