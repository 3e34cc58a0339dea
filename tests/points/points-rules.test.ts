/**
 * The points mall's rules (document 002, sections 4, 5 and 9): pay money in decimal.js, the
 * quantity forced into 1..stock, the remarks join, the rates as percentages, the ways to pay, the
 * gallery's loop, the conversion's preview and forcing, and the 30-day range of the transactions.
 */
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { recordsQuerySchema } from "~/features/reports/records-schema";
import {
  forceAmount,
  forceQuantity,
  formatPoints,
  galleryStep,
  payMoney,
  payPoints,
  pointsFor,
  ratePercent,
  redeemRemarks,
  redeemTypes,
} from "~/features/points/points";
import { redeemSchema } from "~/features/points/points-schema";

/** A refused submission's messages by field (none for an accepted one). */
const errorsOf = (
  submission: { status?: string; error?: Record<string, string[] | null> | null } | object,
): Record<string, string[] | null> => ("error" in submission && submission.error) || {};

describe("pay money", () => {
  it("is quantity × the money amount for points plus money, with no floating-point drift", () => {
    expect(payMoney(3, "PM", "0.1")).toBe("0.30");
    expect(payMoney(7, "PM", "2999.99")).toBe("20999.93");
    expect(payMoney(1_000_000, "PM", "0.01")).toBe("10000.00");
  });

  it("is 0 for points only, a bad quantity, or no money amount", () => {
    expect(payMoney(2, "P", "699.00")).toBe("0.00");
    expect(payMoney(0, "PM", "699.00")).toBe("0.00");
    expect(payMoney(1.5, "PM", "699.00")).toBe("0.00");
    expect(payMoney(2, "PM", null)).toBe("0.00");
    expect(payMoney(2, "PM", "abc")).toBe("0.00");
  });

  it("charges the points of the chosen way", () => {
    const reward = { price: 12800, mpPointAmount: 6400 };
    expect(payPoints(2, "P", reward)).toBe(25600);
    expect(payPoints(2, "PM", reward)).toBe(12800);
    expect(payPoints(1, "P", { price: null, mpPointAmount: 6400 })).toBe(0);
  });
});

describe("quantity", () => {
  it("strips non-digits and holds the value between 1 and the stock, saying when it changed it", () => {
    expect(forceQuantity("2", 5)).toEqual({ value: 2, changed: false });
    expect(forceQuantity("0", 5)).toEqual({ value: 1, changed: true });
    expect(forceQuantity("", 5)).toEqual({ value: 1, changed: true });
    expect(forceQuantity("9", 5)).toEqual({ value: 5, changed: true });
    expect(forceQuantity("a3b", 5)).toEqual({ value: 3, changed: true });
    expect(forceQuantity("-4", 5)).toEqual({ value: 4, changed: true });
    expect(forceQuantity("007", 50)).toEqual({ value: 7, changed: true });
    expect(forceQuantity("9".repeat(40), 12)).toEqual({ value: 12, changed: true });
    // Nothing in stock still reads as 1: the sold-out refusal is the form's, not the quantity's.
    expect(forceQuantity("3", 0)).toEqual({ value: 1, changed: true });
  });

  it("is refused by the schema outside 1..stock or with anything but digits", () => {
    const schema = redeemSchema({ lineRequired: false, paymentPassword: false, phone: { min: 10, max: 16 }, inventory: 5, types: ["P"] });
    const post = (quantity: string) =>
      parseWithZod(new URLSearchParams({ quantity, password: "x", name: "A", address: "B", phone: "13800138000", redeemType: "P" }), {
        schema,
      });
    expect(post("5").status).toBe("success");
    for (const bad of ["0", "6", "2a", "1.5", " ", "-1"]) expect(errorsOf(post(bad)).quantity, bad).toEqual(["points_quantity_invalid"]);
  });
});

describe("the redeem form's order and rules", () => {
  const rules = { lineRequired: true, paymentPassword: true, phone: { min: 8, max: 12 }, inventory: 3, types: ["PM" as const] };
  const schema = redeemSchema(rules);
  const errors = (fields: Record<string, string>) => errorsOf(parseWithZod(new URLSearchParams(fields), { schema }));

  it("asks for the LINE ID first, then the payment password, name, address and phone, each with its own message", () => {
    const e = errors({ quantity: "1", redeemType: "PM" });
    expect(Object.keys(e).slice(0, 5)).toEqual(["line", "password", "name", "address", "phone"]);
    expect(e.line).toEqual(["points_line_required"]);
    expect(e.password).toEqual(["points_payment_password_required"]);
    expect(e.name).toEqual(["points_name_required"]);
    expect(e.address).toEqual(["points_address_required"]);
    expect(e.phone).toEqual(["points_phone_required"]);
  });

  it("takes a phone within the configured lengths that starts with a digit", () => {
    const full = { line: "id", password: "p", name: "n", address: "a", quantity: "1", redeemType: "PM" };
    expect(errors({ ...full, phone: "12345678" }).phone).toBeUndefined();
    expect(errors({ ...full, phone: "123456789012" }).phone).toBeUndefined();
    expect(errors({ ...full, phone: "1234567" }).phone).toEqual(["points_phone_invalid"]);
    expect(errors({ ...full, phone: "1234567890123" }).phone).toEqual(["points_phone_invalid"]);
    expect(errors({ ...full, phone: "+66812345678" }).phone).toEqual(["points_phone_invalid"]);
    expect(errors({ ...full, phone: "0812-345-67" }).phone).toBeUndefined();
    // A way the reward does not offer.
    expect(errors({ ...full, phone: "12345678", redeemType: "P" }).redeemType).toEqual(["points_type_invalid"]);
  });

  it("offers points plus money by default when an item has no point price", () => {
    expect(redeemTypes({ price: null, mpPointAmount: 12000, mpMoneyAmount: "1299.00" })).toEqual(["PM"]);
    expect(redeemTypes({ price: 68000, mpPointAmount: 34000, mpMoneyAmount: "2999.00" })).toEqual(["P", "PM"]);
    expect(redeemTypes({ price: 900, mpPointAmount: null, mpMoneyAmount: null })).toEqual(["P"]);
  });
});

