/**
 * The site's content from the operator's announcements (document 001, sections 2 and 3): the
 * banners, the notices to every player, the publicity pop-ups and the promotions, in one cached
 * shared read (types B,PL,PU,PR, platform W, execution B). Each answer is turned into views once
 * while it is cached (lib/memo.ts): the operator's HTML cleaned (server/operator-html.server.ts),
 * each banner's click worked out (linkageType URL, P or G) with nothing of a visitor in it, so the
 * views can be drawn into shared fragments.
 */
import type { Announcements, BannerItem, NoticeItem } from "~/operator/answers";
import { quietly, type BoundOperator } from "~/operator/operator.server";
import { memoByArguments } from "~/lib/memo";
import { cleanOperatorHtml, operatorText } from "~/server/operator-html.server";
import { loadImageCdns, loadLanes, vendorViews } from "~/features/games/catalogue.server";
import type { VendorView } from "~/features/games/types";
import { memberHref, promotionPage, type RewardTab, type RouteKey } from "~/features/member/routes";

export const ANNOUNCEMENT_QUERY = { types: "B,PL,PU,PR", platform: "W", execution: "B" } as const;

/** What a banner does when pressed: follow a link of the portal, leave it, or launch a game. */
export type BannerAction =
  | { kind: "page"; href: string }
  /** An address off the site (`target`): through /banner/{id}, which adds a player's username (001 §3). */
  | { kind: "away"; href: string; target: string }
  /** A page of the portal that opens in a window of its own (the sea lottery). */
  | { kind: "window"; href: string }
  | { kind: "game"; fields: Record<string, string> };

export interface BannerView {
  id: string;
  image: string;
  title: string;
  action: BannerAction;
}

export interface NoticeView {
  id: string;
  title: string;
  /** The cleaned HTML. */
  html: string;
  /** As the operator wrote it (its time zone's date and time). */
  date: string;
  startDate: number | null;
}

export interface PromotionView extends NoticeView {
  image: string | null;
  promotionType: string;
  redirect: string;
  externalLink: string | null;
  category: string;
  endDate: number | null;
}

/** A publicity pop-up: shown after a login by its execution (features/content/publicity.server.ts). */
export interface PopupView extends PromotionView {
  /** A (every login) or F (a first login only). */
  execution: string;
}

export interface SiteContent {
  banners: BannerView[];
  notices: NoticeView[];
  popups: PopupView[];
  promotions: PromotionView[];
}

const EMPTY: SiteContent = { banners: [], notices: [], popups: [], promotions: [] };

/**
 * The image format the browser said it takes (the answer's images come in it). A data request
 * comes from the portal's own scripts, whose browsers all take WebP.
 */
export function imageFormatOf(request: Request): "avif" | "webp" | undefined {
  const accept = request.headers.get("Accept") ?? "";
  if (accept.includes("image/avif")) return "avif";
  if (accept.includes("image/webp") || new URL(request.url).searchParams.has("_data")) return "webp";
  return undefined;
}

/** The site's content; empty when the operator cannot say (the pages stand without it). */
export async function loadSiteContent(request: Request, operator: BoundOperator): Promise<SiteContent> {
  return (await readSiteContent(request, operator)) ?? EMPTY;
}

/** The site's content, or null when the operator could not be asked (for what must not take "none" for an answer). */
export async function readSiteContent(request: Request, operator: BoundOperator): Promise<SiteContent | null> {
  const [answer, lanes, imageCdns] = await Promise.all([
    quietly(request, operator.call("announcements", { body: { ...ANNOUNCEMENT_QUERY }, imageFormat: imageFormatOf(request) })),
    loadLanes(request, operator),
    loadImageCdns(operator),
  ]);
  return answer ? contentOf(answer, vendorViews(lanes, imageCdns)) : null;
}

const contentOf = memoByArguments((answer: Announcements, vendors: readonly VendorView[]): SiteContent => ({
  banners: (answer.banners ?? []).map((b) => bannerView(b, vendors)).filter((b): b is BannerView => b !== null),
  notices: (answer.player ?? []).map(noticeView),
  popups: (answer.popup ?? []).map((item) => ({ ...promotionView(item), execution: (item.execution ?? "").toUpperCase() })),
  promotions: (answer.promotion ?? []).map(promotionView),
}));

/** A category tab of the activity centre: the operator's code and name, and how many promotions it holds. */
export interface PromotionCategoryView {
  code: string;
  name: string;
  count: number;
}

/**
 * The categories that hold a promotion, in the operator's order, after "all" (the operator's ALL
 * or, when it names none, the page's own). A category without promotions is no tab: it would
 * lead to an empty page. A failed read is no tabs, the grid stays.
 */
export async function loadPromotionCategories(
  request: Request,
  operator: BoundOperator,
  promotions: readonly PromotionView[],
): Promise<PromotionCategoryView[]> {
  const answer = await quietly(request, operator.call("promotionCategories", {}));
  if (!answer?.length) return [];
  const counts = new Map<string, number>();
  for (const p of promotions) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
  const named = answer.map((c) => ({ code: c.code.toUpperCase(), name: operatorText(c.name ?? "") || c.code }));
  const kinds = named.filter((c) => c.code !== ALL_CATEGORY && counts.has(c.code)).map((c) => ({ ...c, count: counts.get(c.code)! }));
  if (!kinds.length) return [];
  const all = named.find((c) => c.code === ALL_CATEGORY);
  return [{ code: ALL_CATEGORY, name: all?.name ?? "", count: promotions.length }, ...kinds];
}

