/**
 * The site's state (document 001, section 2 screen 1 and section 4): under maintenance, or closed
 * to the visitor's region, every page answers the site-closed page instead — 503 with Retry-After
 * for maintenance, 403 for a region — and nothing else runs for it. The operator's status is read
 * once per SITE_STATUS_MS (10 s unless configured) for the whole process (it is the merchant's, not a visitor's), so a
 * switch at the operator shows within that time, and a page view costs no call in between.
 *
 * The gate stands in three places, one per way a request reaches the routes: the root loader
 * (documents and the root's revalidations), entry.server's handleDataRequest (a client
 * navigation's loaders), and the action opening (every post). An operator that does not answer
 * the status is taken as open: its other calls then say what is wrong, as before.
 */
import { json } from "@remix-run/node";
import type { Locale } from "~/i18n/config";
import { fixedT } from "~/i18n/i18n.server";
import { merchantOperator } from "~/operator/operator.server";
import type { SiteStatus } from "~/operator/answers";
import { customerServiceLinks, loadSettings, type ServiceLink } from "~/features/site/site.server";
import type { PortalSession } from "~/server/session.server";
import { config } from "~/server/config.server";
import { formatMaintenanceTime } from "~/features/games/launch";

/** Retry-After when the operator names no end, or the end has passed: five minutes. */
export const SITE_RETRY_AFTER_S = 300;
/** Retry-After is at most a day: an end far off is more likely a typo than a plan. */
const MAX_RETRY_AFTER_S = 86_400;

export interface SiteClosed {
  kind: "maintenance" | "restricted";
  /** The maintenance window as the operator gives it (ISO times), or null. */
  start: string | null;
  end: string | null;
}

/** What the site-closed page draws (the thrown answer's data). */
export interface SiteClosedPage extends SiteClosed {
  /** The title in English and in Chinese, always both (the spec's page). */
  titles: [string, string];
  /** The text in Thai, Japanese or Chinese: the visitor's language when it is one of those, else Chinese. */
  body: string;
  bodyLocale: Locale;
  /** The window's times as the visitor reads them (formatMaintenanceTime), or null. */
  startText: string | null;
  endText: string | null;
  ip: string;
  service: ServiceLink[];
}

let held: { at: number; state: Promise<SiteClosed | null> } | null = null;

function closedOf(status: SiteStatus): SiteClosed | null {
  const window = { start: status.maintenanceStart || null, end: status.maintenanceEnd || null };
  if (status.maintenance) return { kind: "maintenance", ...window };
  if (status.regionRestriction) return { kind: "restricted", ...window };
  return null;
}

/** The site's state, from the operator at most once per SITE_STATUS_MS. */
export function siteState(locale: Locale): Promise<SiteClosed | null> {
  const now = Date.now();
  if (held && now - held.at < config().SITE_STATUS_MS) return held.state;
  let state: Promise<SiteClosed | null>;
  try {
    // The merchant's status, no visitor's.
    state = merchantOperator(locale)
      .call("status")
      .then(closedOf, () => null);
  } catch {
    // No operator configured (a test of one module): nothing says the site is closed.
    state = Promise.resolve(null);
  }
  held = { at: now, state };
  return state;
}

/** Seconds until the maintenance window's end, within [60 s, a day]; SITE_RETRY_AFTER_S without one. */
export function retryAfterSeconds(closed: SiteClosed, now = Date.now()): number {
  const end = closed.end ? Date.parse(closed.end) : Number.NaN;
  if (!Number.isFinite(end) || end <= now) return SITE_RETRY_AFTER_S;
  return Math.min(MAX_RETRY_AFTER_S, Math.max(60, Math.ceil((end - now) / 1000)));
}

const BODY_LOCALES: readonly Locale[] = ["TH", "JA"];

/**
 * The site-closed answer for this request when the site is closed, else null: a thrown response
 * whose data the root's error page draws (SiteClosedView). `clientIp` is the server's view of the
 * visitor's address (server/app.ts's load context).
 */
export async function siteGate(context: unknown, session: PortalSession | null, locale: Locale): Promise<Response | null> {
  const closed = await siteState(locale);
  if (!closed) return null;
  const bodyLocale = BODY_LOCALES.includes(locale) ? locale : "CN";
  const key = closed.kind === "maintenance" ? "site_maintenance" : "site_restricted";
  const [en, cn, body, settings] = await Promise.all([
    fixedT("EN", "common"),
    fixedT("CN", "common"),
    fixedT(bodyLocale, "common"),
    loadSettings(locale).catch(() => null),
  ]);
  const page: SiteClosedPage = {
    ...closed,
    titles: [en(`${key}_title`), cn(`${key}_title`)],
    body: body(`${key}_text`),
    bodyLocale,
    startText: formatMaintenanceTime(closed.start, locale),
    endText: formatMaintenanceTime(closed.end, locale),
    ip: clientIpOf(context),
    service: settings ? customerServiceLinks(settings.customerService, session?.get("clubLabelId")) : [],
  };
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (closed.kind === "maintenance") headers["Retry-After"] = String(retryAfterSeconds(closed));
  return json({ site: page }, { status: closed.kind === "maintenance" ? 503 : 403, headers });
}

function clientIpOf(context: unknown): string {
  const ip = typeof context === "object" && context !== null ? (context as { clientIp?: unknown }).clientIp : undefined;
  return typeof ip === "string" ? ip : "unknown";
}
