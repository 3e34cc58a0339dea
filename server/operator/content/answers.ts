/** The shapes the content area answers (document 001, section 3) and how a stored item becomes one. */
import type { ItemKind } from "./items";
import { textOf, type ItemRow } from "./store";
import { PORTAL_CODE, type Lang } from "./texts";

export interface Banner {
  bannerId: number;
  url: string;
  title: string;
  linkage: string;
  linkageType: "URL" | "P" | "G";
  vendor?: string;
  nodeId?: string;
  roomId?: string;
  groupName: string;
}

export interface Notice {
  id: number;
  title: string;
  /** HTML as the back office wrote it: the portal sanitises it before it shows it. */
  content: string;
  /** "YYYY-MM-DD HH:mm:ss" in UTC+8. */
  startDateStr: string;
  startDate: number;
  endDate: number;
  promotionType?: string;
  redirect?: string;
  externalLink?: string;
  /** Promotions only: NEW, DEPOSIT, REBATE or VIP (getPromotionAnnouncementCategory). */
  category?: string;
  announcementImages: { imageId: number; url: string }[];
  /** Pop-ups: A after every login, F after a first login only (document 000, section 4). */
  execution?: string;
}

export interface Announcements {
  banners: Banner[];
  player: Notice[];
  popup: Notice[];
  promotion: Notice[];
}

/** The image format a browser accepts, as the portal's client sends it (`ext`); null when none or unknown. */
export type ImageFormat = "webp" | "avif" | null;

/** "YYYY-MM-DD HH:mm:ss" in UTC+8, the operators' clock. */
export function gmt8Seconds(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
}

/**
 * The URL of an item's artwork. The requested format travels along (`&ext=webp`) as a real
 * operator's CDN would use it to pick a rendition; the reference draws SVG whatever is asked.
 */
export function imageUrl(publicUrl: string, folder: "banners" | "promotions", id: number, lang: Lang, ext: ImageFormat): string {
  return `${publicUrl}/demo-content/${folder}/${id}.svg?lang=${PORTAL_CODE[lang]}${ext ? `&ext=${ext}` : ""}`;
}

/** Pop-ups and promotions carry one picture each; player notices none. */
export const KINDS_WITH_IMAGE: readonly ItemKind[] = ["popup", "promotion"];

export function bannerOf(row: ItemRow, lang: Lang, publicUrl: string, ext: ImageFormat): Banner {
  const banner: Banner = {
    bannerId: row.id,
    url: imageUrl(publicUrl, "banners", row.id, lang, ext),
    title: textOf(row, lang).title,
    linkage: row.linkage ?? "",
    linkageType: row.linkage_type === "P" || row.linkage_type === "G" ? row.linkage_type : "URL",
    groupName: row.group_name ?? "",
  };
  if (row.vendor) banner.vendor = row.vendor;
  if (row.node_id) banner.nodeId = row.node_id;
  if (row.room_id) banner.roomId = row.room_id;
  return banner;
}

export function noticeOf(row: ItemRow, lang: Lang, publicUrl: string, ext: ImageFormat): Notice {
  const text = textOf(row, lang);
  const notice: Notice = {
    id: row.id,
    title: text.title,
    content: text.content,
    startDateStr: gmt8Seconds(row.starts_at),
    startDate: row.starts_at,
    endDate: row.ends_at,
    announcementImages: KINDS_WITH_IMAGE.includes(row.kind)
      ? [{ imageId: row.id * 10 + 1, url: imageUrl(publicUrl, "promotions", row.id, lang, ext) }]
      : [],
  };
  if (row.promotion_type) notice.promotionType = row.promotion_type;
  if (row.redirect) notice.redirect = row.redirect;
  if (row.external_link) notice.externalLink = row.external_link;
  if (row.category) notice.category = row.category;
  if (row.execution) notice.execution = row.execution;
  return notice;
}
