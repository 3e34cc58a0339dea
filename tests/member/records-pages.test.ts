/**
 * The records pages (betting records, account records, personal profit) through their route
 * modules against the reference operator: the default range, filters that narrow the rows,
 * totals equal to the sums this test makes itself from the operator's own rows, paging, the
 * empty state, and every kind of bad query answered 400 with the message beside the filter.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { encryptPayload } from "~/operator/encryption.server";
import { formatAmount } from "~/lib/money";
import { addDays, dateOf, dayStart, DAY_END_MS, RECORDS_PAGE_SIZE } from "~/features/reports/records";
import { startPortalEnv } from "../support/portal";
import { loggedIn, newBrowser, type Browser } from "../support/browser";

let operator: ReferenceOperator;
let bets: typeof import("~/routes/member+/personalHistoryCopy");
let account: typeof import("~/routes/member+/transactionHistory");
let profit: typeof import("~/routes/member+/personalProfit");
let browser: Browser;
let token: string;

const today = dateOf(Date.now());

beforeAll(async () => {
  operator = await startPortalEnv({ loginAttemptLimit: 1000 });
  bets = await import("~/routes/member+/personalHistoryCopy");
  account = await import("~/routes/member+/transactionHistory");
  profit = await import("~/routes/member+/personalProfit");
  browser = await loggedIn("player01", "Player123");
  // The test's own session at the operator, to read the rows the page should sum.
  const { body, encryption } = encryptPayload(
    { username: "player01", password: "Player123", type: "username", deviceId: "records-test" },
    operator.publicKeyHex,
  );
  const response = await fetch(`${operator.url}/wps/session/login`, {
    method: "POST",
    headers: {
      Merchant: operator.merchantCode,
      Device: "web",
      Language: "zh_CN",
      "Content-Type": "application/json",
      Encryption: encryption,
    },
    body,
  });
  token = ((await response.json()) as { value: { token: string } }).value.token;
});

afterAll(async () => {
  await operator.close();
});

/** Every row the operator holds for a range (its pages of 100), read directly. */
async function operatorRows<R>(operation: string, start: string, end: string, extra: Record<string, unknown> = {}): Promise<R[]> {
  const rows: R[] = [];
  const range = { startTime: dayStart(start)!, endTime: dayStart(end)! + DAY_END_MS };
  for (let page = 1; ; page++) {
    const response = await fetch(`${operator.url}/wps/relay/ODSFE2_${operation}`, {
      method: "POST",
      headers: {
        Merchant: operator.merchantCode,
        Device: "web",
        Language: "zh_CN",
        "Content-Type": "application/json",
        Authorization: token,
      },
      body: JSON.stringify({ ...range, ...extra, page, size: 100 }),
    });
    const { value } = (await response.json()) as { value: { list: R[]; totalPages?: number } };
    rows.push(...value.list);
    if (!value.totalPages || page >= value.totalPages) return rows;
  }
}

const total = <R>(rows: R[], pick: (r: R) => string) => formatAmount(rows.reduce((t, r) => t.plus(pick(r)), new Decimal(0)));

type Loader = Parameters<Browser["get"]>[1];
async function page(url: string, loader: Loader, who: Browser = browser) {
  const response = await who.get(url, loader);
  return { status: response.status, data: response.status < 300 ? await response.json() : null, response };
}

type Bet = { orderNo: string; productType: string; betAmount: string; validBet: string; winLoss: string };

