/**
 * The promotions pages' data (/promotions and the activity centre /promotion; document 001,
 * sections 1 and 2): the operator's running promotions, each with where its button leads
 * (offerLink) and its period, the category tabs that hold some, and the one asked for by ?id=.
 * `?t={category}` keeps the grid to one category (the activity centre's tabs; a banner's P link
 * names one); an unknown category is all of them.
 */
import { json } from "@remix-run/node";
import { getLocale } from "~/i18n/i18n.server";
import { getSession } from "~/server/session.server";
import { bindOperator } from "~/operator/operator.server";
import { pageMetaFor, type MetaPage } from "~/features/content/page-meta.server";
import {
  ALL_CATEGORY,
  loadPromotionCategories,
  loadSiteContent,
  offerLink,
  type OfferLink,
  type PromotionView,
} from "~/features/content/content.server";

export type Promotion = PromotionView & { go: OfferLink | null; period: { start: string; end: string } | null };

export async function loadPromotionsPage(request: Request, page: MetaPage) {
  const [session, locale] = await Promise.all([getSession(request), getLocale(request)]);
  const operator = bindOperator(session, locale);
  const [{ promotions }, meta] = await Promise.all([loadSiteContent(request, operator), pageMetaFor(locale, page)]);
  const categories = await loadPromotionCategories(request, operator, promotions);
  const player = Boolean(session.get("token"));
  const search = new URL(request.url).searchParams;
  const asked = search.get("id");
  const wanted = (search.get("t") ?? "").toUpperCase();
  const category = categories.some((c) => c.code === wanted && c.code !== ALL_CATEGORY) ? wanted : null;
  const shown = category ? promotions.filter((p) => p.category === category) : promotions;
  return json({
    promotions: shown.map((p): Promotion => ({ ...p, go: offerLink(p, player), period: periodOf(p) })),
    categories,
    category,
    asked: asked && shown.some((p) => p.id === asked) ? asked : null,
    missing: asked !== null && !shown.some((p) => p.id === asked),
    meta,
  });
}

/** The first and last day, in the operator's zone (UTC+8) as its back office shows them; the same on every device. */
function periodOf(promotion: PromotionView): { start: string; end: string } | null {
  if (!promotion.startDate || !promotion.endDate) return null;
  const day = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
  return { start: day(promotion.startDate), end: day(promotion.endDate) };
}
