/**
 * Opening the operator's lottery client (decision 034): /lottery, /vnLottery and /seaLottery
 * launch it through /wps/game/launchGame with the lottery fields of the original builds
 * (lotteryLaunchBody), behind the gates of every game launch — a guest is sent to log in
 * (in_sorry_in), a free-play account is told in_need_true_account, and a game the operator does
 * not offer is in_stay_tuned. The trend chart route frames the operator's chart page.
 */
import { redirect } from "@remix-run/node";
import { httpUrl, portalUrl } from "~/features/games/launch";
import { launchAddress } from "~/features/games/launch.server";
import { failureStatus, operatorFailure, type Notice } from "~/operator/errors";
import { bindOperator, handleOperatorError, type BoundOperator } from "~/operator/operator.server";
import { getLocale } from "~/i18n/i18n.server";
import { config, operatorPublicOrigin } from "~/server/config.server";
import { TRIAL_ACCOUNT } from "~/server/gate.server";
import { deviceId, getSession, type PortalSession } from "~/server/session.server";
import { LONG_DRAGON, lotteryLaunchBody, numberRule, parseBetParam, type LotteryArea } from "./lottery";
import { loadLotteryArea } from "./lottery.server";
import type { LotteryGameAnswer } from "~/operator/answers";

const CODE = /^[A-Za-z0-9_]{1,32}$/;
/** The catalogue's retry text (document 000, section 8). */
const RETRY = "timeout, retry please";
const ID = /^\d{1,12}$/;
const PLAY_TYPE = /^[A-Za-z0-9_-]{1,40}$/;

/** What /lottery asks for, from its query; anything malformed is dropped, not trusted. */
export interface LotteryAsk {
  gameCode: string | null;
  gameId: string | null;
  playType: string | null;
  betParam: string | null;
  longDragon: boolean;
}

export function lotteryAsk(url: URL): LotteryAsk {
  const q = url.searchParams;
  const code = (q.get("gameCode") ?? "").trim();
  const longDragon = code.toLowerCase() === LONG_DRAGON;
  const id = (q.get("gameId") ?? "").trim();
  const playType = (q.get("playType") ?? "").trim();
  return {
    gameCode: !longDragon && CODE.test(code) ? code.toUpperCase() : null,
    gameId: ID.test(id) ? id : null,
    playType: PLAY_TYPE.test(playType) ? playType : null,
    betParam: q.get("bet_param"),
    longDragon,
  };
}

/** What the lottery page draws: the game's address, or why there is none. Display data only. */
export interface LotteryFrameData {
  area: LotteryArea;
  title: string | null;
  gameCode: string | null;
  url: string | null;
  notice: Notice | null;
  /** The quick bet's numbers were not valid for the game: it opened without them. */
  numbersDropped: boolean;
  back: string;
}

export type LotteryGate = { kind: "guest" } | { kind: "trial" } | { kind: "player"; session: PortalSession };

/** The gates of document 001, section 5: token (else in_sorry_in), then not a free-play account. */
export async function lotteryGate(request: Request): Promise<LotteryGate> {
  const session = await getSession(request);
  if (!session.get("token")) return { kind: "guest" };
  if (session.get("cpw")) throw redirect("/change-password", 303);
  if (Number(session.get("isAgent") ?? 0) === TRIAL_ACCOUNT) return { kind: "trial" };
  return { kind: "player", session };
}

/** A guest goes to the login, which says in_sorry_in and brings them back. */
export function loginFirst(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, 303);
}

export async function boundFor(request: Request, context: unknown, session: PortalSession): Promise<BoundOperator> {
  const [locale, device] = await Promise.all([getLocale(request), deviceId(request, context)]);
  return bindOperator(session, locale, device.id);
}

/** The game a query names, among those the operator offers: by gameCode, else gameId. */
export function namedGame(games: readonly LotteryGameAnswer[], ask: Pick<LotteryAsk, "gameCode" | "gameId">): LotteryGameAnswer | null {
  if (ask.gameCode) return games.find((g) => g.gameCode.toUpperCase() === ask.gameCode) ?? null;
  if (ask.gameId) return games.find((g) => g.gameId === ask.gameId) ?? null;
  return null;
}

/**
 * The status of a lottery page whose operator call failed: 503 when the operator failed (no
 * answer, a 5xx, an answer we cannot read: the notice is the retry text), 502 when it refused.
 */
function launchFailureStatus(error: unknown): 502 | 503 {
  return failureStatus(operatorFailure(error)) === 503 ? 503 : 502;
}

