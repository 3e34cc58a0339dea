/**
 * The points mall's calls (document 002, sections 3, 5 and 7; decision 033): MCSFE_getPointBalance,
 * getPointConfig, getPointRewardConversionType, getPointReward, getRedeemPointList, and the two
 * password-checked, encrypted calls passwordCheck/MCSFE_redeemPointReward and …convertPoint. Point
 * transactions are the records area's ODSFE2_MemTransDet with accountTypeId 9. The reward images
 * are generated SVGs under /res/points; the test helpers live under /__reference/points.
 */
import Decimal from "decimal.js";
import type { MessageLanguage } from "../catalog";
import { verifyPassword } from "../crypto";
import { pictureSvg, ICON_HEADERS, SVG_TYPE } from "../games/icons";
import { requestLanguage } from "../games/shape";
import { failWith, isRecord, ok, rawReply, sessionOf, type Reply, type RouteContext, type RouteDef } from "../http";
import { memberByUsername } from "../member/store";
import type { RelayDef } from "../relay";
import { MERCHANT_CODE } from "../db";
import { features } from "../system/store";
import {
  convert,
  pointAccount,
  pointConfig,
  redeem,
  redemptionPage,
  rewardDescription,
  rewardById,
  rewardName,
  rewardPage,
  rewardTypes,
  setInventory,
  setLineRequired,
  setPointBalance,
  type RewardRow,
} from "./store";

const MESSAGES: Record<string, Record<MessageLanguage, string>> = {
  "password.incorrect": { zh: "密码错误", en: "The password is incorrect" },
  "payment.password.incorrect": { zh: "支付密码错误", en: "The payment password is incorrect" },
  "reward.not.found": { zh: "商品不存在或已下架", en: "This reward does not exist or was withdrawn" },
  "reward.sold.out": { zh: "商品已兑完", en: "This reward is sold out" },
  "reward.quantity.invalid": { zh: "兑换数量超出库存", en: "The quantity is more than the inventory" },
  "redeem.type.invalid": { zh: "该商品不支持此兑换方式", en: "This reward cannot be redeemed that way" },
  "point.insufficient": { zh: "积分不足", en: "Not enough points" },
  "balance.insufficient": { zh: "余额不足", en: "Your balance is not enough" },
  "amount.invalid": { zh: "请输入正确的金额", en: "Enter a valid amount" },
  "request.invalid": { zh: "请求无效", en: "Invalid request" },
};

const refuse = (lang: MessageLanguage, code: string, status = 200): Reply => failWith(MESSAGES, lang, code, status);
const bodyOf = (ctx: RouteContext): Record<string, unknown> => (isRecord(ctx.body) ? ctx.body : {});

/** A whole number: a JSON number or a string of digits. */
function integer(value: unknown): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d{1,15}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) ? n : null;
}

const text = (value: unknown, max: number): string | null => (typeof value === "string" && value.length <= max ? value.trim() : null);

const MAX_PAGE_SIZE = 1000;
/** 2000-01-01 to 2100-01-01: any other time is a mistake. */
const TIME_MIN = 946_684_800_000;
const TIME_MAX = 4_102_444_800_000;

export const imagePath = (rewardId: number, index: number, size: "S" | "M") => `/res/points/${rewardId}-${index}-${size}.svg`;

function rewardJson(row: RewardRow, ctx: RouteContext) {
  const lang = requestLanguage(ctx);
  const images = Array.from({ length: row.images }, (_, i) => i + 1).flatMap((n) => [
    { imageUrl: imagePath(row.id, n, "M"), type: "M" },
    { imageUrl: imagePath(row.id, n, "S"), type: "S" },
  ]);
  return {
    id: row.id,
    name: rewardName(row, lang),
    type: row.type_code,
    price: row.price,
    mpPointAmount: row.mp_points,
    mpMoneyAmount: row.mp_money,
    displayPointMoneyAmt: row.mp_points !== null && row.mp_money !== null ? "Y" : "N",
    inventory: row.inventory,
    adjustedCount: row.adjusted_count,
    description: rewardDescription(row, lang),
    imageLink: imagePath(row.id, 1, "M"),
    merchandiseImages: images,
  };
}

/**
 * The password of a password-checked call: the payment password when PAYMENTPASS3 is on and the
 * member has one, the login password otherwise.
 */
