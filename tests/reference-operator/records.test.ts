/**
 * The reference operator's records area over HTTP, as the portal calls it: betting records,
 * account transactions (MemTransDet) and personal profit. The seeded history spans four months
 * and ends today; filters narrow the rows, totals are the decimal sums of every row the filter
 * keeps, paging cuts the same rows, and a range or page that is not sane is refused with 400.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptPayload } from "~/operator/encryption.server";
import { startReferenceOperator, type ReferenceOperator } from "../../server/operator/index";

const DAY = 86_400_000;
let op: ReferenceOperator;
let player: string;
let agent: string;
const now = Date.now();

async function tokenOf(username: string, password: string): Promise<string> {
  const { body, encryption } = encryptPayload({ username, password, type: "username", deviceId: `records-${username}` }, op.publicKeyHex);
  const response = await fetch(`${op.url}/wps/session/login`, {
    method: "POST",
    headers: { Merchant: op.merchantCode, Device: "web", Language: "zh_CN", "Content-Type": "application/json", Encryption: encryption },
    body,
  });
  return ((await response.json()) as { value: { token: string } }).value.token;
}

interface Envelope<T = Record<string, unknown>> {
  status: number;
  success: boolean;
  value: T;
  errorCode: string;
}

async function relay<T = Record<string, unknown>>(
  operation: string,
  payload: unknown,
  token: string | null = player,
): Promise<Envelope<T>> {
  const headers: Record<string, string> = {
    Merchant: op.merchantCode,
    Device: "web",
    Language: "zh_CN",
    "Content-Type": "application/json",
  };
  if (token) headers.Authorization = token;
  const response = await fetch(`${op.url}/wps/relay/ODSFE2_${operation}`, { method: "POST", headers, body: JSON.stringify(payload) });
  return { status: response.status, ...((await response.json()) as Omit<Envelope<T>, "status">) };
}

type Bet = { orderNo: string; betTime: number; productType: string; betAmount: string; validBet: string; winLoss: string; status: string };
type Page<R> = { list: R[]; total: number; totalPages: number; page: number; size: number; summary: Record<string, string | number> };

/** Every row of a paged call, page by page (size 100). */
async function everyRow<R>(operation: string, payload: Record<string, unknown>, token = player): Promise<R[]> {
  const rows: R[] = [];
  for (let page = 1; ; page++) {
    const answer = await relay<Page<R>>(operation, { ...payload, page, size: 100 }, token);
    expect(answer.success).toBe(true);
    rows.push(...answer.value.list);
    if (page >= answer.value.totalPages) return rows;
  }
}

const sum = <R>(rows: R[], pick: (r: R) => string) => rows.reduce((t, r) => t.plus(pick(r)), new Decimal(0)).toFixed(2);

beforeAll(async () => {
  op = await startReferenceOperator();
  player = await tokenOf("player01", "Player123");
  agent = await tokenOf("agent001", "Agent1234");
});
afterAll(() => op.close());

