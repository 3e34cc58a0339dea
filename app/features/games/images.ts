/**
 * Where an operator's image is loaded from (decision 021): an absolute http(s) URL as it came; a
 * path on an image CDN chosen at random from the status' `info.imageCDNs` when there is one, else
 * on the operator's origin as browsers reach it (OPERATOR_PUBLIC_URL, else OPERATOR_API_URL); a
 * data: URL only when it is an image. Anything else (javascript:, data:text/html, a
 * protocol-relative `//host/…`, a bare word) is no image at all: the caller draws its fallback.
 * Pure: the menu, tiles and tests share it.
 */

/** Raster and vector image types a data: URL may carry (an <img> never runs an SVG's scripts). */
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|avif|svg\+xml)(?:;[\w=.+-]+)*(?:;base64)?,[\w+/=%.~-]*$/i;

export function resolveImage(
  path: string | null | undefined,
  imageCDNs: readonly string[] | null | undefined = [],
  operatorOrigin: string | null | undefined = "",
  random: () => number = Math.random,
): string | null {
  const value = path?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return httpUrl(value);
  if (/^data:/i.test(value)) return DATA_IMAGE.test(value) ? value : null;
  // "//host/x.png" would take the page's scheme to any host; "javascript:…" and friends are not paths.
  if (value.startsWith("//") || value.startsWith("\\") || /^[a-z][a-z\d+.-]*:/i.test(value)) return null;
  const cdns = (imageCDNs ?? []).map(originOf).filter((cdn): cdn is string => cdn !== null);
  const base = cdns.length ? cdns[Math.min(cdns.length - 1, Math.floor(random() * cdns.length))] : originOf(operatorOrigin ?? "");
  if (!base) return null;
  return httpUrl(base + (value.startsWith("/") ? value : `/${value}`));
}

/** An http(s) URL as the browser will read it, or null. */
function httpUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A CDN or origin as a base to put a path on: an http(s) URL without its trailing slashes (a CDN
 * may carry a path prefix: "https://cdn.example/img/"), or null.
 */
function originOf(value: string): string | null {
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  const url = httpUrl(trimmed);
  if (!url) return null;
  const parsed = new URL(url);
  if (parsed.search || parsed.hash || parsed.username || parsed.password) return null;
  return url.replace(/\/+$/, "");
}

/** The portal's own mark, when the operator names no usable logo. */
export const DEFAULT_LOGO = "/logo.svg";

/**
 * The site logo of the settings' `logoUrl`: an absolute http(s) URL or a data: image as it came;
 * a path is the portal's own (its public folder, where an operator's brand files are deployed);
 * anything else, or nothing, is the default mark.
 */
export function resolveLogo(logoUrl: string | null | undefined): string {
  const value = logoUrl?.trim();
  if (!value) return DEFAULT_LOGO;
  if (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")) return value;
  return resolveImage(value, [], "") ?? DEFAULT_LOGO;
}
