/**
 * The points mall through its route modules against the reference operator's points area:
 * browsing by type and "more", the product view, redeeming for points and for points plus money
 * (balances, stock and records after), every refused input of document 002 section 5 with its
 * message, a sold-out reward, a double submit that redeems once, the 30-day transactions range,
 * the conversion, PTSYS3 off, and hostile posts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { loggedIn, type Browser } from "../support/browser";
import { referenceValue, setFeatures, startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let goods: typeof import("~/routes/member+/pointMall._goods._layout");
let reward: typeof import("~/routes/member+/pointMall._goods.reward.$rewardId");
let records: typeof import("~/routes/member+/pointMall.records");
let transactions: typeof import("~/routes/member+/pointMall.transactions");
let rules: typeof import("~/routes/member+/pointMall.rules");
let layout: typeof import("~/routes/member+/pointMall");

beforeAll(async () => {
  operator = await startPortalEnv();
  goods = await import("~/routes/member+/pointMall._goods._layout");
  reward = await import("~/routes/member+/pointMall._goods.reward.$rewardId");
  records = await import("~/routes/member+/pointMall.records");
  transactions = await import("~/routes/member+/pointMall.transactions");
  rules = await import("~/routes/member+/pointMall.rules");
  layout = await import("~/routes/member+/pointMall");
});

afterAll(async () => {
  await operator.close();
});

const reference = (path: string, body?: unknown) => referenceValue(operator, path, body);

/** Demo rewards by id (catalogue order): the phone (8 images, P and PM), the tablet (PM only, 8 in stock), the watch (sold out), a shopping card, a top-up. */
const PHONE = 1;
const TABLET = 4;
const WATCH = 8;
const CARD_100 = 14;
const TOP_UP_50 = 18;

let players = 0;
async function player(points = "50000", balance = "10000"): Promise<{ browser: Browser; username: string }> {
  const username = `pmall${String(++players).padStart(3, "0")}`;
  await reference("/__reference/members", { username, password: "Points123", balance });
  await reference("/__reference/points", { username, balance: points });
  return { browser: await loggedIn(username, "Points123"), username };
}

const state = (username: string, rewardId?: number) =>
  reference(`/__reference/points?username=${username}${rewardId ? `&rewardId=${rewardId}` : ""}`) as Promise<{
    balance: string;
    wallet: string;
    inventory: number | null;
    redemptions: number;
  }>;

type RewardPage = {
  reward: { id: number; images: { main: string; thumb: string }[]; types: string[]; inventory: number; mpMoneyText: string | null };
  rules: { lineRequired: boolean; paymentPassword: boolean; phone: { min: number; max: number } };
  once: string;
};

async function open(browser: Browser, id: number): Promise<RewardPage> {
  const response = await browser.get(`/member/pointMall/reward/${id}`, reward.loader, { rewardId: String(id) });
  expect(response.status).toBe(200);
  return (await response.json()) as RewardPage;
}

const valid = {
  password: "Points123",
  name: "Wang Xiaoming",
  address: "100 Century Ave, Shanghai",
  phone: "13800138000",
  province: "Shanghai",
};

const redeem = (browser: Browser, id: number, once: string, fields: Record<string, string>) =>
  browser.post(`/member/pointMall/reward/${id}`, { once, quantity: "1", redeemType: "P", ...valid, ...fields }, reward.action, {
    rewardId: String(id),
  });

type Refused = { result: { error: Record<string, string[]>; initialValue: Record<string, string> }; once: string };

describe("browsing", () => {
  it("shows every type with 3 rewards, a selected type with 7, and up to 1000 with more", async () => {
    const { browser } = await player();
    const all = (await (await browser.get("/member/pointMall", goods.loader)).json()) as {
      types: { code: string }[];
      sections: { code: string; rewards: unknown[]; total: number }[];
    };
    expect(all.types.map((t) => t.code)).toEqual(["DIGITAL", "LUXURY", "HOME", "VOUCHER", "BONUS"]);
    expect(all.sections.every((s) => s.rewards.length <= 3)).toBe(true);
    expect(all.sections.find((s) => s.code === "VOUCHER")?.total).toBe(12);

    const selected = (await (await browser.get("/member/pointMall?type=VOUCHER", goods.loader)).json()) as typeof all & { more: boolean };
    expect(selected.sections).toHaveLength(1);
    expect(selected.sections[0].rewards).toHaveLength(7);
    const more = (await (await browser.get("/member/pointMall?type=VOUCHER&more=1", goods.loader)).json()) as typeof selected;
    expect(more.more).toBe(true);
    expect(more.sections[0].rewards).toHaveLength(12);
    // An unknown type is the All view, not an error.
    const unknown = (await (await browser.get("/member/pointMall?type=%3Cscript%3E&more=1", goods.loader)).json()) as typeof selected;
    expect(unknown.sections).toHaveLength(5);
    expect(unknown.more).toBe(false);
  });

  it("opens a product with its pictures, its ways to pay and this operator's form rules", async () => {
    const { browser } = await player();
    const phone = await open(browser, PHONE);
    expect(phone.reward.images).toHaveLength(8);
    expect(phone.reward.images[0].thumb).toMatch(/1-1-S\.svg$/);
    expect(phone.reward.types).toEqual(["P", "PM"]);
    expect(phone.reward.mpMoneyText).toBe("¥2,999.00");
    expect(phone.rules).toMatchObject({ lineRequired: false, paymentPassword: true, phone: { min: 10, max: 16 } });
    // No point price: points plus money is the only way (document 002, section 4).
    expect((await open(browser, TABLET)).reward.types).toEqual(["PM"]);
  });

  it("sends a reward that does not exist back to the list with a notice", async () => {
    const { browser } = await player();
    for (const id of ["99999", "abc", "1e3"]) {
      const response = await browser.get(`/member/pointMall/reward/${id}`, reward.loader, { rewardId: id });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/member/pointMall");
    }
  });
});