describe("betting records (ODSFE2_getBettingRecords)", () => {
  const range = { startTime: now - 90 * DAY, endTime: now };

  it("answers a few hundred bets over four months, newest first, every type and status among them", async () => {
    const rows = await everyRow<Bet>("getBettingRecords", range);
    const older = await everyRow<Bet>("getBettingRecords", { startTime: now - 125 * DAY, endTime: now - 90 * DAY - 1 });
    expect(rows.length + older.length).toBeGreaterThanOrEqual(300);
    expect(older.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.productType))).toEqual(new Set(["LIVE", "RNG", "SPORTS", "LOTT", "FISH", "PVP", "ESPORTS"]));
    expect(new Set([...rows, ...older].map((r) => r.status))).toEqual(new Set(["SETTLED", "UNSETTLED", "CANCELLED"]));
    const times = rows.map((r) => r.betTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const r of rows) {
      expect(r.betAmount).toMatch(/^\d+\.\d{2}$/);
      expect(r.winLoss).toMatch(/^-?\d+\.\d{2}$/);
      if (r.status !== "SETTLED") expect([r.validBet, r.winLoss]).toEqual(["0.00", "0.00"]);
    }
  });

  it("totals every bet of the range and filter, whatever the page", async () => {
    const filter = { ...range, productType: "LIVE" };
    const rows = await everyRow<Bet>("getBettingRecords", filter);
    expect(rows.every((r) => r.productType === "LIVE")).toBe(true);
    const page2 = await relay<Page<Bet>>("getBettingRecords", { ...filter, page: 2, size: 5 });
    expect(page2.value.list.map((r) => r.orderNo)).toEqual(rows.slice(5, 10).map((r) => r.orderNo));
    expect(page2.value.summary).toEqual({
      count: rows.length,
      betAmount: sum(rows, (r) => r.betAmount),
      validBet: sum(rows, (r) => r.validBet),
      winLoss: sum(rows, (r) => r.winLoss),
    });
    const settled = await everyRow<Bet>("getBettingRecords", { ...filter, status: "SETTLED" });
    expect(settled.length).toBeLessThan(rows.length + 1);
    expect(settled.every((r) => r.status === "SETTLED")).toBe(true);
  });

  it("keeps each player's bets apart", async () => {
    const mine = await everyRow<Bet>("getBettingRecords", range);
    const theirs = await everyRow<Bet>("getBettingRecords", range, agent);
    const ids = new Set(mine.map((r) => r.orderNo));
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((r) => ids.has(r.orderNo))).toBe(false);
  });

  it.each([
    ["no range", { page: 1, size: 10 }],
    ["end before start", { startTime: now, endTime: now - 1 }],
    ["more than 92 days", { startTime: now - 93 * DAY, endTime: now }],
    ["page 0", { ...range, page: 0 }],
    ["a page of 101", { ...range, size: 101 }],
    ["a fractional page", { ...range, page: 1.5 }],
    ["a huge time", { startTime: 1, endTime: 1e300 }],
    ["an unknown product type", { ...range, productType: "POKER" }],
    ["an unknown status", { ...range, status: "WON" }],
    ["times as words", { startTime: "yesterday", endTime: "today" }],
  ])("refuses %s with 400 request.invalid", async (_what, payload) => {
    const answer = await relay("getBettingRecords", payload);
    expect(answer.status).toBe(400);
    expect(answer).toMatchObject({ success: false, errorCode: "request.invalid" });
  });

  it("needs a session", async () => {
    const answer = await relay("getBettingRecords", range, null);
    expect(answer.success).toBe(false);
    expect(answer.errorCode).toBe("user.or.token.invalid");
  });
});

type Tx = {
  txId: string;
  txTypeId: number;
  txTimeInTimestamp: number;
  amount: string;
  currentAvailBalance: string;
  nameCn: string;
  nameEn: string;
};

