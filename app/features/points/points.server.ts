/**
 * The points mall's server half (decision 033): the gate (the member centre's, with PTSYS3), the
 * point balance, the configuration, the catalogue shaped for the pages (images resolved against
 * the image CDNs, prices and stock as the view draws them), and the redeem form's rules as this
 * operator configures them (the LINE ID, the payment password, the phone length of the register
 * rules).
 */
import { RULES } from "~/schemas/rules";
import type { MerchantMoney } from "~/lib/money";
import { merchantMoneyFor } from "~/features/site/money.server";
import { loadRegisterRules } from "~/features/auth/register.server";
import { requireMemberPage, type MemberContext } from "~/features/member/centre.server";
import { imageOrigin, loadImageCdns } from "~/features/games/catalogue.server";
import { resolveImage } from "~/features/games/images";
import { quietly, type BoundOperator } from "~/operator/operator.server";
import type { PointConfig, PointReward } from "~/operator/answers";
import type { PlayerGate } from "~/server/gate.server";
import { playerMemo } from "~/server/state/memo.server";
import { REWARDS_MORE, REWARDS_PER_TYPE, REWARDS_SELECTED, redeemTypes, type RedeemRules, type RedeemType } from "./points";

/** The member centre's gate and the mall's own page (PTSYS3 on; trial accounts refused). */
export const requirePointMall: PlayerGate<MemberContext> = (request, poster) => requireMemberPage(request, "pointMall", poster);

/** The layout and a page load side by side, and a redeem reloads both: one balance call per second serves them. */
const balances = playerMemo<string | null>(1_000);

export function loadPointBalance(request: Request, member: MemberContext): Promise<string | null> {
  const ask = () => quietly(request, member.operator.call("pointBalance")).then((answer) => answer?.balance ?? null);
  return member.session.id ? balances.get(member.session.id, ask) : ask();
}

/** After a redemption or a conversion the next page shows the new balance. */
export function forgetPointBalance(sessionId: string): void {
  balances.forget(sessionId);
}

export function loadPointConfig(request: Request, operator: BoundOperator): Promise<PointConfig | null> {
  return quietly(request, operator.call("pointConfig"));
}

export interface RewardImage {
  /** The large picture (M) and its thumbnail (S; the large one when the operator sends none). */
  main: string;
  thumb: string;
}

export interface RewardView {
  id: number;
  name: string;
  type: string;
  description: string;
  price: number | null;
  mpPointAmount: number | null;
  mpMoneyAmount: string | null;
  /** The money part as the merchant writes it ("¥2,999.00"). */
  mpMoneyText: string | null;
  /** displayPointMoneyAmt Y: the money part is shown. */
  showMoney: boolean;
  inventory: number;
  redeemed: number;
  images: RewardImage[];
  types: RedeemType[];
}

/** A reward as the pages draw it: images paired (M with its S), only http(s) or data images. */
export function rewardView(reward: PointReward, cdns: string[], money: MerchantMoney): RewardView {
  const resolve = (path: string | null | undefined) => resolveImage(path, cdns, imageOrigin());
  const listed = reward.merchandiseImages ?? [];
  const mains = listed.filter((i) => (i.type ?? "M").toUpperCase() !== "S");
  const thumbs = listed.filter((i) => i.type?.toUpperCase() === "S");
  const images = mains
    .map((image, i) => {
      const main = resolve(image.imageUrl);
      return main ? { main, thumb: resolve(thumbs[i]?.imageUrl) ?? main } : null;
    })
    .filter((i): i is RewardImage => i !== null);
  const cover = resolve(reward.imageLink);
  if (!images.length && cover) images.push({ main: cover, thumb: cover });
  return {
    id: reward.id,
    name: reward.name ?? "",
    type: reward.type ?? "",
    description: reward.description ?? "",
    price: reward.price ?? null,
    mpPointAmount: reward.mpPointAmount ?? null,
    mpMoneyAmount: reward.mpMoneyAmount ?? null,
    mpMoneyText: money.format(reward.mpMoneyAmount),
    showMoney: reward.displayPointMoneyAmt?.toUpperCase() === "Y" || (!reward.price && Boolean(reward.mpMoneyAmount)),
    inventory: Math.max(0, Math.floor(reward.inventory)),
    redeemed: reward.adjustedCount ?? 0,
    images,
    types: redeemTypes(reward),
  };
}