export const ALL_CATEGORY = "ALL";

export const bannerPath = (id: string) => `/banner/${encodeURIComponent(id)}`;

const SAFE_PATH = /^\/(?!\/)[^\s\\]*$/;

function bannerView(item: BannerItem, vendors: readonly VendorView[]): BannerView | null {
  if (!item.url) return null;
  const action = bannerAction(item, vendors);
  return action ? { id: item.bannerId, image: item.url, title: operatorText(item.title ?? ""), action } : null;
}

/** Document 001, section 3: a banner's click by linkageType; null for one that leads nowhere known. */
export function bannerAction(item: BannerItem, vendors: readonly VendorView[]): BannerAction | null {
  const linkage = (item.linkage ?? "").trim();
  switch ((item.linkageType ?? "").toUpperCase()) {
    case "URL":
      if (SAFE_PATH.test(linkage)) return { kind: "page", href: linkage };
      return /^https?:\/\//i.test(linkage) ? { kind: "away", href: bannerPath(item.bannerId), target: linkage } : null;
    case "P":
      return /^[\w-]{1,64}$/.test(linkage) ? { kind: "page", href: `/promotions?id=${encodeURIComponent(linkage)}` } : null;
    case "G":
      return gameAction(item, vendors);
    default:
      return null;
  }
}

function gameAction(item: BannerItem, vendors: readonly VendorView[]): BannerAction | null {
  const vendor = (item.vendor ?? "").toUpperCase();
  if (vendor === "TCG_LOTTO_VN") return { kind: "page", href: "/vnLottery" };
  if (vendor === "TCG_SEA") return { kind: "window", href: "/seaLottery" };
  if (vendor === "LOTT" || vendor === "ELOTT") return { kind: "page", href: "/lottery" };
  const known = vendors.find((v) => v.code.toUpperCase() === vendor);
  if (!known) return null;
  const fields: Record<string, string> = { vendor: known.code, gameType: known.gameType, newWindow: "1" };
  if (item.nodeId) fields.nodeId = item.nodeId;
  if (item.roomId) fields.roomId = item.roomId;
  return { kind: "game", fields };
}

function noticeView(item: NoticeItem): NoticeView {
  return {
    id: item.id,
    title: operatorText(item.title ?? ""),
    html: cleanOperatorHtml(item.content ?? ""),
    date: item.startDateStr ?? "",
    startDate: item.startDate ?? null,
  };
}

function promotionView(item: NoticeItem): PromotionView {
  const external = item.externalLink && /^https?:\/\//i.test(item.externalLink) ? item.externalLink : null;
  return {
    ...noticeView(item),
    image: item.announcementImages?.find((i) => i.url)?.url ?? null,
    promotionType: (item.promotionType ?? "").toUpperCase(),
    redirect: (item.redirect ?? "").toUpperCase(),
    externalLink: external,
    category: (item.category ?? "").toUpperCase(),
    endDate: item.endDate ?? null,
  };
}

/** Where an off-site banner sends this visitor: its address, with a player's username added (document 001, section 3). */
export function awayTarget(target: string, username: string | undefined): string {
  const url = new URL(target);
  if (username) url.searchParams.set("username", username);
  return url.toString();
}

/** Where an offer's button leads: the portal's page, or the operator's own address in a new window. */
export interface OfferLink {
  href: string;
  external: boolean;
}

/** The redirect values of document 001 (notice/promotion fields) that name a portal page. */
const REDIRECT_PAGES: Record<string, "/download" | "member" | RouteKey | RewardTab> = {
  APP_DOWNLOAD: "/download",
  REGISTER: "newbieTask",
  DEPOSIT: "depositv2",
  REWARD_CENTER: "rewardCenter",
  MISSION: "missionLeaderboard",
  INVITE_FRIENDS: "referral",
  MEMBER: "member",
  POINT_MARKET: "pointMall",
};

/**
 * The one rule for a promotion's or a publicity pop-up's button. REDIRECT_URL leads to the
 * operator's own address when it gave one. Otherwise a promotion's type says where one takes part
 * (document 002, section 2), chosen as if every page were open so the button never leads to a
 * dead end; an item without a type (a pop-up) follows its redirect value; with neither, no
 * button. A guest goes through the login, or to registration for a registration offer.
 */
export function offerLink(
  offer: { redirect: string; externalLink?: string | null; promotionType?: string | null },
  player: boolean,
): OfferLink | null {
  if (offer.redirect === "REDIRECT_URL" && offer.externalLink) return { href: offer.externalLink, external: true };
  const page = offer.promotionType
    ? promotionPage(offer.promotionType, { depositOn: true, vipBenefitsShown: true })
    : (REDIRECT_PAGES[offer.redirect] ?? null);
  if (!page) return null;
  if (page === "/download") return { href: page, external: false };
  if (!player && page === "newbieTask") return { href: "/register", external: false };
  const href = page === "member" ? "/member" : memberHref(page);
  return { href: player ? href : `/login?${new URLSearchParams({ redirectTo: href })}`, external: false };
}
