/**
 * /resources/mini-game-frame?game=LOTT|SEA: what the mini-game's frame loads (decision 049). The
 * server runs the gates and launches the lottery's mini view, then answers a 302 to the
 * operator's mini page, so its ticket is in no page, no loader data and no address of the
 * portal's own history (`no-store`, `no-referrer`, as the chat's frame). When it cannot open, a
 * small page of the portal says why in the frame, without script; never a 5xx.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isMiniGame, MINI_GAME_FAILED_MARK } from "~/features/mini-game/mini-game";
import { miniGameGate, miniGameNotice, openMiniGame } from "~/features/mini-game/mini-game.server";
import type { Notice } from "~/operator/errors";
import { handoffFailure, handoffRedirect } from "~/server/frame-handoff.server";

const GATE_STATUS = { guest: 401, trial: 403, off: 404, unavailable: 200 } as const;

/** The operator's own words (a launch's refusal) keep the mark of a failed launch. */
const failure = (notice: Notice) => ("key" in notice ? notice : { key: "mini_game_failed", text: notice.text });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get("game");
  const game = isMiniGame(asked) ? asked : null;
  const gate = await miniGameGate(request, context, game);
  if (gate.kind !== "player")
    return handoffFailure(request, MINI_GAME_FAILED_MARK, failure(miniGameNotice(gate.kind)), GATE_STATUS[gate.kind]);
  const opened = await openMiniGame(request, gate, game!);
  // A mini-game that cannot open is not the portal failing: 200 with the words, never a 5xx.
  if ("notice" in opened) return handoffFailure(request, MINI_GAME_FAILED_MARK, failure(opened.notice), 200);
  return handoffRedirect(opened.url);
}