export interface GoodsSection {
  code: string;
  name: string;
  rewards: RewardView[];
  total: number;
}

export interface Goods {
  types: { code: string; name: string }[];
  /** The selected type, or "" for All. */
  type: string;
  more: boolean;
  sections: GoodsSection[];
  failed: boolean;
}

/**
 * The exchange-goods view (document 002, section 2): every type with its first 3 rewards, or the
 * selected type with 7 — or, with "more", up to 1000. One wave: the types and the rewards are
 * asked side by side (All reads the catalogue's first 1000 and shows 3 of each type with each
 * type's count; a selected type asks for its own page).
 */
export async function loadGoods(request: Request, member: MemberContext, asked: { type: string; more: boolean }): Promise<Goods> {
  const { operator } = member;
  const rewardsOf = (type: string, size: number) =>
    quietly(request, operator.call("pointRewards", { body: type ? { page: 1, size, type } : { page: 1, size } }));
  const askedSize = asked.more ? REWARDS_MORE : REWARDS_SELECTED;
  const [types, cdns, money, first] = await Promise.all([
    quietly(request, operator.call("pointRewardTypes")),
    loadImageCdns(operator),
    merchantMoneyFor(request),
    rewardsOf(asked.type, asked.type ? askedSize : REWARDS_MORE),
  ]);
  if (!types) return { types: [], type: "", more: false, sections: [], failed: true };
  const list = [...types].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0)).map((t) => ({ code: t.code, name: t.name || t.code }));
  const view = (r: PointReward) => rewardView(r, cdns, money);
  const selected = list.find((t) => t.code === asked.type);
  if (selected) {
    const rewards = (first?.list ?? []).map(view);
    return {
      types: list,
      type: selected.code,
      more: asked.more,
      sections: [{ ...selected, rewards, total: first?.total ?? rewards.length }],
      failed: !first,
    };
  }
  // No type, or one this operator does not have: the All view (a second call only for the latter).
  const all = asked.type ? await rewardsOf("", REWARDS_MORE) : first;
  const sections = list.map((t) => {
    const ofType = (all?.list ?? []).filter((r) => r.type === t.code);
    return { ...t, rewards: ofType.slice(0, REWARDS_PER_TYPE).map(view), total: ofType.length };
  });
  return { types: list, type: "", more: false, sections, failed: !all };
}

/** One reward by id, fresh (its stock may have changed), or null. */
export async function loadReward(request: Request, member: MemberContext, id: number): Promise<RewardView | null> {
  const [answer, cdns, money] = await Promise.all([
    quietly(request, member.operator.call("pointRewards", { body: { page: 1, size: 1, id } })),
    loadImageCdns(member.operator),
    merchantMoneyFor(request),
  ]);
  const reward = answer?.list.find((r) => r.id === id);
  return reward ? rewardView(reward, cdns, money) : null;
}

/** The phone rule of the register rules' mobileNum (document 002, section 5), else the spec's default. */
async function phoneRule(operator: BoundOperator): Promise<{ min: number; max: number }> {
  const rules = await loadRegisterRules(operator).catch(() => []);
  const rule = rules.find((r) => r.key === "mobileNum");
  const min = typeof rule?.minLength === "number" && rule.minLength > 0 ? rule.minLength : RULES.mobileNumber.min;
  const max = typeof rule?.maxLength === "number" && rule.maxLength >= min ? rule.maxLength : RULES.mobileNumber.max;
  return { min, max };
}

/** The redeem form's rules for this reward, as this operator is configured now. */
export async function redeemRules(request: Request, member: MemberContext, reward: RewardView): Promise<RedeemRules> {
  const [config, phone] = await Promise.all([loadPointConfig(request, member.operator), phoneRule(member.operator)]);
  return {
    lineRequired: config?.lineRequired?.toUpperCase() === "Y",
    paymentPassword: member.features.has("PAYMENTPASS3"),
    phone,
    inventory: reward.inventory,
    types: reward.types,
  };
}
