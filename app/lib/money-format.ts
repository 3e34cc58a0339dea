/**
 * Money written for display without decimal.js: the same text as money.ts's toMoney +
 * formatAmount and formatRate (decimal.js, 20 significant digits, half-up), worked out on the
 * decimal digits as text, so that a view which only shows amounts does not bring decimal.js
 * (13 KiB gzip) to the browser. Arithmetic on money stays in money.ts (tests/site/money-format.test.ts
 * holds the two to the same answers).
 *
 * What a value reads as follows decimal.js's constructor: an optional sign, then decimal
 * notation (digits with a point and an exponent, `_` between digits allowed), or an integer in
 * 0x / 0b / 0o notation; Infinity and NaN are no amount. One difference, on purpose: a fractional
 * or binary-exponent 0x / 0b / 0o value ("0x1.8", "0x1p3"), which no operator sends, reads as none.
 */

type Amount = string | number | null | undefined;

/** A finite value as integer digits (no leading zeros; "" is zero) times 10^exp. */
interface Digits {
  negative: boolean;
  coefficient: string;
  exp: number;
}

const DECIMAL = /^(\d+)?(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
const IS_DECIMAL = /^(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
const OTHER_INTEGER = /^0([xbo])([0-9a-f]+)$/i;
/** decimal.js's default exponent limits: above, the value is Infinity; below, zero. */
const MAX_E = 9e15;
const MIN_E = -9e15;

function parse(value: Amount): Digits | null {
  if (value === null || value === undefined || value === "") return null;
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === "string") {
    text = value;
  } else {
    return null;
  }
  let negative = false;
  if (text.startsWith("-")) {
    negative = true;
    text = text.slice(1);
  } else if (text.startsWith("+")) {
    text = text.slice(1);
  }
  if (!IS_DECIMAL.test(text) && text.includes("_")) text = text.replace(/(\d)_(?=\d)/g, "$1");
  if (IS_DECIMAL.test(text)) {
    const [, int = "", frac = "", exponent = "0"] = DECIMAL.exec(text)!;
    const coefficient = `${int}${frac}`.replace(/^0+/, "");
    const exp = Number(exponent) - frac.length;
    if (!coefficient) return { negative, coefficient, exp: 0 };
    const adjusted = exp + coefficient.length - 1;
    if (adjusted > MAX_E) return null;
    if (adjusted < MIN_E) return { negative, coefficient: "", exp: 0 };
    return { negative, coefficient, exp };
  }
  const other = OTHER_INTEGER.exec(text);
  if (other) {
    const base = other[1].toLowerCase();
    const valid = base === "x" ? /^[0-9a-f]+$/i : base === "b" ? /^[01]+$/ : /^[0-7]+$/;
    if (!valid.test(other[2])) return null;
    const coefficient = BigInt(`0${base}${other[2]}`).toString().replace(/^0+/, "");
    return { negative, coefficient, exp: 0 };
  }
  return null;
}

/** The digits rounded half-up to `places` significant digits (decimal.js's precision). */
function toSignificant(d: Digits, places: number): Digits {
  const extra = d.coefficient.length - places;
  if (extra <= 0) return d;
  const kept = d.coefficient.slice(0, places);
  const up = d.coefficient.charCodeAt(places) >= 53; // "5"
  const coefficient = (up ? (BigInt(kept) + BigInt(1)).toString() : kept).replace(/^0+/, "");
  return { negative: d.negative, coefficient, exp: d.exp + extra };
}

/** toFixed(2, ROUND_HALF_UP) of decimal.js: the sign stays on a negative value that rounds to zero. */
function fixed2(d: Digits): string {
  const shift = d.exp + 2;
  let hundredths: string;
  if (!d.coefficient) {
    hundredths = "0";
  } else if (shift >= 0) {
    hundredths = d.coefficient + "0".repeat(shift);
  } else {
    const drop = -shift;
    const keepLength = d.coefficient.length - drop;
    const kept = keepLength > 0 ? d.coefficient.slice(0, keepLength) : "0";
    const first = keepLength >= 0 ? d.coefficient.charCodeAt(keepLength) : 48;
    hundredths = first >= 53 ? (BigInt(kept) + BigInt(1)).toString() : kept;
  }
  const padded = hundredths.replace(/^0+(?=\d)/, "").padStart(3, "0");
  const sign = d.negative && d.coefficient ? "-" : "";
  return `${sign}${padded.slice(0, -2)}.${padded.slice(-2)}`;
}

/**
 * A two-decimal text grouped the way its currency writes it: "12345.68" → "12,345.68"; with
 * the currency BRL the pt-BR way, "12.345,68" (document 002, section 3).
 */
export function groupFixed(fixed: string, currency?: string | null): string {
  const negative = fixed.startsWith("-");
  const [int, frac] = (negative ? fixed.slice(1) : fixed).split(".");
  const brl = currency?.toUpperCase() === "BRL";
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, brl ? "." : ",");
  return `${negative ? "-" : ""}${grouped}${brl ? "," : "."}${frac}`;
}

/** An amount as money.ts's formatAmount(toMoney(value), currency) writes it; null when it is none. */
export function amountText(value: Amount, currency?: string | null): string | null {
  const d = parse(value);
  return d ? groupFixed(fixed2(d), currency) : null;
}

/** A rate as money.ts's formatRate writes it: rate × 100 with two decimals ("0.012" → "1.20%"). */
export function rateText(value: Amount): string | null {
  const d = parse(value);
  return d ? `${fixed2(toSignificant({ ...d, exp: d.exp + 2 }, 20))}%` : null;
}
