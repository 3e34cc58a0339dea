/**
 * The operator's lottery as the pages draw it (decision 034): the menus of the templates' prize
 * mode, the games, popular and recent games, the open issue and the draws, shaped into views.
 * The lists carry no token and come from the client's 3-minute shared cache; the issue and the
 * draws are asked fresh on every view (identical calls in flight are coalesced by the client).
 * Every call is quiet: a lottery the operator cannot answer is a page without its lottery parts.
 */
import { memoByArguments } from "~/lib/memo";
import { createHash } from "node:crypto";
import type { LotteryDrawAnswer, LotteryGameAnswer, LotteryGroupAnswer, LotteryIssueAnswer } from "~/operator/answers";
import { quietly, sharedOperator, type BoundOperator } from "~/operator/operator.server";
import { operatorPublicOrigin } from "~/server/config.server";
import { loadImageCdns } from "~/features/games/catalogue.server";
import { resolveImage } from "~/features/games/images";
import {
  areaOfTemplate,
  countdownMs,
  DRAW_LIST_SIZE,
  drawNumbers,
  groupListHref,
  LIST_FOLD_ABOVE,
  LONG_DRAGON_HREF,
  lotteryHref,
  lotteryLobbyHref,
  numberRule,
  POPULAR_COUNT,
  quickBetGames,
  quickBetHref,
  seaLotteryHref,
  THAI_GROUPS,
  vnLotteryHref,
  winNoBalls,
  type NumberRule,
} from "./lottery";

export interface LotteryGameView {
  gameId: string | null;
  gameCode: string;
  name: string;
  icon: string | null;
  tag: "new" | "hot" | null;
  href: string;
  /** The SEA lottery opens in a new window (document 001, section 4). */
  newWindow: boolean;
}

export interface LotteryGroupView {
  id: string;
  title: string;
  thai: boolean;
  /** The flag beside the title: Thailand's for the Thai groups, Laos's for the Lao one among them. */
  flag: "TH" | "LA" | null;
  /** The games shown: all of them, or the first 4 of a folded group. */
  games: LotteryGameView[];
  total: number;
  /** The folded group's popup list; null when it has 4 games or fewer. */
  more: string | null;
}

export interface LotteryMenu {
  area: "LOTT" | "ELOTT";
  lobby: string;
  groups: LotteryGroupView[];
  /** Other lotteries: the Vietnamese lottery's page and the SEA games. */
  vn: string | null;
  sea: LotteryGameView[];
  longDragon: string;
}

export interface IssueView {
  gameCode: string;
  numero: string | null;
  /** Time left to bet at the server's answer; null: not on sale (--:--:--). */
  countdownMs: number | null;
  next: string | null;
  previous: string | null;
  previousBalls: string[];
}

export interface DrawView {
  gameCode: string;
  numero: string;
  balls: string[];
}

interface Images {
  cdns: string[];
  origin: string;
}

export async function loadImageOrigins(operator: BoundOperator): Promise<Images> {
  return { cdns: await loadImageCdns(operator), origin: operatorPublicOrigin() };
}

export function gameView(game: LotteryGameAnswer, img: Images, area: "LOTT" | "ELOTT" | "SEA" | "VN" = "LOTT"): LotteryGameView {
  const tag = game.tag === "new" || game.tag === "hot" ? game.tag : null;
  // A game that names its own area keeps it: a Vietnamese or SEA game opens its own page from any list.
  if (game.area === "SEA" || game.area === "VN") area = game.area;
  const href = area === "SEA" ? seaLotteryHref(game.gameCode) : area === "VN" ? vnLotteryHref(game.gameCode) : lotteryHref(game);
  return {
    gameId: game.gameId,
    gameCode: game.gameCode,
    name: game.name,
    icon: resolveImage(game.icon, img.cdns, img.origin),
    tag,
    href,
    newWindow: area === "SEA",
  };
}

/**
 * Document 001 §3 counts the Lao lottery among the "Thai" groups (9, 10, 11) — they share the
 * Thai rules — but its flag is Laos's: the group's code says which (THAI_LAO, LAO_…).
 */
function groupFlag(group: LotteryGroupAnswer): LotteryGroupView["flag"] {
  if (/LAO/i.test(group.gameGroupCode ?? "")) return "LA";
  return THAI_GROUPS.includes(group.gameGroupId) ? "TH" : null;
}

export function groupView(group: LotteryGroupAnswer, area: "LOTT" | "ELOTT", img: Images, fold = true): LotteryGroupView {
  const games = group.gameMenus.map((g) => gameView(g, img, area));
  const folded = fold && games.length > LIST_FOLD_ABOVE;
  return {
    id: group.gameGroupId,
    title: group.labelName?.trim() || group.gameGroupCode?.trim() || group.gameGroupId,
    thai: THAI_GROUPS.includes(group.gameGroupId),
    flag: groupFlag(group),
    games: folded ? games.slice(0, LIST_FOLD_ABOVE) : games,
    total: games.length,
    more: folded ? groupListHref(area, group.gameGroupId) : null,
  };
}

