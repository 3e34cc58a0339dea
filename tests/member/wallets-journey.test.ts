/**
 * Wallets, transfers, the upline and the cashier through their route modules, against the
 * reference operator's wallets area: balances move in SQLite, refusals are beside the field, a
 * form posted twice (in parallel, then again) moves the money once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { loggedIn } from "../support/browser";
import { referenceValue, setFeatures, startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let transferFund: typeof import("~/routes/member+/transferFund");
let transferUpline: typeof import("~/routes/member+/transferUpline");
let deposit: typeof import("~/routes/member+/depositv2");
let layout: typeof import("~/routes/member+/_layout");

beforeAll(async () => {
  operator = await startPortalEnv();
  transferFund = await import("~/routes/member+/transferFund");
  transferUpline = await import("~/routes/member+/transferUpline");
  deposit = await import("~/routes/member+/depositv2");
  layout = await import("~/routes/member+/_layout");
});

afterAll(async () => {
  await operator.close();
});

const reference = async (path: string) => ((await (await fetch(`${operator.url}${path}`)).json()) as { value: any }).value;
const walletsOf = (username: string) => reference(`/__reference/wallets?username=${username}`);
const transfersOf = async (username: string) => ((await reference(`/__reference/transfers?username=${username}`)) as unknown[]).length;

async function transferPage(browser: Awaited<ReturnType<typeof loggedIn>>) {
  const response = await browser.get("/member/transferFund", transferFund.loader);
  expect(response.status).toBe(200);
  return response.json();
}

describe("my wallet", () => {
  it("lists the main and game wallets with their total, and preselects a clicked wallet", async () => {
    const player = await loggedIn("player01", "Player123");
    const page = await transferPage(player);
    const ids = page.wallets.wallets.map((w: { id: string }) => w.id);
    expect(ids).toEqual(["MAIN", "AGL", "KYC", "PTX", "SBO"]);
    expect(page.wallets.wallets[0]).toMatchObject({ main: true, balance: "¥12,345.68" });
    // 12345.6789 + 500 + 20 + 88.50 + 0, summed with decimal.js.
    expect(page.wallets.total).toBe("¥12,954.18");
    expect(page.defaultFrom).toBe("MAIN");
    const fromGame = await (await player.get("/member/transferFund?from=AGL", transferFund.loader)).json();
    expect([fromGame.defaultFrom, fromGame.defaultTo]).toEqual(["AGL", "MAIN"]);
  });

  it("moves the money and shows the balances after it", async () => {
    const player = await loggedIn("agent001", "Agent1234");
    const before = await walletsOf("agent001");
    const page = await transferPage(player);
    const answer = await player.post(
      "/member/transferFund",
      { from: "AGL", to: "SBO", amount: "100.25", once: page.once },
      transferFund.action,
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/member/transferFund?from=AGL");
    const after = await walletsOf("agent001");
    expect(Number(after.wallets.AGL)).toBeCloseTo(Number(before.wallets.AGL) - 100.25, 2);
    expect(Number(after.wallets.SBO)).toBeCloseTo(Number(before.wallets.SBO) + 100.25, 2);
    const shown = await transferPage(player);
    expect(Number(shown.wallets.wallets.find((w: { id: string }) => w.id === "SBO").raw)).toBe(Number(after.wallets.SBO));
  });

  it("refuses more than the source holds beside the amount, keeping the input, and moves nothing", async () => {
    const player = await loggedIn("player01", "Player123");
    const before = await walletsOf("player01");
    const page = await transferPage(player);
    const answer = await player.post(
      "/member/transferFund",
      { from: "PTX", to: "MAIN", amount: "88.51", once: page.once },
      transferFund.action,
    );
    expect(answer.status).toBe(400);
    const body = await answer.json();
    expect(body.result.error.amount).toEqual(["transfer_amount_exceeds"]);
    expect(body.result.initialValue).toMatchObject({ from: "PTX", to: "MAIN", amount: "88.51" });
    expect(body.once).not.toBe(page.once);
    expect(await walletsOf("player01")).toEqual(before);
  });

  it("refuses three decimals, a negative amount, the same wallet and an unknown one", async () => {
    const player = await loggedIn("player01", "Player123");
    const cases: [Record<string, string>, string, string][] = [
      [{ from: "MAIN", to: "AGL", amount: "1.005" }, "amount", "transfer_amount_format"],
      [{ from: "MAIN", to: "AGL", amount: "-5" }, "amount", "transfer_amount_format"],
      [{ from: "MAIN", to: "AGL", amount: "" }, "amount", "transfer_amount_required"],
      [{ from: "AGL", to: "AGL", amount: "1" }, "to", "transfer_same_wallet"],
      [{ from: "NOPE", to: "AGL", amount: "1" }, "from", "transfer_wallet_required"],
    ];
    for (const [fields, field, message] of cases) {
      const { once } = await transferPage(player);
      const answer = await player.post("/member/transferFund", { ...fields, once }, transferFund.action);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect((await answer.json()).result.error[field], JSON.stringify(fields)).toEqual([message]);
    }
  });

  it("moves the money once when the same form is posted twice at once, and again later", async () => {
    const player = await loggedIn("agent001", "Agent1234");
    const count = await transfersOf("agent001");
    const before = await walletsOf("agent001");
    const { once } = await transferPage(player);
    const fields = { from: "MAIN", to: "KYC", amount: "7.50", once };
    const [a, b] = await Promise.all([
      player.post("/member/transferFund", fields, transferFund.action),
      player.post("/member/transferFund", fields, transferFund.action),
    ]);
    const reload = await player.post("/member/transferFund", fields, transferFund.action);
    expect([a.status, b.status, reload.status]).toEqual([303, 303, 303]);
    expect(await transfersOf("agent001")).toBe(count + 1);
    const after = await walletsOf("agent001");
    expect(Number(after.wallets.KYC)).toBeCloseTo(Number(before.wallets.KYC) + 7.5, 2);
  });

  it("is not open to a single-wallet account", async () => {
    const single = await loggedIn("single01", "Single123");
    const menu = (await (await single.get("/member", layout.loader)).json()).menu.flatMap((g: { routeKeys: string[] }) => g.routeKeys);
    expect(menu).not.toContain("transferFund");
    const refused = await single.get("/member/transferFund", transferFund.loader);
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe("/member");
  });

  it("offers an account with one wallet no transfer, and refuses From = To beside the field", async () => {
    await referenceValue(operator, "/__reference/members", { username: "onewallet01", password: "OneWallet1", balance: "50.00" });
    const player = await loggedIn("onewallet01", "OneWallet1");
    const page = await transferPage(player);
    expect(page.wallets.wallets).toHaveLength(1);
    const answer = await player.post(
      "/member/transferFund",
      { from: "MAIN", to: "MAIN", amount: "1.00", once: page.once },
      transferFund.action,
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toContain("transfer_same_wallet");
    expect((await walletsOf("onewallet01")).main).toBe("50.00");
  });

  it("is closed by the MYWALL switch: the page and the transfer are refused, nothing moves", async () => {
    await setFeatures(operator, { MYWALL: false });
    try {
      const player = await loggedIn("player01", "Player123");
      const before = await walletsOf("player01");
      expect((await player.get("/member/transferFund", transferFund.loader)).status).toBe(303);
      const answer = await player.post(
        "/member/transferFund",
        { from: "MAIN", to: "AGL", amount: "1.00", once: "y".repeat(24) },
        transferFund.action,
      );
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/member");
      expect(await walletsOf("player01")).toEqual(before);
    } finally {
      await setFeatures(operator, { MYWALL: true });
    }
  });
});

describe("transfer to the upline", () => {
  it("opens for a member with an upline and moves money to the upline's main wallet", async () => {
    const down = await loggedIn("down01", "Down1234");
    const menu = (await (await down.get("/member", layout.loader)).json()).menu.flatMap((g: { routeKeys: string[] }) => g.routeKeys);
    expect(menu).toContain("transferUpline");
    const page = await (await down.get("/member/transferUpline", transferUpline.loader)).json();
    const agentBefore = Number((await walletsOf("agent001")).main);
    const answer = await down.post("/member/transferUpline", { amount: "25", once: page.once }, transferUpline.action);
    expect(answer.status).toBe(303);
    expect(Number((await walletsOf("agent001")).main)).toBeCloseTo(agentBefore + 25, 2);
    const tooMuch = await down.post(
      "/member/transferUpline",
      { amount: "999999", once: page.once.slice(0, -2) + "zz" },
      transferUpline.action,
    );
    expect(tooMuch.status).toBe(400);
  });

  it("is closed to a member without an upline", async () => {
    const player = await loggedIn("player01", "Player123");
    expect((await player.get("/member/transferUpline", transferUpline.loader)).status).toBe(303);
  });
});

describe("the cashier", () => {
  it("hands the player to a one-time page of the operator's cashier", async () => {
    const player = await loggedIn("player01", "Player123");
    const { once } = await (await player.get("/member/depositv2", deposit.loader)).json();
    const answer = await player.post("/member/depositv2", { once }, deposit.action);
    expect(answer.status).toBe(303);
    const url = answer.headers.get("Location")!;
    expect(url.startsWith(`${operator.url}/demo-cashier/`)).toBe(true);
    expect(url).not.toContain("token");
    const cashier = await fetch(url);
    expect(cashier.status).toBe(200);
    const html = await cashier.text();
    expect(html).toContain("player01");
    expect(html).toContain('data-kind="deposit"');
    // Once only.
    expect((await fetch(url)).status).toBe(410);
  });

  it("is closed under the credit margin switch", async () => {
    await setFeatures(operator, { CREDITMAR3: true });
    try {
      const player = await loggedIn("player01", "Player123");
      expect((await player.get("/member/depositv2", deposit.loader)).status).toBe(303);
      expect((await player.post("/member/depositv2", { once: "x".repeat(24) }, deposit.action)).status).toBe(303);
    } finally {
      await setFeatures(operator, { CREDITMAR3: false });
    }
  });
});
