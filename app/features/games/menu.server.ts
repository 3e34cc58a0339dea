/**
 * What the main game menu needs from the operator, fetched in the root loader's one wave beside
 * the settings: the vendor list's lanes (the client's 3-minute shared cache, a quiet call: when it
 * fails the page draws without the menu) and the image CDNs of the status' info. The status is
 * live (it carries maintenance) and so not cached by the client; the CDN list is remembered here
 * as long as the settings (3 minutes, OPERATOR_CACHE_MS), so that a page view costs no status call
 * of its own.
 */
import type { VendorLane } from "~/operator/answers";
import { quietly, type BoundOperator } from "~/operator/operator.server";
import { config, operatorPublicOrigin } from "~/server/config.server";
import { buildGameMenu, type GameMenu } from "./menu";

export const MENU_PLATFORM = "html5-desktop";
/** As long as the client keeps the settings: the spec's 3 minutes, or OPERATOR_CACHE_MS. */
const cdnTtlMs = () => config().OPERATOR_CACHE_MS ?? 3 * 60_000;

let cdns: { expires: number; list: Promise<string[]> } | undefined;

/** The status' image CDNs, asked at most once per 3 minutes; none when the status cannot be read. */
export function imageCdns(operator: BoundOperator, now = Date.now()): Promise<string[]> {
  if (!cdns || cdns.expires <= now) {
    const list = operator.call("status").then(
      (status) => (status.info?.imageCDNs ?? []).filter((cdn): cdn is string => typeof cdn === "string"),
      () => [] as string[],
    );
    cdns = { expires: now + cdnTtlMs(), list };
    // A failed look-up is not kept for the whole period: the next page view asks again.
    void list.then((found) => {
      if (!found.length && cdns?.list === list) cdns = { expires: now + Math.min(10_000, cdnTtlMs()), list };
    });
  }
  return cdns.list;
}

/** The vendor list's lanes; none when the operator cannot answer. */
export async function loadMenuLanes(request: Request, operator: BoundOperator): Promise<VendorLane[]> {
  const answer = await quietly(request, operator.call("gameVendors", { query: { platform: MENU_PLATFORM } }));
  return answer?.data.lanes ?? [];
}

/** The menu of this visitor (isAgent null: a guest), both calls in parallel. */
export async function loadGameMenu(request: Request, operator: BoundOperator, isAgent: number | null): Promise<GameMenu> {
  const [lanes, imageCDNs] = await Promise.all([loadMenuLanes(request, operator), imageCdns(operator)]);
  return buildGameMenu(lanes, isAgent, { imageCDNs, operatorOrigin: operatorPublicOrigin() });
}
