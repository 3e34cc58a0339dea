/**
 * The right tool bar (document 001, section 2, screen 14): its entries by the merchant's
 * resources and by who is looking. What it shows is the same for every visitor of a kind (guest,
 * player with or without the cashier, free-play account), so it is one shared fragment per
 * merchant, language, kind and resources (decision 041); the player's collapsed or expanded
 * choice is a cookie read around it, and back-to-top sits outside it.
 */
import { memoByArguments } from "~/lib/memo";
import { qrImage } from "~/features/content/download.server";
import { APP_PLATFORMS } from "~/features/content/download.server";
import type { SiteSettings } from "~/features/site/site.server";
import type { ToolbarEntry, ToolbarKind } from "~/features/site/toolbar";

/** Messaging apps whose QR code the bar shows on hover and focus, in the original's order. */
const QR_APPS = [
  ["WECHAT", "wechat"],
  ["QQ", "qq"],
  ["ZALO", "zalo"],
] as const;

const webAddress = (value: string | null | undefined) => (value && /^https?:\/\//i.test(value) ? value : null);
/** A resource's address when it is the portal's own page (/speed-test) or a web address. */
const pageOrWeb = (value: string | null | undefined) => (value && /^\/(?!\/)/.test(value) ? value : webAddress(value));

type Resources = SiteSettings["resources"];

/** The bar's entries: worked out once per resources answer and kind (the answer is cached). */
export const toolbarEntries = memoByArguments(async (resources: Resources, kind: ToolbarKind): Promise<ToolbarEntry[]> => {
  const list = resources ?? [];
  const of = (type: string) => list.find((r) => (r.resourceType ?? "").toUpperCase() === type);
  const entries: ToolbarEntry[] = [];
  for (const [type, id] of QR_APPS) {
    const resource = of(type);
    const href = webAddress(resource?.url);
    const qr = webAddress(resource?.qrCodeUrl) ?? (href ? await qrImage(href).catch(() => null) : null);
    if (qr) entries.push({ id, href, qr });
  }
  entries.push({ id: "service", href: "/service" });
  if (APP_PLATFORMS.some((platform) => webAddress(of(platform.toUpperCase())?.url))) entries.push({ id: "download", href: "/download" });
  entries.push({ id: "promotions", href: "/promotions" });
  const speed = pageOrWeb(of("SPEEDTEST")?.url);
  if (speed) entries.push({ id: "speed", href: speed });
  entries.push({ id: "news", href: "/news" }, { id: "help", href: "/help" });
  // The cashier and the member centre: a guest's way goes through the login; a free-play account
  // may open neither (in_please_account), a player without the cashier only the centre.
  if (kind === "guest") {
    entries.push({ id: "deposit", href: "/member/depositv2", gated: true }, { id: "member", href: "/member", gated: true });
  } else if (kind === "player-deposit") {
    entries.push({ id: "deposit", href: "/member/depositv2" }, { id: "member", href: "/member" });
  } else if (kind === "player") {
    entries.push({ id: "member", href: "/member" });
  }
  return entries;
});
