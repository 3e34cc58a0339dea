/**
 * Where an operator image is loaded from: an absolute http(s) URL as it is; a path on an image
 * CDN chosen at random from the configured list (document 001, section 9), else on the
 * operator's origin. Anything else (javascript:, data:, protocol-relative) is no image at all.
 */
export function resolveImage(path: string | null | undefined, imageCDNs: readonly string[] = [], operatorOrigin = "", random = Math.random): string | null {
  const value = path?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return safeUrl(value);
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  const cdns = imageCDNs.filter((cdn) => /^https?:\/\//i.test(cdn));
  const base = cdns.length ? cdns[Math.floor(random() * cdns.length)] : operatorOrigin;
  if (!base) return null;
  return safeUrl(base.replace(/\/+$/, "") + value);
}

function safeUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}
