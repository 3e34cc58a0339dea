/**
 * The mini-game (decision 049): who is shown it, and opening it. The original loaded the lottery
 * vendor's script into the page; the CSP allows no operator script, so the mini-game is the
 * vendor's own mini page in a frame, opened here with the lottery's game launch (a compact view)
 * so that the launch's ticket is in no page, loader data or address the browser keeps.
 */
import { frameMember, originNotes } from "~/server/frame-handoff.server";
import { launchLottery } from "~/features/lottery/launch.server";
import { loadFeatures } from "~/features/site/site.server";
import type { Locale } from "~/i18n/config";
import type { Features } from "~/lib/features";
import type { Notice } from "~/operator/errors";
import { bindOperator, quietly, type BoundOperator } from "~/operator/operator.server";
import { TRIAL_ACCOUNT } from "~/server/gate.server";
import type { PortalSession } from "~/server/session.server";
import { MINI_GAMES, MINI_GAME_SWITCH, type MiniGame } from "./mini-game";

/** The mini-games whose whitelabel switch is on, LOTT first. */
export const miniGamesOn = (features: Pick<Features, "has">): MiniGame[] =>
  MINI_GAMES.filter((game) => features.has(MINI_GAME_SWITCH[game]));

/**
 * What the root shows this player: the mini-games on, for a member or agent (not a trial account,
 * which may not bet); null for none. The switches come from the cached whitelabel answer: no call
 * on most views. An agent is shown it too: the spec hides it on the agent's pages, not from agents.
 */
export async function miniGameShown(isAgent: number | null, locale: Locale): Promise<MiniGame[] | null> {
  if (isAgent === null || isAgent === TRIAL_ACCOUNT) return null;
  const features = await loadFeatures(locale).catch(() => null);
  const games = features ? miniGamesOn(features) : [];
  return games.length ? games : null;
}

export type MiniGameGate =
  | { kind: "guest" }
  | { kind: "trial" }
  | { kind: "off" }
  | { kind: "unavailable" }
  | { kind: "player"; session: PortalSession; operator: BoundOperator; locale: Locale };

/** The frame's gates: a token, a forced password change first, not a trial account, the game's switch. */
export async function miniGameGate(request: Request, context: unknown, game: MiniGame | null): Promise<MiniGameGate> {
  const member = await frameMember(request, context);
  if (member.kind !== "member") return member;
  const { session, locale, features } = member;
  if (!game || !miniGamesOn(features).includes(game)) return { kind: "off" };
  return { kind: "player", session, operator: bindOperator(session, locale, member.deviceId, features), locale };
}

export function miniGameNotice(kind: Exclude<MiniGameGate["kind"], "player">): Notice {
  const keys = { guest: "in_sorry_in", trial: "in_need_true_account", off: "in_stay_tuned", unavailable: "mini_game_failed" };
  return { key: keys[kind] };
}

// ── The frame's origin, for the pages' frame-src ──────────────────────────────────────────
const miniGameOrigins = originNotes();

/**
 * The mini page's origins a page whose root data shows the mini-game adds to frame-src
 * (entry.server). The launch is on the operator's origin or a launch CDN, which frame-src names
 * already; this keeps the mini page's origin named even when the games' list has moved on.
 */
export function miniGameFrameSources(loaderData: Record<string, unknown> | undefined): string[] {
  const root = loaderData?.root as { miniGame?: unknown } | undefined;
  return Array.isArray(root?.miniGame) && root.miniGame.length ? miniGameOrigins.list() : [];
}

/**
 * The operator's mini page for this game: the lottery's launch in the compact view, on the area's
 * first game (the one whose issue the mini page shows). The SEA lottery is the same launch with
 * its own area and prize mode.
 */
export async function openMiniGame(
  request: Request,
  gate: Extract<MiniGameGate, { kind: "player" }>,
  game: MiniGame,
): Promise<{ url: string } | { notice: Notice }> {
  const { operator, session } = gate;
  const menus = await quietly(request, operator.call("lotteryMenus", { query: { prizeMode: game } }));
  const first = menus?.flatMap((group) => group.gameMenus)[0] ?? null;
  if (!menus) return { notice: { key: "mini_game_failed" } };
  if (!first) return { notice: { key: "in_stay_tuned" } };
  const launched = await launchLottery(request, operator, session, { area: game, game: first, view: "mini", back: "/" });
  if ("notice" in launched) return { notice: launched.notice };
  miniGameOrigins.note(new URL(launched.url).origin);
  return { url: launched.url };
}