async function passwordProblem(ctx: RouteContext, password: unknown): Promise<Reply | null> {
  const { member } = sessionOf(ctx);
  if (typeof password !== "string" || password === "" || password.length > 64) return refuse(ctx.lang, "password.incorrect");
  const payment =
    features(ctx.runtime.db, ctx.merchantCode).PAYMENTPASS3 === true ? pointAccount(ctx.runtime.db, member.id).paymentPasswordHash : null;
  if (payment) return (await verifyPassword(password, payment)) ? null : refuse(ctx.lang, "payment.password.incorrect");
  return (await verifyPassword(password, member.password_hash)) ? null : refuse(ctx.lang, "password.incorrect");
}

const relay = (operation: string, handler: (ctx: RouteContext) => Reply | Promise<Reply>, passwordCheck = false): RelayDef => ({
  service: "MCSFE",
  operation,
  access: "session",
  body: passwordCheck ? "encrypted" : "json",
  passwordCheck,
  handler,
});

export const pointRelays: RelayDef[] = [
  relay("getPointBalance", (ctx) => ok({ balance: pointAccount(ctx.runtime.db, sessionOf(ctx).member.id).balance.toFixed(2) })),
  relay("getPointConfig", (ctx) => {
    const c = pointConfig(ctx.runtime.db, ctx.merchantCode);
    if (!c) return refuse(ctx.lang, "request.invalid");
    return ok({
      pointExchangeRate: c.exchange_rate,
      liveBet: c.live_bet,
      lottoBet: c.lotto_bet,
      pvpBet: c.pvp_bet,
      rngBet: c.rng_bet,
      sportBet: c.sport_bet,
      deposit: c.deposit,
      lineRequired: c.line_required === 1 ? "Y" : "N",
    });
  }),
  relay("getPointRewardConversionType", (ctx) => ok(rewardTypes(ctx.runtime.db, ctx.merchantCode, requestLanguage(ctx)))),
  relay("getPointReward", (ctx) => {
    const b = bodyOf(ctx);
    const page = b.page === undefined ? 1 : integer(b.page);
    const size = b.size === undefined ? 20 : integer(b.size);
    const type = b.type === undefined || b.type === "" || b.type === null ? undefined : text(b.type, 32);
    const id = b.id === undefined ? undefined : integer(b.id);
    if (page === null || size === null || page < 1 || size < 1 || size > MAX_PAGE_SIZE || type === null || id === null) {
      return refuse(ctx.lang, "request.invalid", 400);
    }
    const found = rewardPage(ctx.runtime.db, ctx.merchantCode, { type, id: id ?? undefined }, page, size);
    return ok({ list: found.rows.map((row) => rewardJson(row, ctx)), total: found.total, page, size });
  }),
  relay("getRedeemPointList", (ctx) => {
    const b = bodyOf(ctx);
    const start = integer(b.startDate);
    const end = integer(b.endDate);
    const page = b.page === undefined ? 1 : integer(b.page);
    const size = b.size === undefined ? 13 : integer(b.size);
    const status = b.status === undefined || b.status === null || b.status === "" ? undefined : b.status;
    if (start === null || end === null || start < TIME_MIN || end > TIME_MAX || end < start)
      return refuse(ctx.lang, "request.invalid", 400);
    if (page === null || size === null || page < 1 || size < 1 || size > 100) return refuse(ctx.lang, "request.invalid", 400);
    if (status !== undefined && !["P", "R", "A"].includes(status as string)) return refuse(ctx.lang, "request.invalid", 400);
    const lang = requestLanguage(ctx);
    const found = redemptionPage(
      ctx.runtime.db,
      sessionOf(ctx).member.id,
      { start, end, status: status as string | undefined },
      page,
      size,
    );
    return ok({
      list: found.rows.map((row) => ({
        id: row.id,
        dateRequested: row.requested_at,
        type: row.redeem_type,
        name: rewardName(row, lang),
        quantity: row.quantity,
        requiredPoint: row.required_point,
        requiredMoney: row.required_money,
        status: row.status,
      })),
      total: found.total,
      page,
      size,
    });
  }),
  relay(
    "redeemPointReward",
    async (ctx) => {
      const b = bodyOf(ctx);
      const problem = await passwordProblem(ctx, b.password);
      if (problem) return problem;
      const rewardId = integer(b.rewardId);
      const quantity = integer(b.quantity);
      const redeemType = b.redeemType === "P" || b.redeemType === "PM" ? b.redeemType : null;
      const province = text(b.province ?? "", 100);
      const remarks = text(b.remarks, 1000);
      if (rewardId === null || quantity === null || redeemType === null || province === null || !remarks) {
        return refuse(ctx.lang, "request.invalid");
      }
      const now = ctx.runtime.now();
      const done = redeem(
        ctx.runtime.db,
        ctx.merchantCode,
        sessionOf(ctx).member.id,
        { rewardId, quantity, redeemType, province, remarks },
        now,
      );
      if (typeof done === "string") return refuse(ctx.lang, done);
      return ok({
        id: done.id,
        pointBalance: done.pointBalance.toFixed(2),
        inventory: done.inventory,
        requiredPoint: done.requiredPoint.toFixed(0),
        requiredMoney: done.requiredMoney.toFixed(2),
      });
    },
    true,
  ),
  relay(
    "convertPoint",
    async (ctx) => {
      const b = bodyOf(ctx);
      const problem = await passwordProblem(ctx, b.password);
      if (problem) return problem;
      const raw = typeof b.amount === "number" ? String(b.amount) : typeof b.amount === "string" ? b.amount.trim() : "";
      if (!/^\d{1,12}(\.\d{1,2})?$/.test(raw) || new Decimal(raw).lt(1)) return refuse(ctx.lang, "amount.invalid");
      const done = convert(ctx.runtime.db, ctx.merchantCode, sessionOf(ctx).member.id, new Decimal(raw), ctx.runtime.now());
      if (typeof done === "string") return refuse(ctx.lang, done);
      return ok({ points: done.points.toFixed(2), pointBalance: done.pointBalance.toFixed(2), balance: done.balance.toFixed(2) });
    },
    true,
  ),
];

