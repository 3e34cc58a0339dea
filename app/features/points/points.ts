/**
 * The points mall's rules (document 002, sections 2, 4, 5 and 9; decision 033), one module for
 * the browser and the server: the checks the redeem and conversion schemas (points-schema.ts)
 * are built from, the pay money and the conversion preview, and the rate percentages, with
 * everything of mall.ts (addresses, page sizes, points as text, quantity forcing, the remarks
 * join, the gallery's loop) re-exported. A page that only shows imports mall.ts itself.
 * Client-safe: no server code. The products are display (the operator charges and credits):
 * they are worked out by money-format.ts, decimal.js's answers without its 13 KiB in the
 * redeem and conversion forms' first view.
 */
import { atLeastOne, fixedProductDown, fixedTimes, isAmount, rateText } from "~/lib/money-format";
import type { RedeemType } from "./mall";

// What a page draws with lives in mall.ts (no zod, no decimal.js); the rules are one module still.
export * from "./mall";

/** Pay money (document 002, section 5): quantity × the money amount for PM, else 0; two decimals. */
export function payMoney(quantity: number, redeemType: RedeemType, mpMoneyAmount: string | null | undefined): string {
  if (redeemType !== "PM" || !Number.isInteger(quantity) || quantity < 1) return "0.00";
  return fixedTimes(mpMoneyAmount, quantity) ?? "0.00";
}

/** Points to pay: quantity × the points of the chosen way. */
export function payPoints(
  quantity: number,
  redeemType: RedeemType,
  reward: { price?: number | null; mpPointAmount?: number | null },
): number {
  const unit = redeemType === "P" ? reward.price : reward.mpPointAmount;
  return unit && quantity > 0 ? unit * quantity : 0;
}

/** An item without a point price defaults to points plus money (document 002, section 4). */
export function redeemTypes(reward: { price?: number | null; mpPointAmount?: number | null; mpMoneyAmount?: string | null }): RedeemType[] {
  const types: RedeemType[] = [];
  if (reward.price) types.push("P");
  if (reward.mpPointAmount && isAmount(reward.mpMoneyAmount)) types.push("PM");
  return types;
}

/** A rate as a percentage: rate × 100 with two decimals ("0.005" → "0.50%"); "—" when there is none. */
export function ratePercent(rate: string | null | undefined): string {
  return rateText(rate) ?? "—";
}

/** Points for an amount of money at the exchange rate (the operator rounds down to two decimals). */
export function pointsFor(amount: string, exchangeRate: string | null | undefined): string | null {
  return atLeastOne(amount) ? fixedProductDown(amount, exchangeRate) : null;
}

export interface RedeemRules {
  lineRequired: boolean;
  paymentPassword: boolean;
  phone: { min: number; max: number };
  inventory: number;
  types: readonly RedeemType[];
}

/** A conversion amount (document 002, section 5): at least 1, at most two decimals. */
export function convertAmountValid(raw: string): boolean {
  return /^\d{1,12}(\.\d{1,2})?$/.test(raw) && atLeastOne(raw);
}

/** The amount forced to at least 1 (document 002, section 5), for the refilled field. */
export function forceAmount(raw: string): string {
  const cleaned = raw.replace(/[^\d.]/g, "");
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(cleaned) || !atLeastOne(cleaned)) return "1";
  // decimal.js's toFixed(decimalPlaces() > 0 ? 2 : 0): "007" → "7", "5.10" → "5.10", "5.00" → "5".
  const [int, fraction = ""] = cleaned.split(".");
  const whole = int.replace(/^0+(?=\d)/, "");
  return /[1-9]/.test(fraction) ? `${whole}.${fraction.padEnd(2, "0")}` : whole;
}
