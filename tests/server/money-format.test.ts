/**
 * money-format.ts writes amounts and rates without decimal.js: every value here, listed and
 * generated, must come out as money.ts (decimal.js) writes it.
 */
import { describe, expect, it } from "vitest";
import Decimal from "decimal.js";
import { amountText, atLeastOne, fixedProductDown, fixedTimes, isAmount, merchantAmountText, rateText } from "~/lib/money-format";
import { formatAmount, formatRate, merchantMoney, toMoney } from "~/lib/money";

const viaDecimal = (value: string | number | null | undefined, currency?: string | null) => {
  const d = toMoney(value);
  return d ? formatAmount(d, currency) : null;
};

/** The products as money.ts's decimal.js gives them. */
const timesViaDecimal = (value: string | number | null | undefined, count: number) => toMoney(value)?.times(count).toFixed(2) ?? null;
const productDownViaDecimal = (a: string | number | null | undefined, b: string | number | null | undefined) => {
  const x = toMoney(a);
  const y = toMoney(b);
  return x && y ? x.times(y).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2) : null;
};

const LISTED: Array<string | number | null | undefined> = [
  null,
  undefined,
  "",
  " 1 ",
  "+1",
  "-1",
  ".5",
  "5.",
  "1e5",
  "1E5",
  "1e-7",
  "-0",
  "0",
  "-0.001",
  "-0.005",
  "0.005",
  "0.004999",
  "0.995",
  "9.995",
  "99999.995",
  "-99999.995",
  "1234567.891",
  "1_000",
  "1__0",
  "_1",
  "0x1f",
  "-0x1F",
  "0b101",
  "0o17",
  "0o19",
  "Infinity",
  "-Infinity",
  "NaN",
  "-",
  ".",
  "e5",
  "1e",
  "abc",
  "12a",
  "1.2.3",
  "١",
  "1e+21",
  "1e21",
  "12345678901234567890.125",
  "0.000000000000000000000000015",
  "123456789012345678901234567890.005",
  "1e9000000000000001",
  "1e-9000000000000001",
  "1e-9000000000000000",
  "00012.5",
  "0.0",
  "000",
  0,
  -0,
  1,
  -1,
  0.1 + 0.2,
  1e21,
  1e-7,
  123.456,
  -0.005,
  0.015,
  1.005,
  2.675,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  NaN,
  Infinity,
  12345.678,
  "12,345",
  "1e+5",
  "1e-5",
  "+.5",
  "-.5",
  "+-1",
];

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function generated(count: number): string[] {
  const rnd = random(25);
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join("");
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const sign = rnd() < 0.3 ? "-" : rnd() < 0.1 ? "+" : "";
    const int = digits(Math.floor(rnd() * 25));
    // Many values end on a 5 or a 4 where rounding decides.
    const frac =
      rnd() < 0.7 ? `${digits(Math.floor(rnd() * 4))}${rnd() < 0.5 ? "5" : "4"}${rnd() < 0.5 ? digits(Math.floor(rnd() * 20)) : ""}` : "";
    const exp = rnd() < 0.2 ? `e${rnd() < 0.5 ? "-" : ""}${Math.floor(rnd() * 30)}` : "";
    const body = `${int}${frac ? `.${frac}` : rnd() < 0.1 ? "." : ""}${exp}`;
    out.push(`${sign}${body}`);
  }
  return out;
}

describe("money-format: amounts, rates and products as decimal.js writes them", () => {
  it("listed values, every currency way", () => {
    for (const value of LISTED) {
      for (const currency of [undefined, null, "CNY", "BRL", "brl"]) {
        expect(amountText(value, currency), `${String(value)} ${currency}`).toBe(viaDecimal(value, currency));
      }
      expect(rateText(value), String(value)).toBe(formatRate(value));
    }
  });

  it("20,000 generated values", () => {
    for (const value of generated(20_000)) {
      expect(amountText(value), value).toBe(viaDecimal(value));
      expect(amountText(value, "BRL"), value).toBe(viaDecimal(value, "BRL"));
      expect(rateText(value), value).toBe(formatRate(value));
    }
  });

  it("numbers as the operator's JSON gives them", () => {
    const rnd = random(7);
    for (let i = 0; i < 5_000; i++) {
      const n = (rnd() - 0.5) * 10 ** Math.floor(rnd() * 12);
      const rounded = Math.round(n * 1000) / 1000;
      for (const value of [n, rounded]) {
        expect(amountText(value), String(value)).toBe(viaDecimal(value));
        expect(rateText(value), String(value)).toBe(formatRate(value));
      }
    }
  });

  it("reads a fractional or binary-exponent 0x value as none (decimal.js takes it; no operator sends it)", () => {
    expect(amountText("0x1.8")).toBeNull();
    expect(amountText("0x1p3")).toBeNull();
    expect(viaDecimal("0x1.8")).toBe("1.50");
  });

  it("products, the at-least-one test and the merchant's writing, for listed and generated values", () => {
    const values = [...LISTED, ...generated(5_000)];
    const rnd = random(43);
    const counts = [0, 1, 2, 3, 7, 99, 1_000_000, 123_456_789];
    const rates = ["10", "0.5", "1.005", "0.333333333333333333333", "12345.6789", "0", "-2", null, "abc"];
    const styles = [
      { currencySymbol: "¥", currencyPosition: "F", currency: "CNY" },
      { currencySymbol: "R$", currencyPosition: "B", currency: "BRL" },
      { currencySymbol: null, currencyPosition: null, currency: null },
    ];
    for (const value of values) {
      const label = String(value);
      expect(isAmount(value), label).toBe(toMoney(value) !== null);
      expect(atLeastOne(value), label).toBe(toMoney(value)?.gte(1) ?? false);
      for (const count of [...counts, Math.floor(rnd() * 10_000)])
        expect(fixedTimes(value, count), `${label} × ${count}`).toBe(timesViaDecimal(value, count));
      for (const rate of [...rates, (rnd() * 100).toFixed(Math.floor(rnd() * 8))])
        expect(fixedProductDown(value, rate), `${label} × ${rate}`).toBe(productDownViaDecimal(value, rate));
      for (const style of styles) expect(merchantAmountText(style, value), label).toBe(merchantMoney(style).format(value));
    }
  });

  it("a count that is not a whole number is no product", () => {
    expect(fixedTimes("699.00", 1.5)).toBeNull();
    expect(fixedTimes("699.00", Number.NaN)).toBeNull();
    expect(fixedTimes("699.00", 2 ** 60)).toBeNull();
  });
});