describe("account transactions (ODSFE2_MemTransDet, accountTypeId 1)", () => {
  const range = { startTime: now - 90 * DAY, endTime: now, accountTypeId: 1, subordinateName: "player01" };

  it("answers the main account's transactions with names in CN and EN, the balance running to the wallet's", async () => {
    const rows = await everyRow<Tx>("MemTransDet", range);
    expect(rows.length).toBeGreaterThan(50);
    // The rare adjustment (1601, one day in thirty) may fall just outside a 90-day window at some
    // hours of the day: every type is a known one, and the common five are always there.
    const types = new Set(rows.map((r) => r.txTypeId));
    for (const type of [1101, 1201, 1301, 1401, 1501]) expect(types.has(type), String(type)).toBe(true);
    for (const type of types) expect([1101, 1201, 1301, 1401, 1501, 1601]).toContain(type);
    expect(rows.find((r) => r.txTypeId === 1501)).toMatchObject({ nameCn: "返水", nameEn: "Rebate" });
    // Newest first: each balance is the one before it plus its amount.
    for (let i = 0; i + 1 < rows.length; i++) {
      expect(new Decimal(rows[i + 1].currentAvailBalance).plus(rows[i].amount).toFixed(2)).toBe(rows[i].currentAvailBalance);
    }
    expect(rows[0].currentAvailBalance).toBe("12345.68");
  });

  it("filters by txTypeId and excludeTxTypeIds, and totals money in and out", async () => {
    const deposits = await everyRow<Tx>("MemTransDet", { ...range, txTypeId: 1101 });
    expect(deposits.length).toBeGreaterThan(0);
    expect(deposits.every((r) => r.txTypeId === 1101)).toBe(true);
    const all = await everyRow<Tx>("MemTransDet", range);
    const noRebates = await everyRow<Tx>("MemTransDet", { ...range, excludeTxTypeIds: 1501 });
    expect(noRebates.length).toBe(all.filter((r) => r.txTypeId !== 1501).length);
    const answer = await relay<Page<Tx>>("MemTransDet", { ...range, page: 1, size: 12 });
    const income = sum(
      all.filter((r) => !r.amount.startsWith("-")),
      (r) => r.amount,
    );
    const expense = sum(
      all.filter((r) => r.amount.startsWith("-")),
      (r) => r.amount,
    );
    expect(answer.value.summary).toEqual({ count: all.length, income, expense, net: sum(all, (r) => r.amount) });
    expect(answer.value.list).toHaveLength(12);
  });

  it("answers the points account (9) without the type it is asked to leave out, and refuses another member's name", async () => {
    const points = await relay<Page<Tx>>("MemTransDet", { ...range, accountTypeId: 9, excludeTxTypeIds: 9203, page: 1, size: 12 });
    expect(points.value.list.length).toBeGreaterThan(0);
    expect(points.value.list.every((tx) => tx.txTypeId !== 9203 && tx.txId.startsWith("PT"))).toBe(true);
    const other = await relay("MemTransDet", { ...range, subordinateName: "agent001", page: 1, size: 12 });
    expect(other.status).toBe(400);
  });

  it("refuses a page size over 100 and a range that ends before it starts", async () => {
    expect((await relay("MemTransDet", { ...range, size: 500 })).status).toBe(400);
    expect((await relay("MemTransDet", { ...range, startTime: now, endTime: now - DAY })).status).toBe(400);
  });
});

describe("personal profit (ODSFE2_getPersonalProfit)", () => {
  it("is the settled bets, bonuses and rebates of each day, totalled", async () => {
    const range = { startTime: now - 30 * DAY, endTime: now };
    const answer = await relay<{ list: Record<string, string>[]; summary: Record<string, string | number> }>("getPersonalProfit", range);
    expect(answer.success).toBe(true);
    const bets = (await everyRow<Bet>("getBettingRecords", { ...range, status: "SETTLED" })).filter((b) => b.status === "SETTLED");
    const txs = await everyRow<Tx>("MemTransDet", { ...range, accountTypeId: 1 });
    const days = answer.value.list;
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort().reverse());
    expect(answer.value.summary).toMatchObject({
      days: days.length,
      betAmount: sum(bets, (b) => b.betAmount),
      winLoss: sum(bets, (b) => b.winLoss),
      payout: new Decimal(sum(bets, (b) => b.betAmount)).plus(sum(bets, (b) => b.winLoss)).toFixed(2),
      bonus: sum(
        txs.filter((t) => t.txTypeId === 1401),
        (t) => t.amount,
      ),
      rebate: sum(
        txs.filter((t) => t.txTypeId === 1501),
        (t) => t.amount,
      ),
    });
    for (const d of days) expect(new Decimal(d.winLoss).plus(d.bonus).plus(d.rebate).toFixed(2)).toBe(d.profit);
    expect(answer.value.summary.profit).toBe(sum(days, (d) => d.profit));
  });

  it("refuses a reversed or over-long range", async () => {
    expect((await relay("getPersonalProfit", { startTime: now, endTime: now - 1 })).status).toBe(400);
    expect((await relay("getPersonalProfit", { startTime: now - 100 * DAY, endTime: now })).status).toBe(400);
  });
});
