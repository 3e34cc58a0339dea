/**
 * What a page view does for notifications (decision 051): it keeps the player's topics wanted
 * for a while (a player between pages, scripts or not, still has messages kept), and takes the
 * messages kept for this session that nothing has shown it yet, for the page to show once.
 * Without a broker, or for a guest, it does nothing; a failing floor costs the page nothing.
 */
import { CHANGES_FIGURES, type PlayerMessage } from "~/features/notify/messages";
import { forgetCentreFacts } from "~/features/member/centre.server";
import type { PortalSession } from "~/server/session.server";
import { notifyHub, playerTopics } from "./index.server";
import { reportTaskNotRun } from "./speed-test.server";

export interface PageNotices {
  /** Whether the page may open the stream (a broker is configured and a player is logged in). */
  stream: boolean;
  /** Kept messages this session has not been shown: the page shows them, and they are spent. */
  kept: PlayerMessage[];
}

const NONE: PageNotices = { stream: false, kept: [] };

export async function pageNotices(session: PortalSession): Promise<PageNotices> {
  const hub = notifyHub();
  if (!hub) return NONE;
  const player = playerTopics(session, (task) => void reportTaskNotRun(session, task));
  if (!player) return NONE;
  hub.touch(player.topics, player.session);
  const kept = await hub.takeNotices(player.notices, player.session, player.since).catch(() => []);
  // This view's loaders run beside this one and may have read the figures the centre keeps (5 s):
  // the next view reads them afresh.
  if (session.id && kept.some((message) => CHANGES_FIGURES.has(message.type))) forgetCentreFacts(session.id);
  return { stream: true, kept };
}