/** The menus' area: the templates' prize_mode (default lott). */
export async function loadLotteryArea(request: Request, operator: BoundOperator): Promise<"LOTT" | "ELOTT"> {
  const templates = await quietly(request, operator.call("templates"));
  return areaOfTemplate(templates?.parameters?.prize_mode);
}

export async function loadGroups(request: Request, operator: BoundOperator, area: "LOTT" | "ELOTT"): Promise<LotteryGroupAnswer[]> {
  return (await quietly(request, operator.call("lotteryMenus", { query: { prizeMode: area } }))) ?? [];
}

/**
 * The lottery mega-menu (document 001, section 2, screen 2): the groups of the templates' prize
 * mode with their new and hot labels, the other lotteries (Vietnamese, SEA) and the long dragon.
 * Null when the operator offers no lottery.
 */
export async function loadLotteryMenu(request: Request, bound: BoundOperator): Promise<LotteryMenu | null> {
  const operator = sharedOperator(bound);
  const area = await loadLotteryArea(request, operator);
  const [groups, vn, sea, img] = await Promise.all([
    loadGroups(request, operator, area),
    quietly(request, operator.call("vnLotteryMenu")),
    quietly(request, operator.call("lotteryMenus", { query: { prizeMode: "SEA" } })),
    loadImageOrigins(operator),
  ]);
  return lotteryMenuOf(area, groups, vn, sea, img.cdns, img.origin);
}

/** One mega-menu per cached answer (views built once, the same object while the answers are). */
const lotteryMenuOf = memoByArguments(
  (
    area: "LOTT" | "ELOTT",
    groups: LotteryGroupAnswer[],
    vn: { gameMenus: unknown[] }[] | null,
    sea: { gameMenus: LotteryGameAnswer[] }[] | null,
    cdns: string[],
    origin: string,
  ): LotteryMenu | null => {
    if (!groups.length) return null;
    const img: Images = { cdns, origin };
    return {
      area,
      lobby: lotteryLobbyHref(area),
      groups: groups.map((g) => groupView(g, area, img, false)),
      vn: vn?.some((g) => g.gameMenus.length) ? vnLotteryHref() : null,
      sea: (sea ?? []).flatMap((g) => g.gameMenus.map((game) => gameView(game, img, "SEA"))),
      longDragon: LONG_DRAGON_HREF,
    };
  },
);

/** The lottery list (screen 10): every group, 4 games each, more folded into the popup list. */
export async function loadLotteryList(request: Request, operator: BoundOperator, area: "LOTT" | "ELOTT"): Promise<LotteryGroupView[]> {
  const [groups, img] = await Promise.all([loadGroups(request, operator, area), loadImageOrigins(operator)]);
  return groupViewsOf(groups, area, img.cdns, img.origin);
}

/** The groups' views, once per cached answer (home's lottery-list fragment is keyed by them). */
const groupViewsOf = memoByArguments((groups: LotteryGroupAnswer[], area: "LOTT" | "ELOTT", cdns: string[], origin: string) =>
  groups.map((g) => groupView(g, area, { cdns, origin })),
);

/** The popular games' views, once per cached answer (home's blocks fragment is keyed by the first). */
const popularViewsOf = memoByArguments((popular: LotteryGameAnswer[], area: "LOTT" | "ELOTT", cdns: string[], origin: string) =>
  popular.slice(0, POPULAR_COUNT).map((g) => gameView(g, { cdns, origin }, area)),
);

export async function loadPopular(request: Request, operator: BoundOperator, area: "LOTT" | "ELOTT"): Promise<LotteryGameView[]> {
  const [popular, img] = await Promise.all([
    quietly(request, operator.call("lotteryPopular", { query: { count: POPULAR_COUNT, prizeMode: area } })),
    loadImageOrigins(operator),
  ]);
  return popular ? popularViewsOf(popular, area, img.cdns, img.origin) : [];
}

export async function loadRecent(request: Request, operator: BoundOperator): Promise<LotteryGameView[]> {
  const [recent, img] = await Promise.all([quietly(request, operator.call("lotteryRecent")), loadImageOrigins(operator)]);
  return (recent ?? []).map((g) => gameView(g, img));
}

/** Every lottery game the operator offers (all areas): what /lottery may open. */
export async function loadLotteryGames(request: Request, operator: BoundOperator): Promise<LotteryGameAnswer[]> {
  return (await quietly(request, operator.call("lotteryGames"))) ?? [];
}

export function issueView(gameCode: string, answer: LotteryIssueAnswer | null): IssueView | null {
  if (!answer?.currentNumero) return null;
  return {
    gameCode,
    numero: answer.currentNumero.numero,
    countdownMs: countdownMs(answer.currentNumero),
    next: answer.nextNumero?.numero ?? null,
    previous: answer.previousNumero?.numero ?? null,
    previousBalls: winNoBalls(answer.previousNumero?.winNo),
  };
}

