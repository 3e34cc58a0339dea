/**
 * Where a `redirectTo` may send the player: a path on this site, nowhere else. The target is
 * parsed as a URL the way a browser would resolve it, after refusing what browsers strip or
 * reinterpret before resolving (tab, CR, LF and other controls; backslashes, which they read
 * as slashes): `/\t/evil.example` is `//evil.example` to a browser. What passes is rebuilt
 * from its parsed path, query and hash, so no header-breaking byte survives.
 */
const PROBE_ORIGIN = "http://portal.invalid";

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return fallback;
  }
  // An encoded slash or backslash at the start is harmless to the URL parser but not to every
  // router or proxy that decodes before it resolves.
  if (decoded.startsWith("//") || decoded.startsWith("/\\")) return fallback;
  let url: URL;
  try {
    url = new URL(to, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
