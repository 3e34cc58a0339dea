/**
 * The game a player plays in the page (/seamless, and /trial for the free trial), kept in the
 * server-held session: the launch action records it under a one-time key, the in-page view
 * shows it, and leaving it ends the player's game session at the vendor (document 001,
 * section 4: "leaving /seamless with a token triggers game logout").
 *
 * Leaving is seen in two places, whichever comes first; the other finds nothing left to do:
 * - the next page view that is not the game's own page: the root loader calls
 *   `logoutLeftGame` (a navigation through the portal, with or without scripts);
 * - the browser's beacon (`navigator.sendBeacon` to /resources/game-logout) when scripts run
 *   and the page goes away (tab closed, another site, a client-side navigation).
 */
import { randomBytes } from "node:crypto";
import type { BoundOperator } from "~/operator/operator.server";
import type { Notice } from "~/operator/errors";
import { noteLaunchOrigins } from "~/server/security-headers.server";
import { commitSession, getSession, type PortalSession } from "~/server/session.server";
import { state } from "~/server/state/index.server";
import { httpUrl, SEAMLESS_PATH, TRIAL_PATH } from "./launch";
import { lobbyHref } from "./links";
import { isGameType, type GameType } from "./types";

/** A game shown in the page. */
export interface OpenGame {
  /** The one-time key of this launch: the only thing of it in the page's address. */
  key: string;
  /** The game's address (it reaches the browser as the frame's source, never the address bar). */
  url: string;
  vendor: string;
  gameType: GameType;
  name: string;
  /** Where the player launched from: the Back link. */
  backTo: string;
  /** A free trial (/trial): no token, nothing to log out. */
  trial: boolean;
  /** When the launch was made (ms). */
  at: number;
  /** The in-page view has shown it: from now on leaving it logs it out. */
  shown: boolean;
}

// The session values of this feature (declaration merging keeps them beside their code).
declare module "~/server/session.server" {
  interface SessionValues {
    /** The game shown in the page (seamless or trial), one per session. */
    openGame: OpenGame;
    /** The catalogue's message of the last failed launch, read once by /games/launch-failed. */
    launchNotice: { notice: Notice; at: number };
  }
}

/**
 * A launch that was never shown (the player never reached the page) is still ended once it is
 * this old: the vendor opened a session for it all the same.
 */
export const UNSHOWN_GRACE_MS = 60_000;

export function newLaunchKey(): string {
  return randomBytes(12).toString("base64url");
}

/** The in-page view of a game: display data and the key, nothing else. */
export function openGameHref(game: Pick<OpenGame, "key" | "gameType" | "vendor" | "trial">): string {
  const q = new URLSearchParams({ gameType: game.gameType, vendor: game.vendor, key: game.key });
  return `${game.trial ? TRIAL_PATH : SEAMLESS_PATH}?${q}`;
}

/**
 * Records a new in-page game. One in-page game per session: a game that was open before and
 * needs a logout is logged out first (the player has launched another one).
 */
export async function recordOpenGame(session: PortalSession, operator: BoundOperator, game: Omit<OpenGame, "shown">): Promise<void> {
  const previous = session.get("openGame");
  if (previous && previous.key !== game.key) await endGame(session, operator, previous);
  session.set("openGame", { ...game, shown: false });
}

/** The open game of this key and kind, or null (another key, a game already left, another kind). */
export function openGameOf(session: PortalSession, key: string | null, trial: boolean): OpenGame | null {
  const game = session.get("openGame");
  if (!game || !key || game.key !== key || game.trial !== trial) return null;
  return game;
}

/** The in-page view has drawn the game: leaving it now logs it out. Answers whether the session changed. */
export function markShown(session: PortalSession, game: OpenGame): boolean {
  if (game.shown) return false;
  session.set("openGame", { ...game, shown: true });
  return true;
}

/**
 * Keys whose logout was already sent, so that the root loader and the beacon (which may arrive
 * together, each with the session as it was, at one process or two) call the vendor once: a
 * claim of the state floor, kept a few minutes.
 */