describe("remarks", () => {
  const labels = { name: "Name", phone: "Phone", address: "Address", line: "LINE ID" };
  it("joins the labelled name, phone and address, and the LINE ID only when given", () => {
    expect(redeemRemarks({ name: "Wang", phone: "13800138000", address: "100 Century Ave" }, labels)).toBe(
      "Name: Wang; Phone: 13800138000; Address: 100 Century Ave",
    );
    expect(redeemRemarks({ name: "Som", phone: "0812345678", address: "Bangkok", line: "som.line" }, labels)).toBe(
      "Name: Som; Phone: 0812345678; Address: Bangkok; LINE ID: som.line",
    );
  });
});

describe("rates, points and the conversion", () => {
  it("shows a rate as rate × 100 with two decimals", () => {
    expect(ratePercent("0.005")).toBe("0.50%");
    expect(ratePercent("0.0045")).toBe("0.45%");
    expect(ratePercent("0.12345")).toBe("12.35%");
    expect(ratePercent("1")).toBe("100.00%");
    expect(ratePercent(null)).toBe("—");
    expect(ratePercent("abc")).toBe("—");
  });

  it("writes points grouped, with decimals only when there are any", () => {
    expect(formatPoints("113185.00")).toBe("113,185");
    expect(formatPoints("12.5")).toBe("12.50");
    expect(formatPoints(null)).toBeNull();
  });

  it("previews the points of an amount at the exchange rate, and forces an amount to at least 1", () => {
    expect(pointsFor("12.34", "10")).toBe("123.40");
    expect(pointsFor("0.5", "10")).toBeNull();
    expect(pointsFor("100", null)).toBeNull();
    expect(forceAmount("0")).toBe("1");
    expect(forceAmount("0.99")).toBe("1");
    expect(forceAmount("abc")).toBe("1");
    expect(forceAmount("25")).toBe("25");
    expect(forceAmount("25.5")).toBe("25.50");
    // As decimal.js's toFixed(decimalPlaces() > 0 ? 2 : 0) writes them.
    expect(forceAmount("007")).toBe("7");
    expect(forceAmount("5.00")).toBe("5");
    expect(forceAmount("5.10")).toBe("5.10");
    expect(forceAmount("1,000.5")).toBe("1000.50");
    expect(pointsFor("0.99", "1000")).toBeNull();
    expect(pointsFor("1", "0.3333")).toBe("0.33");
    expect(pointsFor("2999.99", "1.005")).toBe("3014.98");
  });
});

describe("the gallery", () => {
  it("wraps around only with more than 5 pictures", () => {
    expect(galleryStep(7, 1, 8)).toBe(0);
    expect(galleryStep(0, -1, 8)).toBe(7);
    expect(galleryStep(4, 1, 5)).toBe(4);
    expect(galleryStep(0, -1, 5)).toBe(0);
    expect(galleryStep(2, 1, 5)).toBe(3);
    expect(galleryStep(0, 1, 0)).toBe(0);
  });
});

describe("the transactions' range", () => {
  const schema = recordsQuerySchema([], { maxDays: 30, tooLong: "points_range_too_long", hint: "points_range_hint" });
  const check = (start: string, end: string) => parseWithZod(new URLSearchParams({ start, end }), { schema });
  it("takes 30 days and refuses 31, the message beside the end date", () => {
    expect(check("2026-10-01", "2026-10-31").status).toBe("success");
    expect(errorsOf(check("2026-10-01", "2026-11-01")).end).toEqual(["points_range_too_long"]);
    expect(check("2026-02-01", "2026-03-03").status).toBe("success");
    expect(errorsOf(check("2026-02-01", "2026-03-04")).end).toEqual(["points_range_too_long"]);
    expect(errorsOf(check("2026-11-02", "2026-11-01")).end).toEqual(["records_end_before_start"]);
  });
});
