/**
 * Where a `redirectTo` may send the player: a path on this site, nowhere else. The target is
 * parsed as a URL the way a browser would resolve it, after refusing what browsers strip or
 * reinterpret before resolving (tab, CR, LF and other controls; backslashes, which they read
 * as slashes): `/\t/evil.example` is `//evil.example` to a browser. What passes is rebuilt
 * from its parsed path, query and hash, so no header-breaking byte survives.
 *
 * The check that matters is on what is returned, not on what was given: resolving dot
 * segments can make a path that starts well end as a network-path reference
 * (`/.//evil.example`, `/a/..//evil.example`, `/%2e%2e//evil.example` all resolve to
 * `//evil.example`, issue 22), and a browser reads `//host` in a Location as another site.
 */
const PROBE_ORIGIN = "http://portal.invalid";

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  if (!onSitePath(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const resolved = `${url.pathname}${url.search}${url.hash}`;
  return onSitePath(resolved) ? resolved : fallback;
}

/**
 * A path a browser, and anything in front of the portal that decodes before it resolves (a
 * router, a proxy), reads as this site's: one slash, then neither a slash nor a backslash —
 * as written and once percent-decoded (`/%2F/evil.example`, `/%5Cevil.example`). Text that
 * does not decode is refused: no page of the portal has such an address.
 */
function onSitePath(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  return oneLeadingSlash(path) && oneLeadingSlash(decoded);
}

/** `//host` and `/\host` are network-path references to a browser: another site. */
function oneLeadingSlash(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}
