/**
 * What the main game menu needs from the operator, fetched in the root loader's one wave beside
 * the settings: the vendor list's lanes (the client's 3-minute shared cache, a quiet call: when it
 * fails the page draws without the menu) and the image CDNs of the status' info. The status is
 * live (it carries maintenance) and so not cached by the client; the CDN list is remembered here
 * as long as the settings (catalogue.server.ts), so that a page view costs no status call of its own.
 */
import type { BoundOperator } from "~/operator/operator.server";
import { loadImageCdns, loadLanes } from "./catalogue.server";
import { operatorPublicOrigin } from "~/server/config.server";
import { buildGameMenu, type GameMenu } from "./menu";
import { loadLotteryMenu } from "~/features/lottery/lottery.server";

/** The menu of this visitor (isAgent null: a guest), both calls in parallel. */
export async function loadGameMenu(request: Request, operator: BoundOperator, isAgent: number | null): Promise<GameMenu> {
  const [lanes, imageCDNs, lottery] = await Promise.all([
    loadLanes(request, operator),
    loadImageCdns(operator),
    loadLotteryMenu(request, operator),
  ]);
  return { ...buildGameMenu(lanes, isAgent, { imageCDNs, operatorOrigin: operatorPublicOrigin() }), lottery };
}
