/**
 * Money with decimal.js, never floating point (20 significant digits, half-up), formatted the
 * spec's way: en-US grouping, two decimals, currency symbol in front (F or empty) or behind (B).
 * merchantMoney is the one way a page writes the merchant's money, amounts and sums alike.
 * A view that only shows amounts writes them with money-format.ts, the same text without decimal.js.
 */
import Decimal from "decimal.js";
import { groupFixed, withSymbol, type MerchantCurrency } from "./money-format";

export type { MerchantCurrency };

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
  return groupFixed(value.toFixed(2, Decimal.ROUND_HALF_UP), currency);
}

type Amount = string | number | null | undefined;

/** The merchant's money: every page writes an amount or a sum through one of these. */
export interface MerchantMoney {
  /** An amount, grouped the way its currency writes it, with the symbol on its side; null when it is none. */
  format(value: Amount): string | null;
  /** format, or the dash a page draws where an amount is missing. */
  show(value: Amount): string;
  /**
   * A sum (the wallets' total, the balance's sumBalance): grouped en-US whatever the currency
   * (decision 026), with the symbol on its side; null when it is none.
   */
  sum(value: Decimal): string;
  sum(value: Decimal | Amount): string | null;
  /** The settings it writes with, for a form that writes money in the browser (the redeem form's cost). */
  style: MerchantCurrency;
}

/** The kit for these settings; `own`: the symbol and currency an answer names, before the settings'. */
export function merchantMoney(
  settings: MerchantCurrency,
  own?: Pick<MerchantCurrency, "currencySymbol" | "currency"> | null,
): MerchantMoney {
  const symbol = own?.currencySymbol ?? settings.currencySymbol ?? "";
  const position = settings.currencyPosition ?? null;
  const currency = own?.currency ?? settings.currency ?? null;
  const written = (text: string) => withSymbol({ currencySymbol: symbol, currencyPosition: position }, text);
  const format = (value: Amount) => {
    const amount = toMoney(value);
    return amount ? written(formatAmount(amount, currency)) : null;
  };
  function sum(value: Decimal): string;
  function sum(value: Decimal | Amount): string | null;
  function sum(value: Decimal | Amount): string | null {
    const amount = value instanceof Decimal ? value : toMoney(value);
    return amount ? written(formatAmount(amount)) : null;
  }
  return {
    format,
    show: (value) => format(value) ?? "—",
    sum,
    style: { currencySymbol: symbol, currencyPosition: position, currency },
  };
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
