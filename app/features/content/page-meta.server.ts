/** The indexable pages' titles and descriptions, in the visitor's language (app/lib/page-meta.ts). */
import type { Locale } from "~/i18n/config";
import { fixedT } from "~/i18n/i18n.server";
import type { PageMeta } from "~/lib/page-meta";

export type MetaPage = "home" | "lott" | "elott" | "news" | "promotions" | "help" | "download";

export async function pageMetaFor(locale: Locale, page: MetaPage): Promise<PageMeta> {
  const t = await fixedT(locale, "content");
  return { title: t(`seo_${page}_title`), description: t(`seo_${page}_description`) };
}
