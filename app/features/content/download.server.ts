/**
 * The app download page's data (document 001, section 2, screen 12; section 3, "Resource"): the
 * consolidated settings' iOS, Android and H5 resources with a QR code each, and the optional
 * install guide. A resource's `qrCodeUrl` is drawn as the operator gave it; without one the QR
 * code of its `url` is drawn here, on the server (the qrcode library stays out of the browser's
 * chunks), as an SVG data URL: the CSP takes data: images and no inline markup needs a style.
 */
import QRCode from "qrcode";
import type { SiteSettings } from "~/operator/answers";
import { operatorImageUrl, operatorText } from "~/server/operator-html.server";

/** The platforms of the page, in its order, by the operator's resourceType. */
export const APP_PLATFORMS = ["IOS", "Android", "H5"] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

export interface AppDownload {
  platform: AppPlatform;
  url: string;
  /** The QR code's image: the operator's, or a data: URL drawn from `url`. */
  qr: string;
}

export interface GuideStep {
  title: string;
  text: string;
}

const WEB_ADDRESS = /^https?:\/\//i;

/**
 * QR codes by address, the most recently used last. Not per-visitor state: a QR code is a pure
 * function of a public address the operator configures (a handful per merchant), so a small
 * bounded memo spares drawing the same SVG on every view. 32 leaves room for a few brands.
 */
const QR_MEMO_SIZE = 32;
const qrMemo = new Map<string, Promise<string>>();

/** The QR code of an address as an SVG data URL, drawn once while it is among the recent ones. */
export function qrImage(url: string): Promise<string> {
  const hit = qrMemo.get(url);
  if (hit) {
    qrMemo.delete(url);
    qrMemo.set(url, hit);
    return hit;
  }
  const drawn = QRCode.toString(url, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
    color: { dark: "#0b1020", light: "#ffffff" },
  }).then((svg) => `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`);
  qrMemo.set(url, drawn);
  // A failure is not kept: the next view draws again.
  drawn.catch(() => {
    if (qrMemo.get(url) === drawn) qrMemo.delete(url);
  });
  while (qrMemo.size > QR_MEMO_SIZE) qrMemo.delete(qrMemo.keys().next().value!);
  return drawn;
}

/**
 * The downloads the page offers: a resource of each platform with a web address; one without is
 * left out. The resource type is matched without regard to case (operators write IOS and iOS).
 */
export async function appDownloads(resources: SiteSettings["resources"]): Promise<AppDownload[]> {
  const found = APP_PLATFORMS.flatMap((platform) => {
    const resource = (resources ?? []).find(
      (r) => r.resourceType?.toLowerCase() === platform.toLowerCase() && WEB_ADDRESS.test(r.url ?? ""),
    );
    return resource?.url ? [{ platform, url: resource.url, given: operatorImageUrl(resource.qrCodeUrl ?? "") }] : [];
  });
  return Promise.all(found.map(async ({ platform, url, given }) => ({ platform, url, qr: given ?? (await qrImage(url)) })));
}

/** The install guide's steps in their order, as text; steps with neither title nor text are left out. */
export function installGuide(guide: SiteSettings["downloadGuide"]): GuideStep[] {
  return [...(guide ?? [])]
    .map((step, index) => ({ order: step.step ?? index + 1, title: operatorText(step.title ?? ""), text: operatorText(step.text ?? "") }))
    .filter((step) => step.title || step.text)
    .sort((a, b) => a.order - b.order)
    .map(({ title, text }) => ({ title, text }));
}
