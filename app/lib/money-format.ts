/**
 * Money written for display without decimal.js: the same text as money.ts's toMoney +
 * formatAmount and formatRate (decimal.js, 20 significant digits, half-up), worked out on the
 * decimal digits as text, so that a view which only shows amounts does not bring decimal.js
 * (13 KiB gzip) to the browser (tests/server/money-format.test.ts holds the two to the same
 * answers). The products a form shows as the player types are display too, and are here for the
 * same reason: a price times a whole quantity (the points mall's pay money) and an amount times a
 * rate rounded down (its conversion preview); the operator charges and credits, not this text.
 * Sums and what a server decides with stay in money.ts.
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

/**
 * toFixed(2) of decimal.js, half-up (money.ts's rounding), the sign kept on a negative value
 * that rounds to zero; or, with `down`, toDecimalPlaces(2, ROUND_DOWN).toFixed(2).
 */
function fixed2(d: Digits, down = false): string {
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
    hundredths = !down && first >= 53 ? (BigInt(kept) + BigInt(1)).toString() : kept;
  }
  const padded = hundredths.replace(/^0+(?=\d)/, "").padStart(3, "0");
  // Rounded first (toDecimalPlaces) a value is a zero and writes no sign; written rounding (toFixed) keeps it.
  const sign = d.negative && d.coefficient && (!down || /[1-9]/.test(hundredths)) ? "-" : "";
  return `${sign}${padded.slice(0, -2)}.${padded.slice(-2)}`;
}

/** a × b as decimal.js's times() gives it: the exact product rounded half-up to 20 significant digits. */
function times(a: Digits, b: Digits): Digits {
  const coefficient = a.coefficient && b.coefficient ? (BigInt(a.coefficient) * BigInt(b.coefficient)).toString() : "";
  return toSignificant({ negative: a.negative !== b.negative, coefficient, exp: coefficient ? a.exp + b.exp : 0 }, 20);
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

/**
 * An amount times a whole number, two decimals, ungrouped: money.ts's
 * `toMoney(value).times(count).toFixed(2)` ("2999.99" × 7 → "20999.93"); null when the value is
 * no amount or the count is not a whole number.
 */
export function fixedTimes(value: Amount, count: number): string | null {
  const d = parse(value);
  if (!d || !Number.isSafeInteger(count)) return null;
  return fixed2(times(d, parse(count)!));
}

/**
 * a × b rounded down to two decimals, ungrouped: `toMoney(a).times(b).toDecimalPlaces(2,
 * ROUND_DOWN).toFixed(2)` ("12.34" × "10" → "123.40"); null when either is no amount.
 */
export function fixedProductDown(a: Amount, b: Amount): string | null {
  const x = parse(a);
  const y = parse(b);
  return x && y ? fixed2(times(x, y), true) : null;
}

/** Whether the value is an amount of at least 1 (`toMoney(value)?.gte(1)`), decided on its digits. */
export function atLeastOne(value: Amount): boolean {
  const d = parse(value);
  // C × 10^exp with C's first digit not zero is at least 1 exactly when it has an integer digit.
  return d !== null && !d.negative && d.coefficient.length + d.exp >= 1;
}

/** Whether decimal.js reads the value as a finite amount (money.ts's toMoney is not null). */
export function isAmount(value: Amount): boolean {
  return parse(value) !== null;
}

/**
 * How the merchant writes money, as the site settings say it: its symbol, on which side and its
 * currency (BRL groups the pt-BR way). A wallet list or a balance may name its own symbol and currency.
 */
export interface MerchantCurrency {
  currencySymbol?: string | null;
  currencyPosition?: string | null;
  currency?: string | null;
}

/** Written text with the merchant's symbol on its side: B behind (with a space), anything else in front. */
export function withSymbol(style: MerchantCurrency, text: string): string {
  const symbol = style.currencySymbol ?? "";
  return style.currencyPosition === "B" ? `${text} ${symbol}`.trim() : `${symbol}${text}`;
}

/** An amount as money.ts's merchantMoney(style).format writes it; null when it is none. */
export function merchantAmountText(style: MerchantCurrency, value: Amount): string | null {
  const text = amountText(value, style.currency);
  return text === null ? null : withSymbol(style, text);
}
