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
import { buildGameMenu, showsAgentEntry, type GameMenu } from "./menu";
import { loadLotteryMenu, type LotteryMenu } from "~/features/lottery/lottery.server";
import { memoByArguments } from "~/lib/memo";
import type { VendorLane } from "~/operator/answers";

/** One menu per cached answer and kind of visitor (an image CDN is picked once per menu, not per view). */
const menuOf = memoByArguments(
  (lanes: VendorLane[], imageCDNs: string[], agent: boolean, lottery: LotteryMenu | null, origin: string): GameMenu => ({
    ...buildGameMenu(lanes, agent ? AGENT_KIND : null, { imageCDNs, operatorOrigin: origin }),
    lottery,
  }),
);
const AGENT_KIND = 1;

/** The menu of this visitor (isAgent null: a guest), both calls in parallel. */
export async function loadGameMenu(request: Request, operator: BoundOperator, isAgent: number | null): Promise<GameMenu> {
  const [lanes, imageCDNs, lottery] = await Promise.all([
    loadLanes(request, operator),
    loadImageCdns(operator),
    loadLotteryMenu(request, operator),
  ]);
  return menuOf(lanes, imageCDNs, showsAgentEntry(isAgent), lottery, operatorPublicOrigin());
}