/** The reference helpers act on demo unless ?merchant= names another. */
const merchantOf = (ctx: RouteContext) => ctx.url.searchParams.get("merchant") || MERCHANT_CODE;

const IMAGE = /^(\d{1,9})-([1-9])-(S|M)\.svg$/;

export const pointRoutes: RouteDef[] = [
  {
    // A reward's images: each index its own picture (a hue step and the index), S the thumbnail.
    method: "GET",
    path: "/res/points/:file",
    access: "public",
    handler(ctx) {
      const parts = IMAGE.exec(ctx.params.file ?? "");
      const row = parts ? rewardById(ctx.runtime.db, Number(parts[1])) : undefined;
      if (!parts || !row || Number(parts[2]) > row.images) return rawReply(404, "text/plain; charset=utf-8", "not found");
      const index = Number(parts[2]);
      return rawReply(200, SVG_TYPE, pictureSvg(`reward:${row.id}:${index}:${row.mark}`), ICON_HEADERS);
    },
  },
  {
    // A member's point balance and redemptions, or { username, balance } to set the balance.
    method: "GET",
    path: "/__reference/points",
    access: "reference",
    handler(ctx) {
      const member = memberByUsername(ctx.runtime.db, merchantOf(ctx), ctx.url.searchParams.get("username") ?? "");
      const rewardId = integer(ctx.url.searchParams.get("rewardId") ?? "");
      const reward = rewardId ? rewardPage(ctx.runtime.db, merchantOf(ctx), { id: rewardId }, 1, 1).rows[0] : undefined;
      return ok({
        balance: member ? pointAccount(ctx.runtime.db, member.id).balance.toFixed(2) : null,
        wallet: member
          ? (ctx.runtime.db.prepare("SELECT balance FROM wallets WHERE member_id = ?").get(member.id) as { balance: string })?.balance
          : null,
        inventory: reward?.inventory ?? null,
        redemptions: member
          ? (ctx.runtime.db.prepare("SELECT COUNT(*) AS n FROM point_redemptions WHERE member_id = ?").get(member.id) as { n: number }).n
          : null,
      });
    },
  },
  {
    // Test settings: { lineRequired }, { rewardId, inventory }, { username, balance }.
    method: "POST",
    path: "/__reference/points",
    access: "reference",
    body: "json",
    handler(ctx) {
      const b = bodyOf(ctx);
      const { db } = ctx.runtime;
      const merchant = merchantOf(ctx);
      if (typeof b.lineRequired === "boolean") setLineRequired(db, merchant, b.lineRequired);
      if (b.rewardId !== undefined) {
        const id = integer(b.rewardId);
        const inventory = integer(b.inventory);
        if (id === null || inventory === null || !setInventory(db, merchant, id, inventory))
          return refuse(ctx.lang, "request.invalid", 400);
      }
      if (b.username !== undefined) {
        const member = typeof b.username === "string" ? memberByUsername(db, merchant, b.username) : undefined;
        const balance = typeof b.balance === "string" && /^\d{1,12}(\.\d{1,2})?$/.test(b.balance) ? new Decimal(b.balance) : null;
        if (!member || !balance) return refuse(ctx.lang, "request.invalid", 400);
        setPointBalance(db, member.id, balance);
      }
      return ok(null);
    },
  },
];