describe("redeeming", () => {
  it("redeems for points: the points, the stock and the records move, and the page lands on the records", async () => {
    const { browser, username } = await player("5000");
    const before = await state(username, CARD_100);
    const page = await open(browser, CARD_100);
    const response = await redeem(browser, CARD_100, page.once, { quantity: "2" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/member/pointMall/records");
    const after = await state(username, CARD_100);
    expect(after.balance).toBe("2800.00");
    expect(after.inventory).toBe((before.inventory ?? 0) - 2);
    expect(after.wallet).toBe(before.wallet);
    const list = (await (await browser.get("/member/pointMall/records?type=P", records.loader)).json()) as {
      rows: { quantity: number; points: string }[];
    };
    expect(list.rows[0]).toMatchObject({ quantity: 2, points: "2,200" });
    const card = (await (await browser.get("/member/pointMall", layout.loader)).json()) as { balance: string };
    expect(card.balance).toBe("2,800");
  });

  it("redeems for points plus money: both balances move by quantity × price", async () => {
    const { browser, username } = await player("50000", "5000");
    const page = await open(browser, TABLET);
    const response = await redeem(browser, TABLET, page.once, { redeemType: "PM", quantity: "2" });
    expect(response.status).toBe(303);
    const after = await state(username);
    expect(after.balance).toBe("26000.00");
    expect(after.wallet).toBe("2402.00");
  });

  it("refuses each bad input with its own message, keeps the rest, and never echoes the password", async () => {
    const { browser, username } = await player();
    await reference("/__reference/points", { rewardId: TABLET, inventory: 8 });
    const page = await open(browser, TABLET);
    const cases: [Record<string, string>, string, string][] = [
      [{ password: "" }, "password", "points_payment_password_required"],
      [{ name: "  " }, "name", "points_name_required"],
      [{ address: "" }, "address", "points_address_required"],
      [{ phone: "" }, "phone", "points_phone_required"],
      [{ phone: "138001" }, "phone", "points_phone_invalid"],
      [{ phone: "+8613800138000" }, "phone", "points_phone_invalid"],
      [{ quantity: "0" }, "quantity", "points_quantity_invalid"],
      [{ quantity: "9" }, "quantity", "points_quantity_invalid"],
      [{ quantity: "2a" }, "quantity", "points_quantity_invalid"],
      [{ redeemType: "P" }, "redeemType", "points_type_invalid"],
      [{ name: "x".repeat(51) }, "name", "points_field_too_long"],
    ];
    for (const [fields, field, message] of cases) {
      const response = await redeem(browser, TABLET, page.once, { redeemType: "PM", ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const body = (await response.json()) as Refused;
      expect(body.result.error[field]).toEqual([message]);
      expect(body.result.initialValue.password).toBeUndefined();
      expect(body.result.initialValue.address ?? "").toBe(fields.address ?? valid.address);
    }
    // The quantity comes back forced into 1..stock, non-digits stripped.
    const forced = async (quantity: string) =>
      ((await (await redeem(browser, TABLET, page.once, { redeemType: "PM", quantity })).json()) as Refused).result.initialValue.quantity;
    expect(await forced("0")).toBe("1");
    expect(await forced("9")).toBe("8");
    expect(await forced("a3b")).toBe("3");
    expect((await state(username)).redemptions).toBe(0);
  });

  it("puts a wrong password beside the password field with the operator's message", async () => {
    const { browser, username } = await player();
    const page = await open(browser, CARD_100);
    const response = await redeem(browser, CARD_100, page.once, { password: "Wrong1234" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Refused;
    expect(body.result.error.password).toEqual(["密码错误"]);
    expect((await state(username)).redemptions).toBe(0);
  });

  it("refuses a sold-out reward, on the page and on a post", async () => {
    const { browser } = await player();
    const page = await open(browser, WATCH);
    expect(page.reward.inventory).toBe(0);
    const response = await redeem(browser, WATCH, page.once, {});
    expect(response.status).toBe(409);
    expect(((await response.json()) as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual([
      "points_sold_out_notice",
    ]);
  });

  it("redeems once for a double submit, a second tab and a reload of the post", async () => {
    const { browser, username } = await player();
    const page = await open(browser, TOP_UP_50);
    const [first, second] = await Promise.all([redeem(browser, TOP_UP_50, page.once, {}), redeem(browser, TOP_UP_50, page.once, {})]);
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    const reload = await redeem(browser, TOP_UP_50, page.once, {});
    expect(reload.headers.get("X-Once-Replayed")).toBe("1");
    expect((await state(username)).redemptions).toBe(1);
    expect((await state(username)).balance).toBe("49440.00");
  });

  it("asks for a LINE ID when the operator is configured so", async () => {
    const { browser } = await player();
    await reference("/__reference/points", { lineRequired: true });
    try {
      const page = await open(browser, CARD_100);
      expect(page.rules.lineRequired).toBe(true);
      const response = await redeem(browser, CARD_100, page.once, {});
      expect(((await response.json()) as Refused).result.error.line).toEqual(["points_line_required"]);
      expect((await redeem(browser, CARD_100, page.once, { line: "wang_line" })).status).toBe(303);
    } finally {
      await reference("/__reference/points", { lineRequired: false });
    }
  });
});

describe("transactions, rules and conversion", () => {
  it("lists point transactions without the internal type, in at most 30 days", async () => {
    const browser = await loggedIn("player01", "Player123");
    const ok = await browser.get("/member/pointMall/transactions?start=2026-10-01&end=2026-10-31", transactions.loader);
    expect(ok.status).toBe(200);
    const tooLong = await browser.get("/member/pointMall/transactions?start=2026-10-01&end=2026-11-01", transactions.loader);
    expect(tooLong.status).toBe(400);
    const body = (await tooLong.json()) as { frame: { result: { error: Record<string, string[]> } } };
    expect(body.frame.result.error.end).toEqual(["points_range_too_long"]);
    const now = (await (await browser.get("/member/pointMall/transactions", transactions.loader)).json()) as { rows: { name: string }[] };
    expect(now.rows.length).toBeGreaterThan(0);
    expect(now.rows.some((r) => r.name === "积分结算核对")).toBe(false);
  });

  it("shows the rates as percentages and converts money into points once", async () => {
    const { browser, username } = await player("0", "500");
    const page = (await (await browser.get("/member/pointMall/rules", rules.loader)).json()) as {
      exchangeRate: string;
      rates: { id: string; percent: string }[];
      once: string;
    };
    expect(page.exchangeRate).toBe("10");
    expect(page.rates.find((r) => r.id === "liveBet")?.percent).toBe("0.50%");
    expect(page.rates.find((r) => r.id === "deposit")?.percent).toBe("1.00%");

    const zero = await browser.post("/member/pointMall/rules", { once: page.once, amount: "0", password: "Points123" }, rules.action);
    expect(zero.status).toBe(400);
    const refused = (await zero.json()) as Refused;
    expect(refused.result.error.amount).toEqual(["points_amount_invalid"]);
    expect(refused.result.initialValue.amount).toBe("1");
    const wrong = await browser.post("/member/pointMall/rules", { once: page.once, amount: "100", password: "nope" }, rules.action);
    expect(((await wrong.json()) as Refused).result.error.password).toEqual(["密码错误"]);

    const done = await browser.post("/member/pointMall/rules", { once: page.once, amount: "100", password: "Points123" }, rules.action);
    expect(done.status).toBe(303);
    const again = await browser.post("/member/pointMall/rules", { once: page.once, amount: "100", password: "Points123" }, rules.action);
    expect(again.headers.get("X-Once-Replayed")).toBe("1");
    expect(await state(username)).toMatchObject({ balance: "1000.00", wallet: "400.00" });
  });
});

describe("the switch and hostile posts", () => {
  it("closes every page of the mall when PTSYS3 is off", async () => {
    const { browser } = await player();
    await setFeatures(operator, { PTSYS3: false });
    try {
      for (const [url, loader] of [
        ["/member/pointMall", layout.loader],
        ["/member/pointMall/rules", rules.loader],
      ] as const) {
        const response = await browser.get(url, loader);
        expect(response.status).toBe(303);
        expect(response.headers.get("Location")).toBe("/member");
      }
    } finally {
      await setFeatures(operator, { PTSYS3: true });
    }
  });

  it("answers forged, repeated and huge fields with a 4xx or the form again, never a 5xx", async () => {
    const { browser, username } = await player();
    const page = await open(browser, CARD_100);
    const attempts: Record<string, string>[] = [
      { once: "forged" },
      { quantity: "1".repeat(400) },
      { redeemType: "FREE" },
      { address: "😀".repeat(300) },
      { phone: "\u202e13800138000" },
    ];
    for (const fields of attempts) {
      const response = await redeem(browser, CARD_100, page.once, fields);
      expect(response.status, JSON.stringify(fields).slice(0, 60)).toBeLessThan(500);
      expect([303, 400]).toContain(response.status);
    }
    expect((await state(username)).redemptions).toBe(0);
  });
});
