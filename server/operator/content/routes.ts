/**
 * Announcements (document 001, section 7): the banner, notice, pop-up and promotion lists, one
 * notice's page, the promotion categories and the promotions a guest may see, with the artwork
 * their URLs name. Guests read them all: no token is needed.
 */
import { fail, failWith, isRecord, ok, rawReply, type RouteContext, type RouteDef } from "../http";
import type { RelayDef } from "../relay";
import { bannerOf, KINDS_WITH_IMAGE, noticeOf, type Announcements, type ImageFormat } from "./answers";
import { BANNER_GROUP, type ItemKind } from "./items";
import { activeItems, activeNotice, itemForImage, textOf } from "./store";
import { artworkSvg, SVG_HEADERS, SVG_TYPE } from "./svg";
import { CATEGORY_NAMES, CONTENT_MESSAGES, langOf, PROMOTION_CATEGORIES, type Lang } from "./texts";

/** The language of the content: the raw Language header (zh_CN, TW, JA, EN, TH, VI), else Simplified Chinese. */
export const contentLanguage = (ctx: RouteContext, ...before: unknown[]): Lang => langOf(...before, ctx.req.headers.language);

const bodyOf = (ctx: RouteContext): Record<string, unknown> => (isRecord(ctx.body) ? ctx.body : {});

function imageFormat(ctx: RouteContext): ImageFormat {
  const ext = ctx.url.searchParams.get("ext")?.trim().toLowerCase();
  return ext === "webp" || ext === "avif" ? ext : null;
}

/** The list types of the request: B banners, PL player notices, PU pop-ups, PR promotions. */
const TYPE_KINDS: Record<string, ItemKind> = { B: "banner", PL: "notice", PU: "popup", PR: "promotion" };
/** What the original shells ask when they name no types (document 001, section 7). */
const DEFAULT_TYPES = "B,PL,PU";

function listAnnouncements(ctx: RouteContext) {
  const body = bodyOf(ctx);
  // platform (W) and execution (B) name the web shell; the reference keeps one set of content for it.
  const types = new Set(
    (typeof body.types === "string" ? body.types : DEFAULT_TYPES)
      .split(",")
      .map((t) => t.trim().toUpperCase())
      .filter((t) => t in TYPE_KINDS),
  );
  const group = typeof body.groupName === "string" && body.groupName.trim() !== "" ? body.groupName.trim() : null;
  const lang = contentLanguage(ctx);
  const ext = imageFormat(ctx);
  const { db, settings } = ctx.runtime;
  const now = ctx.runtime.now();
  const rows = (type: string) => (types.has(type) ? activeItems(db, ctx.merchantCode, TYPE_KINDS[type], now) : []);
  const notices = (type: string) => rows(type).map((row) => noticeOf(row, lang, settings.publicUrl, ext));
  const value: Announcements = {
    banners: rows("B")
      .filter((row) => group === null || (row.group_name ?? BANNER_GROUP) === group)
      .map((row) => bannerOf(row, lang, settings.publicUrl, ext)),
    player: notices("PL"),
    popup: notices("PU"),
    promotion: notices("PR"),
  };
  return ok(value);
}

/** A positive integer id, given as a number or as digits. */
export function positiveId(value: unknown): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d{1,15}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

function announcementContent(ctx: RouteContext) {
  const id = positiveId(bodyOf(ctx).id);
  if (id === null) return fail(ctx.lang, "request.invalid", { status: 400 });
  const row = activeNotice(ctx.runtime.db, ctx.merchantCode, id, ctx.runtime.now());
  // Not there, of another merchant, or outside its dates: the same answer, so ids of hidden items stay hidden.
  if (!row) return failWith(CONTENT_MESSAGES, ctx.lang, "announcement.not.found");
  return ok(noticeOf(row, contentLanguage(ctx), ctx.runtime.settings.publicUrl, imageFormat(ctx)));
}

export const announcementRelays: RelayDef[] = [
  { service: "MCSFE", operation: "getListAnnouncements", access: "merchant", handler: listAnnouncements },
  { service: "MCSFE", operation: "getAnnouncementContent", access: "merchant", handler: announcementContent },
  {
    service: "PROMOFE",
    operation: "getPromotionAnnouncementCategory",
    access: "merchant",
    handler(ctx) {
      const lang = contentLanguage(ctx);
      return ok(PROMOTION_CATEGORIES.map((code) => ({ code, name: CATEGORY_NAMES[code][lang] })));
    },
  },
  {
    // The merchant's promotions a guest may see: the running promotion announcements.
    service: "MCSFE",
    operation: "getMerchantAvailablePromotions",
    access: "merchant",
    handler(ctx) {
      const lang = contentLanguage(ctx);
      const rows = activeItems(ctx.runtime.db, ctx.merchantCode, "promotion", ctx.runtime.now());
      return ok({
        promotions: rows.map((row) => ({ id: row.id, title: textOf(row, lang).title, promotionType: row.promotion_type ?? "" })),
      });
    },
  },
];

const notFound = () => rawReply(404, "text/plain; charset=utf-8", "Not found", { "Cache-Control": "no-store" });

/** The artwork of an item by its id (`101.svg`), in the `lang` of the URL. */
function artworkRoute(folder: "banners" | "promotions", kinds: readonly ItemKind[], width: number): RouteDef {
  return {
    method: "GET",
    path: `/demo-content/${folder}/:file`,
    access: "public",
    body: "none",
    handler(ctx) {
      const id = positiveId(/^(\d{1,9})\.svg$/.exec(ctx.params.file)?.[1]);
      const row = id === null ? undefined : itemForImage(ctx.runtime.db, id, kinds);
      if (!row) return notFound();
      const title = textOf(row, langOf(ctx.url.searchParams.get("lang"))).title;
      return rawReply(200, SVG_TYPE, artworkSvg(`${folder}:${row.id}`, title, width, 400), SVG_HEADERS);
    },
  };
}

export const artworkRoutes: RouteDef[] = [artworkRoute("banners", ["banner"], 1200), artworkRoute("promotions", KINDS_WITH_IMAGE, 800)];