describe("betting records (/member/personalHistoryCopy)", () => {
  it("sends a guest to the login page and back", async () => {
    const guest = await newBrowser();
    const { status, response } = await page("/member/personalHistoryCopy?start=2026-01-01", bets.loader, guest);
    expect(status).toBe(303);
    expect(response.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/member/personalHistoryCopy?start=2026-01-01")}`,
    );
  });

  it("sends a trial account home with 'please use a real account', for each records page", async () => {
    const freeplay = await import("~/routes/_auth+/login.freeplay");
    for (const [url, loader] of [
      ["/member/personalHistoryCopy", bets.loader],
      ["/member/transactionHistory", account.loader],
      ["/member/personalProfit", profit.loader],
    ] as const) {
      const trial = await newBrowser();
      expect((await trial.post("/login/freeplay", { redirectTo: "/" }, freeplay.action)).status).toBe(303);
      const refused = await trial.get(url, loader);
      expect(refused.status, url).toBe(303);
      expect(refused.headers.get("Location"), url).toBe("/");
    }
  });

  it("shows the last 7 days by default, one page of rows, and the range's totals summed from the operator's rows", async () => {
    const { status, data } = await page("/member/personalHistoryCopy", bets.loader);
    expect(status).toBe(200);
    expect(data.frame.filter).toEqual({ start: addDays(today, -7), end: today, type: "" });
    expect(data.frame.quick.find((q: { id: string }) => q.id === "7d").current).toBe(true);
    const rows = await operatorRows<Bet>("getBettingRecords", addDays(today, -7), today);
    expect(data.total).toBe(rows.length);
    expect(data.rows.map((r: Bet) => r.orderNo)).toEqual(rows.slice(0, RECORDS_PAGE_SIZE).map((r) => r.orderNo));
    expect(data.totals.betAmount.text).toBe(total(rows, (r) => r.betAmount));
    expect(data.totals.validBet.text).toBe(total(rows, (r) => r.validBet));
    expect(data.totals.winLoss.text).toBe(total(rows, (r) => r.winLoss));
    expect(data.totals.winLoss.tone).toBe(new Decimal(total(rows, (r) => r.winLoss).replace(/,/g, "")).isNegative() ? "loss" : "win");
  });

  it("narrows the rows by product type, and the totals with them", async () => {
    const start = addDays(today, -60);
    const all = await page(`/member/personalHistoryCopy?start=${start}&end=${today}`, bets.loader);
    const live = await page(`/member/personalHistoryCopy?start=${start}&end=${today}&type=LIVE`, bets.loader);
    expect(live.status).toBe(200);
    expect(live.data.total).toBeGreaterThan(0);
    expect(live.data.total).toBeLessThan(all.data.total);
    expect(live.data.rows.every((r: Bet) => r.productType === "LIVE")).toBe(true);
    const rows = await operatorRows<Bet>("getBettingRecords", start, today, { productType: "LIVE" });
    expect(live.data.totals.betAmount.text).toBe(total(rows, (r) => r.betAmount));
    // Names in the player's language: Chinese for CN.
    expect(live.data.rows[0].game).toMatch(/[\u4e00-\u9fff]/);
  });

  it("pages through the same rows, and reads a page past the end as the last", async () => {
    const start = addDays(today, -30);
    const first = await page(`/member/personalHistoryCopy?start=${start}&end=${today}`, bets.loader);
    const second = await page(`/member/personalHistoryCopy?start=${start}&end=${today}&page=2`, bets.loader);
    expect(first.data.totalPages).toBeGreaterThan(2);
    expect(second.data.page).toBe(2);
    const rows = await operatorRows<Bet>("getBettingRecords", start, today);
    expect(second.data.rows.map((r: Bet) => r.orderNo)).toEqual(rows.slice(RECORDS_PAGE_SIZE, 2 * RECORDS_PAGE_SIZE).map((r) => r.orderNo));
    expect(second.data.totals).toEqual(first.data.totals);
    const past = await page(`/member/personalHistoryCopy?start=${start}&end=${today}&page=9999`, bets.loader);
    expect(past.status).toBe(200);
    expect(past.data.page).toBe(first.data.totalPages);
    expect(past.data.rows.length).toBeGreaterThan(0);
  });

  it("shows the empty state for a range without bets", async () => {
    const start = addDays(today, -400);
    const { status, data } = await page(`/member/personalHistoryCopy?start=${start}&end=${addDays(start, 10)}`, bets.loader);
    expect(status).toBe(200);
    expect(data.rows).toEqual([]);
    expect(data.total).toBe(0);
  });

  it("takes the first of a repeated parameter", async () => {
    const { status, data } = await page(`/member/personalHistoryCopy?type=RNG&type=LIVE&start=${today}&start=bad`, bets.loader);
    expect(status).toBe(200);
    expect(data.frame.filter).toMatchObject({ start: today, type: "RNG" });
  });

  const farStart = addDays(today, -91);
  it.each([
    ["a date that is not one", "start=yesterday", "start", "records_bad_date"],
    ["a day that does not exist", "start=2026-02-30", "start", "records_bad_date"],
    ["full-width digits", "start=２０２６-１１-０１", "start", "records_bad_date"],
    ["odd Unicode", "end=2026-11-0%F0%9F%92%A5", "end", "records_bad_date"],
    ["a right-to-left override", "start=%E2%80%AE2026-11-01", "start", "records_bad_date"],
    ["a year out of reach", "start=1970-01-01&end=1970-01-02", "start", "records_bad_date"],
    ["an end before the start", `start=${today}&end=${addDays(today, -1)}`, "end", "records_end_before_start"],
    ["more than 90 days", `start=${farStart}&end=${today}`, "end", "records_range_too_long"],
    ["page 0", "page=0", "page", "records_bad_page"],
    ["a huge page", "page=99999999999999999999", "page", "records_bad_page"],
    ["a negative page", "page=-1", "page", "records_bad_page"],
    ["an unknown type", "type=POKER", "type", "records_bad_type"],
    ["a very long value", `type=${"A".repeat(5000)}`, "type", "records_bad_type"],
  ])("refuses %s with 400 and the message beside the field", async (_what, query, field, message) => {
    const { status, response } = await page(`/member/personalHistoryCopy?${query}`, bets.loader);
    expect(status).toBe(400);
    const data = await response.json();
    expect(data.frame.result.error[field]).toEqual([message]);
    expect(data.rows).toEqual([]);
    expect(JSON.stringify(data).length).toBeLessThan(20_000);
  });
});

