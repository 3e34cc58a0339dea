/**
 * Whether an error answer is the site-closed page's (site-state.server.ts), apart from its view
 * (site-closed.tsx), which the root fetches only for such an answer.
 */
import type { SiteClosedPage } from "~/features/site/site-state.server";

/** The site-closed page's data when an error answer carries it. */
export function siteClosedOf(data: unknown): SiteClosedPage | null {
  const site = typeof data === "object" && data !== null ? (data as { site?: unknown }).site : null;
  return typeof site === "object" && site !== null && "kind" in site && "titles" in site ? (site as SiteClosedPage) : null;
}
