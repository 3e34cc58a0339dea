/**
 * money-format.ts writes amounts and rates without decimal.js: every value here, listed and
 * generated, must come out as money.ts (decimal.js) writes it.
 */
import { describe, expect, it } from "vitest";
import { amountText, rateText } from "~/lib/money-format";
import { formatAmount, formatRate, toMoney } from "~/lib/money";

const viaDecimal = (value: string | number | null | undefined, currency?: string | null) => {
  const d = toMoney(value);
  return d ? formatAmount(d, currency) : null;
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

describe("money-format: amounts and rates as decimal.js writes them", () => {
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
});
