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

/**
 * 12345.678 → "12,345.68"; with the currency BRL the pt-BR way, "12.345,68" (document 002,
 * section 3: BRL formats pt-BR, every other currency zh, which groups as en-US does).
 */
export function formatAmount(value: Decimal, currency?: string | null): string {
  const fixed = value.toFixed(2, Decimal.ROUND_HALF_UP);
  const negative = fixed.startsWith("-");
  const [int, frac] = (negative ? fixed.slice(1) : fixed).split(".");
  const brl = currency?.toUpperCase() === "BRL";
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, brl ? "." : ",");
  return `${negative ? "-" : ""}${grouped}${brl ? "," : "."}${frac}`;
}

export function formatMoney(
  value: string | number | null | undefined,
  symbol: string,
  position: string | null | undefined,
  currency?: string | null,
): string | null {
  const amount = toMoney(value);
  if (!amount) return null;
  const text = formatAmount(amount, currency);
  return position === "B" ? `${text} ${symbol}`.trim() : `${symbol}${text}`;
}

/** The total of a wallet list: the sum of availBalance. */
export function sumBalances(entries: Array<{ availBalance?: string | number | null }>): Decimal {
  return entries.reduce<Decimal>((sum, e) => sum.plus(toMoney(e.availBalance) ?? 0), new Money(0));
}

/** A rate as the spec shows it: percent = rate × 100 with two decimals ("0.012" → "1.20%"). */
export function formatRate(value: string | number | null | undefined): string | null {
  const rate = toMoney(value);
  return rate ? `${rate.times(100).toFixed(2, Decimal.ROUND_HALF_UP)}%` : null;
}
