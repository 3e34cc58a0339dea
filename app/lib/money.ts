/**
 * Money with decimal.js, never floating point (20 significant digits, half-up), formatted the
 * spec's way: en-US grouping, two decimals, currency symbol in front (F or empty) or behind (B).
 */
import Decimal from "decimal.js";

const Money = Decimal.clone({ precision: 20, rounding: Decimal.ROUND_HALF_UP });

export function toMoney(value: string | number | null | undefined): Decimal | null {
  if (value === null || value === undefined || value === "") return null;
  try {
    const d = new Money(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** 12345.678 → "12,345.68" */
export function formatAmount(value: Decimal): string {
  const fixed = value.toFixed(2, Decimal.ROUND_HALF_UP);
  const negative = fixed.startsWith("-");
  const [int, frac] = (negative ? fixed.slice(1) : fixed).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}.${frac}`;
}

export function formatMoney(value: string | number | null | undefined, symbol: string, position: string | null | undefined): string | null {
  const amount = toMoney(value);
  if (!amount) return null;
  const text = formatAmount(amount);
  return position === "B" ? `${text} ${symbol}`.trim() : `${symbol}${text}`;
}

/** The total of a wallet list: the sum of availBalance. */
export function sumBalances(entries: Array<{ availBalance?: string | number | null }>): Decimal {
  return entries.reduce<Decimal>((sum, e) => sum.plus(toMoney(e.availBalance) ?? 0), new Money(0));
}
