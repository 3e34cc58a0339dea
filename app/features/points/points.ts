/**
 * The points mall's rules (document 002, sections 2, 4, 5 and 9; decision 033), one module for
 * the browser and the server: the page sizes, the redeem and conversion schemas, the pay-money
 * arithmetic in decimal.js, quantity forcing, the remarks join, the rate percentages and the
 * gallery's loop. Client-safe: no server code.
 */
import Decimal from "decimal.js";
import { z } from "zod";
import { toMoney } from "~/lib/money";
import { amountText } from "~/lib/money-format";

export const POINT_MALL_PATH = "/member/pointMall";
/** Rewards per type on the All view, for a selected type, and with "more" (the spec's page size). */
export const REWARDS_PER_TYPE = 3;
export const REWARDS_SELECTED = 7;
export const REWARDS_MORE = 1000;
export const REDEEM_RECORDS_PAGE_SIZE = 13;
export const POINT_TX_PAGE_SIZE = 12;
/** The points history's longest range (document 002, section 5). */
export const POINT_RANGE_MAX_DAYS = 30;
/** MemTransDet's points account and the internal type it leaves out. */
export const POINT_ACCOUNT_TYPE_ID = 9;
export const EXCLUDED_TX_TYPES = [9203] as const;
/** The gallery loops (its arrows wrap around) when a reward has more images than this. */
export const GALLERY_LOOP_ABOVE = 5;
export const REDEEM_STATUSES = ["P", "A", "R"] as const;
export type RedeemStatus = (typeof REDEEM_STATUSES)[number];
export type RedeemType = "P" | "PM";

export const pointMallHref = (child?: "records" | "transactions" | "rules", search?: Record<string, string>) => {
  const query = search && Object.keys(search).length ? `?${new URLSearchParams(search)}` : "";
  return `${POINT_MALL_PATH}${child ? `/${child}` : ""}${query}`;
};
export const rewardHref = (id: number | string, search?: string) => `${POINT_MALL_PATH}/reward/${id}${search ?? ""}`;

const decimal = toMoney;

/** Points as the pages show them: grouped, with decimals only when there are any ("113,185", "12.50"). */
export function formatPoints(value: string | number | null | undefined): string | null {
  // Display only: decimal.js's text without decimal.js (a view showing points brings none).
  return amountText(value)?.replace(/\.00$/, "") ?? null;
}