export async function loadIssue(
  request: Request,
  operator: BoundOperator,
  game: { gameId: string | null; gameCode: string },
  vn = false,
): Promise<IssueView | null> {
  const query = game.gameId && !vn ? { gameId: game.gameId } : { gameCode: game.gameCode };
  const answer = await quietly(request, operator.call(vn ? "vnLotteryOpened" : "lotteryOpenedIssue", { query }));
  return issueView(game.gameCode, answer);
}

export function drawViews(draws: readonly LotteryDrawAnswer[], size = DRAW_LIST_SIZE): DrawView[] {
  return draws.slice(0, size).map((d) => ({ gameCode: d.gameCode, numero: d.numero, balls: winNoBalls(d.winNo) }));
}

export async function loadDraws(request: Request, operator: BoundOperator, gameCode: string): Promise<DrawView[]> {
  const draws = await quietly(request, operator.call("lotteryDrawsByGame", { params: { gameCode }, query: { size: DRAW_LIST_SIZE } }));
  return drawViews(draws ?? []);
}

/** The latest draw of every game of an area (the popular-trend strip). */
export async function loadLatestDraws(request: Request, operator: BoundOperator, area: "LOTT" | "ELOTT"): Promise<Map<string, DrawView>> {
  const draws = await quietly(request, operator.call("lotteryDraws", { query: { prizeMode: area } }));
  return new Map(drawViews(draws ?? [], Number.MAX_SAFE_INTEGER).map((d) => [d.gameCode, d]));
}

// ── the quick bet (document 001, section 2, screen 6; sections 4 and 5) ───────────────────

export interface QuickBetGame {
  gameId: string | null;
  gameCode: string;
  name: string;
  rule: NumberRule;
}

export interface QuickBetData {
  games: QuickBetGame[];
  selected: QuickBetGame;
  issue: IssueView | null;
  draws: DrawView[];
  numbers: string[];
  betHref: string;
  /** The operator's trend chart page of a game is this plus its code (null: no public origin). */
  trendBase: string | null;
  /** The seed of the next quick pick: the no-script "again" link carries it, so a redraw is always a new address. */
  nextSeed: string;
}

/** The operator's trend chart page (a browser page, not an API call: decision 034). */
export function trendBase(): string | null {
  const origin = operatorPublicOrigin();
  return origin ? `${origin}/lottery-trend/` : null;
}

/** The quick-bet games the operator offers; an empty list is the in_stay_tuned notice. */
export function quickBetList(games: readonly LotteryGameAnswer[]): QuickBetGame[] {
  return quickBetGames(games).flatMap((g) => {
    const rule = numberRule(g.gameCode, g.lotteryType);
    return rule ? [{ gameId: g.gameId, gameCode: g.gameCode, name: g.name, rule }] : [];
  });
}

/** The widget for the asked game (else the first): its open issue and draws in one wave, five numbers drawn. */
export async function loadQuickBet(
  request: Request,
  operator: BoundOperator,
  games: readonly LotteryGameAnswer[],
  asked: string | null,
): Promise<QuickBetData | null> {
  const list = quickBetList(games);
  const selected = list.find((g) => g.gameCode === asked?.toUpperCase()) ?? list[0];
  if (!selected) return null;
  const [issue, draws] = await Promise.all([loadIssue(request, operator, selected), loadDraws(request, operator, selected.gameCode)]);
  const seed = quickPickSeed(request);
  const numbers = drawNumbers(selected.rule, seededUnits(`${selected.gameCode}:${seed}`));
  return {
    games: list,
    selected,
    issue,
    draws,
    numbers,
    betHref: quickBetHref(selected, numbers),
    trendBase: trendBase(),
    nextSeed: nextQuickPickSeed(seed),
  };
}

/**
 * The quick pick is drawn from a seed, not afresh on every view: the address's `at` (the "again"
 * link's), else the current ten-second window. So the same address in the same window draws the
 * same numbers and a guest's page can be kept for the next guest (decision 042), while "again"
 * always leads to a new seed and new numbers. With scripts, "again" draws in the browser.
 */
export const QUICK_PICK_WINDOW_MS = 10_000;

function quickPickSeed(request: Request): string {
  const at = new URL(request.url).searchParams.get("at");
  return at && /^\d{1,15}$/.test(at) ? at : String(Math.floor(Date.now() / QUICK_PICK_WINDOW_MS));
}

function nextQuickPickSeed(seed: string): string {
  return String(parseInt(createHash("sha256").update(`next:${seed}`).digest("hex").slice(0, 12), 16));
}

/** Units in [0, 1) from a seed: SHA-256 blocks, four bytes a draw. */
export function seededUnits(seed: string): () => number {
  let block = createHash("sha256").update(seed).digest();
  let at = 0;
  return () => {
    if (at + 4 > block.length) {
      block = createHash("sha256").update(block).digest();
      at = 0;
    }
    const unit = block.readUInt32BE(at) / 2 ** 32;
    at += 4;
    return unit;
  };
}