/** Launches the lottery client and answers its address, or the notice that says why not and the page's status. */
export async function launchLottery(
  request: Request,
  operator: BoundOperator,
  session: PortalSession,
  launch: {
    area: LotteryArea;
    game: LotteryGameAnswer | null;
    longDragon?: boolean;
    betParam?: string | null;
    playType?: string | null;
    view?: "mini";
    back: string;
  },
): Promise<{ url: string } | { notice: Notice; status: 502 | 503 }> {
  const locale = await getLocale(request);
  const body = lotteryLaunchBody({
    area: launch.area,
    gameCode: launch.game?.gameCode ?? null,
    gameId: launch.game?.gameId ?? null,
    longDragon: launch.longDragon,
    betParam: launch.betParam,
    playType: launch.playType,
    view: launch.view,
    language: locale,
    merchantCode: session.get("merchantCode") || config().MERCHANT_CODE,
    backUrl: portalUrl(new URL(request.url).origin, launch.back),
  });
  const [launched, status] = await Promise.all([
    operator.call("launchGame", { body }).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
    operator.call("status").catch(() => null),
  ]);
  if (!launched.ok) {
    const notice = await handleOperatorError(request, launched.error);
    const failed = launchFailureStatus(launched.error);
    return { notice: notice ?? { key: failed === 503 ? RETRY : "unknown_error" }, status: failed };
  }
  const url = launchAddress(launched.value.url, status?.info?.launchGameCDNs);
  return url ? { url } : { notice: { key: "game_maintenance" }, status: 502 };
}

/**
 * The operator's lottery games, or the failure to show: unlike the menus' quiet read, the page
 * must tell a failing operator (503, the retry text) from one that offers no such game (404).
 */
async function gamesOrFailure(request: Request, operator: BoundOperator) {
  try {
    return { games: await operator.call("lotteryGames") };
  } catch (error) {
    const notice = await handleOperatorError(request, error);
    const status = launchFailureStatus(error);
    return { games: null, notice: notice ?? { key: status === 503 ? RETRY : "unknown_error" }, status };
  }
}

/** The /lottery page: the gates, the game, its numbers, the launch; and the page's status. */
export async function lotteryFrame(request: Request, context: unknown): Promise<{ data: LotteryFrameData; status: number }> {
  const url = new URL(request.url);
  const gate = await lotteryGate(request);
  if (gate.kind === "guest") throw loginFirst(request);
  const ask = lotteryAsk(url);
  const back = "/lott";
  const base: LotteryFrameData = { area: "LOTT", title: null, gameCode: null, url: null, notice: null, numbersDropped: false, back };
  if (gate.kind === "trial") return { data: { ...base, notice: { key: "in_need_true_account" } }, status: 403 };
  const operator = await boundFor(request, context, gate.session);
  const [list, area] = await Promise.all([gamesOrFailure(request, operator), loadLotteryArea(request, operator)]);
  if (!list.games) return { data: { ...base, area, notice: list.notice }, status: list.status };
  const games = list.games;
  const game = namedGame(games, ask);
  const asksGame = Boolean(ask.gameCode || ask.gameId);
  // No lottery at all, or a game the operator does not offer: in_stay_tuned.
  if (!games.length || (asksGame && !game)) return { data: { ...base, area, notice: { key: "in_stay_tuned" } }, status: 404 };
  const numbers = game && ask.betParam !== null ? parseBetParam(numberRule(game.gameCode, game.lotteryType), ask.betParam) : null;
  const launched = await launchLottery(request, operator, gate.session, {
    area,
    game,
    longDragon: ask.longDragon,
    betParam: numbers?.join(",") ?? null,
    playType: ask.playType ?? game?.defaultPlayType ?? null,
    back,
  });
  const data: LotteryFrameData = {
    ...base,
    area,
    title: game?.name ?? null,
    gameCode: ask.longDragon ? LONG_DRAGON : (game?.gameCode ?? null),
    url: "url" in launched ? launched.url : null,
    notice: "notice" in launched ? launched.notice : null,
    numbersDropped: ask.betParam !== null && numbers === null,
  };
  return { data, status: "url" in launched ? 200 : launched.status };
}

/** A gameUrl the trend route may frame: http(s) on the operator's public or API origin only. */
export function trendUrlAllowed(value: string | null): string | null {
  const url = httpUrl(value);
  if (!url) return null;
  const allowed = new Set<string>();
  for (const base of [operatorPublicOrigin(), config().OPERATOR_API_URL, config().OPERATOR_PUBLIC_URL]) {
    if (!base) continue;
    try {
      allowed.add(new URL(base).origin);
    } catch {
      // not a URL: nothing to allow
    }
  }
  return allowed.has(url.origin) ? url.toString() : null;
}