/** Pay money (document 002, section 5): quantity × the money amount for PM, else 0; two decimals. */
export function payMoney(quantity: number, redeemType: RedeemType, mpMoneyAmount: string | null | undefined): string {
  const unit = decimal(mpMoneyAmount);
  if (redeemType !== "PM" || !unit || !Number.isInteger(quantity) || quantity < 1) return "0.00";
  return unit.times(quantity).toFixed(2);
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

/**
 * The quantity forced as the spec says: non-digits stripped, then held between 1 and the
 * inventory. Whether the given text needed it is what the form tells the player.
 */
export function forceQuantity(raw: string, inventory: number): { value: number; changed: boolean } {
  const digits = raw
    .replace(/\D/g, "")
    .replace(/^0+(?=\d)/, "")
    .slice(0, 9);
  const n = digits === "" ? 0 : Number(digits);
  const top = Math.max(1, inventory);
  const value = Math.min(Math.max(n, 1), top);
  return { value, changed: String(value) !== raw.trim() };
}

/** An item without a point price defaults to points plus money (document 002, section 4). */
export function redeemTypes(reward: { price?: number | null; mpPointAmount?: number | null; mpMoneyAmount?: string | null }): RedeemType[] {
  const types: RedeemType[] = [];
  if (reward.price) types.push("P");
  if (reward.mpPointAmount && decimal(reward.mpMoneyAmount)) types.push("PM");
  return types;
}

export interface RemarkLabels {
  name: string;
  phone: string;
  address: string;
  line: string;
}

/** The remarks the operator receives: labelled name, phone, address and the LINE ID when given, in that order. */
export function redeemRemarks(values: { name: string; phone: string; address: string; line?: string }, labels: RemarkLabels): string {
  const parts = [`${labels.name}: ${values.name}`, `${labels.phone}: ${values.phone}`, `${labels.address}: ${values.address}`];
  if (values.line) parts.push(`${labels.line}: ${values.line}`);
  return parts.join("; ");
}

/** A rate as a percentage: rate × 100 with two decimals ("0.005" → "0.50%"); "—" when there is none. */
export function ratePercent(rate: string | null | undefined): string {
  const d = decimal(rate);
  return d ? `${d.times(100).toFixed(2)}%` : "—";
}

/** Points for an amount of money at the exchange rate (the operator rounds down to two decimals). */
export function pointsFor(amount: string, exchangeRate: string | null | undefined): string | null {
  const a = decimal(amount);
  const rate = decimal(exchangeRate);
  if (!a || !rate || a.lt(1)) return null;
  return a.times(rate).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
}

/** The image shown after `index` when moving by `step`: wraps around only when the gallery loops. */
export function galleryStep(index: number, step: 1 | -1, count: number): number {
  if (count <= 0) return 0;
  const next = index + step;
  if (count > GALLERY_LOOP_ABOVE) return (next + count) % count;
  return Math.min(Math.max(next, 0), count - 1);
}

export const POINT_MESSAGES = {
  lineRequired: "points_line_required",
  passwordRequired: "points_password_required",
  paymentPasswordRequired: "points_payment_password_required",
  nameRequired: "points_name_required",
  addressRequired: "points_address_required",
  phoneRequired: "points_phone_required",
  phoneInvalid: "points_phone_invalid",
  quantityInvalid: "points_quantity_invalid",
  typeInvalid: "points_type_invalid",
  tooLong: "points_field_too_long",
  amountInvalid: "points_amount_invalid",
} as const;

export interface RedeemRules {
  lineRequired: boolean;
  paymentPassword: boolean;
  phone: { min: number; max: number };
  inventory: number;
  types: readonly RedeemType[];
}

const required = (message: string, max: number) =>
  z.string({ required_error: message }).trim().min(1, message).max(max, POINT_MESSAGES.tooLong);

/**
 * The redeem form in the spec's order: the LINE ID when the operator asks for one, the password
 * (the payment password under PAYMENTPASS3), name, address, phone, then quantity and the way to pay.
 */
export function redeemSchema(rules: RedeemRules) {
  return z.object({
    line: rules.lineRequired ? required(POINT_MESSAGES.lineRequired, 50) : z.string().max(50, POINT_MESSAGES.tooLong).optional(),
    // Not trimmed: a password is what was typed.
    password: z
      .string({ required_error: rules.paymentPassword ? POINT_MESSAGES.paymentPasswordRequired : POINT_MESSAGES.passwordRequired })
      .min(1, rules.paymentPassword ? POINT_MESSAGES.paymentPasswordRequired : POINT_MESSAGES.passwordRequired)
      .max(64, POINT_MESSAGES.tooLong),
    name: required(POINT_MESSAGES.nameRequired, 50),
    address: required(POINT_MESSAGES.addressRequired, 200),
    phone: required(POINT_MESSAGES.phoneRequired, 32).refine(
      (v) => /^\d/.test(v) && v.length >= rules.phone.min && v.length <= rules.phone.max,
      POINT_MESSAGES.phoneInvalid,
    ),
    province: z.string().trim().max(50, POINT_MESSAGES.tooLong).optional(),
    quantity: z
      .string({ required_error: POINT_MESSAGES.quantityInvalid })
      .trim()
      .refine((v) => /^\d{1,9}$/.test(v) && Number(v) >= 1 && Number(v) <= rules.inventory, POINT_MESSAGES.quantityInvalid)
      .transform(Number),
    redeemType: z
      .enum(["P", "PM"], { errorMap: () => ({ message: POINT_MESSAGES.typeInvalid }) })
      .refine((v) => rules.types.includes(v), POINT_MESSAGES.typeInvalid),
  });
}

/** Money to points: an amount of at least 1 with at most two decimals, and the password. */
export function convertSchema(paymentPassword: boolean) {
  const passwordMessage = paymentPassword ? POINT_MESSAGES.paymentPasswordRequired : POINT_MESSAGES.passwordRequired;
  return z.object({
    amount: z
      .string({ required_error: POINT_MESSAGES.amountInvalid })
      .trim()
      .refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v) && (toMoney(v)?.gte(1) ?? false), POINT_MESSAGES.amountInvalid),
    password: z.string({ required_error: passwordMessage }).min(1, passwordMessage).max(64, POINT_MESSAGES.tooLong),
  });
}

/** The amount forced to at least 1 (document 002, section 5), for the refilled field. */
export function forceAmount(raw: string): string {
  const cleaned = raw.replace(/[^\d.]/g, "");
  const d = /^\d{1,12}(\.\d{1,2})?$/.test(cleaned) ? toMoney(cleaned) : null;
  return d && d.gte(1) ? d.toFixed(d.decimalPlaces() > 0 ? 2 : 0) : "1";
}
