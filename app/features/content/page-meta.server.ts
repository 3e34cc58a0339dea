/** The indexable pages' titles and descriptions, in the visitor's language (app/lib/page-meta.ts). */
import type { Locale } from "~/i18n/config";
import { fixedT } from "~/i18n/i18n.server";
import type { PageMeta } from "~/lib/page-meta";

export type MetaPage = "home" | "lott" | "elott" | "news" | "promotions" | "promotion" | "help" | "download" | "speedTest";

/** The translations are part of the build: each page's texts are looked up once per language (at most 8 × 6). */
const made = new Map<string, Promise<PageMeta>>();

export function pageMetaFor(locale: Locale, page: MetaPage): Promise<PageMeta> {
  const key = `${locale}:${page}`;
  let meta = made.get(key);
  if (!meta) {
    meta = fixedT(locale, "content").then((t) => ({ title: t(`seo_${page}_title`), description: t(`seo_${page}_description`) }));
    made.set(key, meta);
  }
  return meta;
}
