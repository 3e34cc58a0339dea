/**
 * The mini-game's shared rules (document 001; decision 049), for the server and the widget: which
 * mini-games there are, the routes that hide the widget, and the drag's press delay and tilt.
 */

/** LOTT: the lottery's mini-game (switch LOTTMINIGAME3); SEA: the SEA lottery's (SEALOTTMINIGAME3). */
export type MiniGame = "LOTT" | "SEA";
export const MINI_GAMES: readonly MiniGame[] = ["LOTT", "SEA"];
export const MINI_GAME_SWITCH: Record<MiniGame, string> = { LOTT: "LOTTMINIGAME3", SEA: "SEALOTTMINIGAME3" };

export const isMiniGame = (value: string | null): value is MiniGame => MINI_GAMES.includes(value as MiniGame);

/** The resource route that leads the widget's frame to the operator's mini page. */
export const MINI_GAME_FRAME = "/resources/mini-game-frame";
export const miniGameFrameHref = (game: MiniGame) => `${MINI_GAME_FRAME}?game=${game}`;

/** Marks the portal's own page in the frame that says the mini-game could not open. */
export const MINI_GAME_FAILED_MARK = "data-mini-game-failed";

/** The spec's routes that hide the widget; /agent hides everything under it too. */
const HIDDEN = ["/lottery", "/vnLottery", "/seamless", "/agentHome", "/seaLottery"];
export function miniGameHidden(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return HIDDEN.includes(path) || path === "/agent" || path.startsWith("/agent/");
}

/** A drag starts only after the pointer has been held this long (a shorter press is a click). */
export const DRAG_DELAY_MS = 150;
/** The widget leans with the drag's horizontal speed, never past this many degrees. */
export const MAX_TILT_DEG = 25;
/** Degrees per px/ms of horizontal speed. */
const TILT_PER_SPEED = 20;

export function tiltOf(dx: number, dt: number): number {
  if (dt <= 0) return 0;
  const tilt = (dx / dt) * TILT_PER_SPEED;
  return Math.round(Math.max(-MAX_TILT_DEG, Math.min(MAX_TILT_DEG, tilt)) * 10) / 10;
}

/** A position kept inside the viewport. */
export function clampPosition(
  left: number,
  top: number,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
) {
  return {
    left: Math.round(Math.max(0, Math.min(viewport.width - size.width, left))),
    top: Math.round(Math.max(0, Math.min(viewport.height - size.height, top))),
  };
}
