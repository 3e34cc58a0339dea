/**
 * The points mall's rules a page draws with (document 002, sections 2, 4, 5 and 9; decision 033):
 * its addresses and page sizes, points as text, quantity forcing, the remarks join, the
 * gallery's loop and the form messages. Apart from the schemas and the pay-money arithmetic
 * (points.ts, which re-exports all of this): the mall's pages that only show bring neither zod
 * nor decimal.js. Client-safe: no server code.
 */
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

/** Points as the pages show them: grouped, with decimals only when there are any ("113,185", "12.50"). */
export function formatPoints(value: string | number | null | undefined): string | null {
  // Display only: decimal.js's text without decimal.js (a view showing points brings none).
  return amountText(value)?.replace(/\.00$/, "") ?? null;
}

/** A redeem quantity (document 002, section 5): a whole number from 1 to the stock. */
export function quantityInRange(raw: string, inventory: number): boolean {
  return /^\d{1,9}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= inventory;
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