const CLAIM_MS = 5 * 60_000;

/** Ends a game: the vendor's logout (seamless games of a logged-in player), then the record. */
async function endGame(session: PortalSession, operator: BoundOperator, game: OpenGame): Promise<void> {
  if (session.get("openGame")?.key === game.key) session.unset("openGame");
  if (game.trial || !operator.context.token || !(await state().claim(`game-logout:${game.key}`, CLAIM_MS))) return;
  try {
    await operator.call("gameLogout", { body: { vendor: game.vendor } });
  } catch (error) {
    // A background call (no alert): the game session then ends at the vendor's own time-out.
    const code = (error as { code?: unknown; kind?: unknown })?.code || (error as { kind?: unknown })?.kind || "error";
    console.error(`operator gameLogout: ${String(code)}`);
  }
}

/**
 * For the root loader, on every page view: when the player has left the in-page game (this view
 * is not the game's own page), log the game out once and forget it. Answers the Set-Cookie to
 * add to the page's answer when the session changed, else null; costs nothing (no call, no
 * write) when no game is open. Never throws.
 *
 * A game not yet shown is left alone for UNSHOWN_GRACE_MS: the launch's own answer is followed
 * by a revalidation of the launching page, which must not end the game it is about to show.
 */
export async function logoutLeftGame(request: Request, session: PortalSession, operator: BoundOperator): Promise<string | null> {
  const game = session.get("openGame");
  if (!game) return null;
  const path = new URL(request.url).pathname;
  if (path === (game.trial ? TRIAL_PATH : SEAMLESS_PATH)) return null;
  if (!game.shown && Date.now() - game.at < UNSHOWN_GRACE_MS) return null;
  await endGame(session, operator, game);
  try {
    return await commitSession(session);
  } catch {
    return null;
  }
}

/**
 * The beacon's logout (/resources/game-logout): ends the open game of this key, when it is
 * still the open one. Answers whether the session changed.
 */
export async function logoutGameByKey(session: PortalSession, operator: BoundOperator, key: string): Promise<boolean> {
  const game = session.get("openGame");
  if (!game || game.key !== key) return false;
  await endGame(session, operator, game);
  return true;
}

/** What the in-page view draws: the game, or nothing (a launch already left, or another's key) and the way back. */
export interface InPageData {
  game: Pick<OpenGame, "key" | "url" | "name" | "vendor" | "gameType" | "backTo" | "trial"> | null;
  /** Where to go when there is no game: the lobby of the game type in the address, or home. */
  lobby: string;
}

/**
 * The loader of /seamless and /trial: the open game of the key in the address. A seamless game
 * needs the player who launched it (a token); the free trial does not. Shown once, the game is
 * marked so that leaving the page logs it out. No game: 410 with the way back to the lobby.
 */
export async function inPageLoader(request: Request, trial: boolean): Promise<{ data: InPageData; status: number; headers: Headers }> {
  const url = new URL(request.url);
  const session = await getSession(request);
  const gameType = (url.searchParams.get("gameType") ?? "").toUpperCase();
  const lobby = isGameType(gameType) ? lobbyHref(gameType) : "/";
  const headers = new Headers();
  const game = trial || session.get("token") ? openGameOf(session, url.searchParams.get("key"), trial) : null;
  if (!game) return { data: { game: null, lobby }, status: 410, headers };
  if (markShown(session, game)) headers.append("Set-Cookie", await commitSession(session));
  const { key, url: address, name, vendor, gameType: type, backTo } = game;
  // The frame policy names only noted origins; after a restart, or once the bounded list has
  // dropped it, this game's origin is known only from the session.
  const origin = httpUrl(address)?.origin;
  if (origin) noteLaunchOrigins([origin]);
  return { data: { game: { key, url: address, name, vendor, gameType: type, backTo, trial }, lobby }, status: 200, headers };
}
