/**
 * The speed test's data (document 001, section 2 screen 15; section 4): the operator's domain
 * routes as web origins, each timed from the server by a GET of /res/logo.png with a timestamp.
 * The figures a visitor without scripts sees; with scripts the browser times the same origins
 * itself (use-speed-test.ts).
 *
 * The domain names are the operator's, typed in a back office: only what parses as a plain http(s)
 * origin (no credentials, no path) is timed, linked or named in the page's CSP, and the server
 * only ever asks each for that one fixed file, never following a redirect.
 */
import type { Locale } from "~/i18n/config";
import { operatorClient, quietly } from "~/operator/operator.server";
import { answeredMs, logoUrl, SPEED_TIMEOUT_MS, type DomainSpeed } from "~/features/content/speed-class";

/** A list longer than this is cut: each domain is a request the server makes per view. */
export const MAX_DOMAINS = 20;
/** The page does not wait longer than this for the operator's list (its calls may take 20 s). */
export const ROUTES_WAIT_MS = 5000;
/** A logo bigger than this is not read to its end: the time to that point is the time. */
const MAX_LOGO_BYTES = 256 * 1024;
/**
 * How long a measurement of the same list is reused. Every view would otherwise make the server
 * send a request to each domain: a visitor reloading the page must not turn the portal into a
 * load generator against the operator's domains. Views within this time share one measurement.
 */
export const MEASURE_HOLD_MS = 2000;

const HOSTNAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
/** The grammar a CSP source of ours allows (security-headers.server.ts checks it again). */
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/;

/**
 * The web origin of a domain route's name, or null. A bare name ("www.example.com") is taken as
 * https; a name with a scheme must be http or https, with nothing but a host and a port.
 */
export function domainOrigin(domainName: unknown): string | null {
  if (typeof domainName !== "string") return null;
  const name = domainName.trim();
  if (!name || name.length > 253 || /[\s\\@]/.test(name)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(name) ? name : `https://${name}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  // A path, query or fragment would make the "enter" link something other than the domain.
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash || url.username || url.password) return null;
  if (!HOSTNAME.test(url.hostname)) return null;
  return ORIGIN.test(url.origin) ? url.origin : null;
}

/** What the page shows of an origin: its host (with the port when there is one). */
export const domainLabel = (origin: string) => new URL(origin).host;

/** The operator's domains as origins, in its order, each once; null when the operator did not answer. */
export function domainOrigins(entries: readonly unknown[]): string[] {
  const origins = new Set<string>();
  for (const entry of entries) {
    const name = entry && typeof entry === "object" ? (entry as { domainName?: unknown }).domainName : entry;
    const origin = domainOrigin(name);
    if (origin) origins.add(origin);
    if (origins.size === MAX_DOMAINS) break;
  }
  return [...origins];
}

/**
 * The domain routes through the one operator client (a cached settings read, quiet: no alert).
 * Null when the operator failed or took longer than ROUTES_WAIT_MS: the page says it could not
 * read the list, and the call goes on filling the cache for the next view.
 */
export async function readDomainOrigins(request: Request, locale: Locale): Promise<string[] | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ROUTES_WAIT_MS)));
  try {
    const entries = await Promise.race([quietly(request, operatorClient().call("domainRoutes", { language: locale })), late]);
    return entries ? domainOrigins(entries) : null;
  } finally {
    clearTimeout(timer);
  }
}

/** Reads a body up to `max` bytes, then lets the rest go. */
async function drain(response: Response, max: number): Promise<void> {
  const reader = response.body?.getReader();
  if (!reader) return;
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    read += value.byteLength;
    if (read >= max) {
      await reader.cancel();
      return;
    }
  }
}

/**
 * The time in ms of one GET of the domain's logo, or 0 when it did not answer within the timeout
 * or answered with an error status (a browser's image would fail too).
 */
export async function measureDomain(origin: string, timeoutMs = SPEED_TIMEOUT_MS): Promise<number> {
  const started = performance.now();
  try {
    // eslint-disable-next-line no-restricted-globals -- not an operator call: the domain's own logo, the one request the spec times
    const response = await fetch(logoUrl(origin, Date.now()), {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "manual",
      cache: "no-store",
      headers: { Accept: "image/*" },
    });
    await drain(response, MAX_LOGO_BYTES);
    return response.status < 400 ? answeredMs(performance.now() - started) : 0;
  } catch {
    return 0;
  }
}

const held = new Map<string, { at: number; speeds: Promise<DomainSpeed[]> }>();

/** Every origin timed at once (one slow domain does not hold up the others beyond the timeout). */
export function measureDomains(origins: readonly string[], now = Date.now()): Promise<DomainSpeed[]> {
  const key = origins.join(" ");
  const hit = held.get(key);
  if (hit && now - hit.at < MEASURE_HOLD_MS) return hit.speeds;
  const speeds = Promise.all(origins.map(async (origin) => ({ origin, name: domainLabel(origin), ms: await measureDomain(origin) })));
  for (const [k, v] of held) if (now - v.at >= MEASURE_HOLD_MS) held.delete(k);
  held.set(key, { at: now, speeds });
  return speeds;
}