type Tx = { txId: string; txTypeId: number; amount: string; nameCn: string };

describe("account records (/member/transactionHistory)", () => {
  it("lists the main account's transactions, narrowed by type, with the range's money in, out and net", async () => {
    const start = addDays(today, -30);
    const all = await page(`/member/transactionHistory?start=${start}&end=${today}`, account.loader);
    expect(all.status).toBe(200);
    const rows = await operatorRows<Tx>("MemTransDet", start, today, { accountTypeId: 1 });
    expect(all.data.total).toBe(rows.length);
    expect(all.data.rows[0].name).toBe(rows[0].nameCn);
    expect(all.data.totals.net.text).toBe(total(rows, (r) => r.amount));
    expect(all.data.totals.income.text).toBe(
      total(
        rows.filter((r) => !r.amount.startsWith("-")),
        (r) => r.amount,
      ),
    );
    expect(all.data.totals.expense.text).toBe(
      total(
        rows.filter((r) => r.amount.startsWith("-")),
        (r) => r.amount,
      ),
    );

    const deposits = await page(`/member/transactionHistory?start=${start}&end=${today}&type=deposit`, account.loader);
    expect(deposits.data.total).toBe(rows.filter((r) => r.txTypeId === 1101).length);
    expect(deposits.data.total).toBeLessThan(all.data.total);
    expect(deposits.data.rows.every((r: { name: string }) => r.name === "存款")).toBe(true);
  });

  it("names transactions in English for an English-speaking player", async () => {
    const { data } = await page(`/member/transactionHistory?lng=EN&type=rebate&start=${addDays(today, -30)}&end=${today}`, account.loader);
    expect(data.rows.length).toBeGreaterThan(0);
    expect(data.rows.every((r: { name: string }) => r.name === "Rebate")).toBe(true);
  });

  it("refuses a product type as a transaction type", async () => {
    expect((await page("/member/transactionHistory?type=LIVE", account.loader)).status).toBe(400);
  });
});

type Day = { date: string; betAmount: string; validBet: string; payout: string; bonus: string; rebate: string; profit: string };

describe("personal profit (/member/personalProfit)", () => {
  it("lists the days of the range with totals summed here, and pages them", async () => {
    const start = addDays(today, -40);
    const first = await page(`/member/personalProfit?start=${start}&end=${today}`, profit.loader);
    expect(first.status).toBe(200);
    const days = await operatorRows<Day>("getPersonalProfit", start, today);
    expect(first.data.total).toBe(days.length);
    expect(first.data.rows.map((d: Day) => d.date)).toEqual(days.slice(0, RECORDS_PAGE_SIZE).map((d) => d.date));
    for (const f of ["betAmount", "validBet", "payout", "bonus", "rebate", "profit"] as const) {
      expect(first.data.totals[f].text, f).toBe(total(days, (d) => d[f]));
    }
    const second = await page(`/member/personalProfit?start=${start}&end=${today}&page=2`, profit.loader);
    expect(second.data.rows[0].date).toBe(days[RECORDS_PAGE_SIZE].date);
    expect(second.data.totals).toEqual(first.data.totals);
  });

  it("shows the empty state before the history began, and refuses a reversed range", async () => {
    const start = addDays(today, -300);
    const empty = await page(`/member/personalProfit?start=${start}&end=${addDays(start, 5)}`, profit.loader);
    expect(empty.status).toBe(200);
    expect(empty.data.rows).toEqual([]);
    expect(empty.data.totals).toBeNull();
    const reversed = await page(`/member/personalProfit?start=${today}&end=${addDays(today, -3)}`, profit.loader);
    expect(reversed.status).toBe(400);
  });
});

describe("an operator that does not answer", () => {
  it("shows the catalogue's message on the page (503), not an error page", async () => {
    await operator.close();
    const { status, response } = await page("/member/transactionHistory", account.loader);
    expect(status).toBe(503);
    const data = await response.json();
    expect(data.frame.notice).toEqual({ key: "timeout, retry please" });
    expect(data.rows).toEqual([]);
  });
});
