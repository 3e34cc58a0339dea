/**
 * The lottery's rules as pure functions (document 001, sections 2 to 5 and 9; decision 034):
 * the quick-bet games and numbers, the bet link's bet_param, the countdown arithmetic and its
 * re-fetch throttle, draw numbers as balls, the prize mode of a launch and the lottery links.
 * Shared by the loaders, the views and the quick-bet script; tests/lottery/lottery-rules.test.ts
 * holds them to the spec.
 */

/** The quick-bet games, in this order, when the operator offers them (document 001, section 5). */
export const QUICK_BET_DEFAULTS = ["CQSSC", "TXFFC", "SD11X5", "GD11X5", "CASSC"] as const;
export const QUICK_BET_MAX = 5;
export const QUICK_BET_NUMBERS = 5;
/** At zero the issue is asked again, at most once per 5 s (document 001, sections 4 and 9). */
export const ISSUE_REFETCH_MS = 5_000;
/** Draw results per list (section 9). */
export const DRAW_LIST_SIZE = 5;
/** A lottery group shows 4 games; more fold into the popup list (section 9). */
export const LIST_FOLD_ABOVE = 4;
/** Popular lottery games (section 9). */
export const POPULAR_COUNT = 4;
/** Thai lottery groups (section 3). */
export const THAI_GROUPS: readonly string[] = ["9", "10", "11"];
export const LONG_DRAGON = "long_dragon";
export const NOT_ON_SALE = "--:--:--";

/** The number rules a quick bet knows: SSC digits 0–9, 11X5 five distinct from 01–11. */
export type NumberRule = "SSC" | "11X5";

export function numberRule(gameCode: string, lotteryType?: string | null): NumberRule | null {
  const type = (lotteryType ?? "").toUpperCase();
  if (type === "SSC" || type === "11X5") return type;
  const code = gameCode.toUpperCase();
  if (/11X5$/.test(code)) return "11X5";
  if (/(SSC|FFC|5FC)$/.test(code)) return "SSC";
  return null;
}

/** Five numbers drawn at random by the rule: SSC digits (repeats allowed), 11X5 distinct and zero-padded. */
export function drawNumbers(rule: NumberRule, random: () => number = Math.random): string[] {
  const pick = (n: number) => Math.min(n - 1, Math.floor(random() * n));
  if (rule === "SSC") return Array.from({ length: QUICK_BET_NUMBERS }, () => String(pick(10)));
  const pool = Array.from({ length: 11 }, (_, i) => String(i + 1).padStart(2, "0"));
  return Array.from({ length: QUICK_BET_NUMBERS }, () => pool.splice(pick(pool.length), 1)[0]);
}

/** The numbers of a bet link, or null when they break the rule (a forged or stale link). */
export function parseBetParam(rule: NumberRule | null, text: string | null | undefined): string[] | null {
  if (!rule || !text || text.length > 64) return null;
  const parts = text.split(",").map((p) => p.trim());
  if (parts.length !== QUICK_BET_NUMBERS) return null;
  if (rule === "SSC") return parts.every((p) => /^\d$/.test(p)) ? parts : null;
  const ok = parts.every((p) => /^(0[1-9]|1[01])$/.test(p)) && new Set(parts).size === parts.length;
  return ok ? parts : null;
}

/** The games of the quick bet: the defaults the operator offers, in the defaults' order, at most 5. */
export function quickBetGames<G extends { gameCode: string }>(offered: readonly G[]): G[] {
  return QUICK_BET_DEFAULTS.flatMap((code) => offered.filter((g) => g.gameCode.toUpperCase() === code).slice(0, 1)).slice(0, QUICK_BET_MAX);
}

export interface IssueTimes {
  isSale?: boolean | null;
  remainTime?: number | null;
  lockTime?: number | null;
}

/** Time left to bet: (remainTime − lockTime) × 1000 ms; null when the issue is not on sale. */
export function countdownMs(issue: IssueTimes | null | undefined): number | null {
  if (!issue || !issue.isSale || typeof issue.remainTime !== "number" || !Number.isFinite(issue.remainTime)) return null;
  return Math.max(0, (issue.remainTime - (issue.lockTime ?? 0)) * 1000);
}

/** HH:MM:SS of what is left (whole seconds, rounded up so that 0 shows only at the end); --:--:-- when not on sale. */
export function formatCountdown(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return NOT_ON_SALE;
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const parts = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return parts.map((v) => String(Math.min(v, 99)).padStart(2, "0")).join(":");
}

/**
 * A countdown that cannot drift: it holds the deadline on the page's clock, not a tally of ticks,
 * so a tab throttled or a phone asleep reads the right time when it wakes. `at` is when the
 * server's answer arrived (Date.now() of the page).
 */
export function deadlineOf(ms: number | null, at: number): number | null {
  return ms === null ? null : at + ms;
}

export function remainingMs(deadline: number | null, now: number): number | null {
  return deadline === null ? null : Math.max(0, deadline - now);
}

/** The issue is asked again at most once per ISSUE_REFETCH_MS, however often the countdown reaches zero. */
export class RefetchThrottle {
  private last = Number.NEGATIVE_INFINITY;
  constructor(private readonly gapMs = ISSUE_REFETCH_MS) {}
  /** True (and counted) when a fetch may go now. */
  take(now: number): boolean {
    if (now - this.last < this.gapMs) return false;
    this.last = now;
    return true;
  }
  /** When the next fetch may go. */
  nextAt(): number {
    return this.last + this.gapMs;
  }
}

/** A draw's winNo as balls: a comma list as its numbers, else each digit. */
export function winNoBalls(winNo: string | null | undefined): string[] {
  const text = (winNo ?? "").trim();
  if (!text) return [];
  return text.includes(",")
    ? text
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean)
    : [...text.replace(/\s+/g, "")];
}

// ── prize modes and launches ──────────────────────────────────────────────────────────────

/** The lottery areas: the prize-mode families of section 9 and the Vietnamese lottery. */
export type LotteryArea = "LOTT" | "ELOTT" | "SEA" | "VN";

/** The templates' parameters.prize_mode (default lott) → the area of the menus: LOTT or ELOTT. */
export function areaOfTemplate(prizeMode: string | null | undefined): "LOTT" | "ELOTT" {
  return (prizeMode ?? "").trim().toLowerCase() === "elott" ? "ELOTT" : "LOTT";
}

/**
 * The prize mode a launch sends (section 9): LOTT 1 Traditional, 2 Entertainment; ELOTT 1
 * Elott_Traditional, 2 Elott_Entertainment; SEA SEA_Tradition; the long dragon uses mode 2.
 * The Vietnamese lottery has no mode in the documents: VN (decision 034).
 */
export function prizeModeFor(area: LotteryArea, longDragon = false): string {
  switch (area) {
    case "SEA":
      return "SEA_Tradition";
    case "VN":
      return "VN";
    case "ELOTT":
      return longDragon ? "Elott_Entertainment" : "Elott_Traditional";
    default:
      return longDragon ? "Entertainment" : "Traditional";
  }
}

export interface LotteryLaunch {
  area: LotteryArea;
  gameCode: string | null;
  gameId?: string | null;
  longDragon?: boolean;
  betParam?: string | null;
  playType?: string | null;
  /** The mini-game's compact view of a game (decision 049); otherwise the game's betting or the lobby. */
  view?: "mini";
  language: string;
  merchantCode: string;
  backUrl: string;
}

/** The launchGame body of a lottery (the fields the original builds send, section 3). */
export function lotteryLaunchBody(l: LotteryLaunch): Record<string, string | number> {
  const body: Record<string, string | number> = {
    lottoArea: l.area,
    launchMode: "LOTT",
    lottoPrizeMode: prizeModeFor(l.area, l.longDragon),
    lottoGameCode: l.longDragon ? LONG_DRAGON : (l.gameCode ?? ""),
    lottoView: l.view ?? (l.gameCode || l.longDragon ? "betting" : "lobby"),
    backUrl: l.backUrl,
    language: l.language,
    merchantCode: l.merchantCode,
    clientType: 3,
  };
  if (l.gameId) body.gameId = l.gameId;
  if (l.betParam) body.bet_param = l.betParam;
  if (l.playType) body.playType = l.playType;
  return body;
}

// ── links ─────────────────────────────────────────────────────────────────────────────────

export const LOTTERY_PATH = "/lottery";
export const LONG_DRAGON_HREF = `${LOTTERY_PATH}?gameCode=${LONG_DRAGON}`;
export const VN_LOTTERY_PATH = "/vnLottery";
export const SEA_LOTTERY_PATH = "/seaLottery";
export const TREND_PATH = "/lottery/trend";

/** A lottery game: /lottery?playType={defaultPlayType}&gameCode={code}. */
export function lotteryHref(game: { gameCode: string; defaultPlayType?: string | null }): string {
  const q = new URLSearchParams();
  if (game.defaultPlayType) q.set("playType", game.defaultPlayType);
  q.set("gameCode", game.gameCode);
  return `${LOTTERY_PATH}?${q}`;
}

/** The quick bet: /lottery?gameId={id}&gameCode={code}&bet_param={numbers}. */
export function quickBetHref(game: { gameId: string | null; gameCode: string }, numbers: readonly string[]): string {
  const q = new URLSearchParams();
  if (game.gameId) q.set("gameId", game.gameId);
  q.set("gameCode", game.gameCode);
  q.set("bet_param", numbers.join(","));
  return `${LOTTERY_PATH}?${q}`;
}

export function vnLotteryHref(gameCode?: string | null): string {
  return gameCode ? `${VN_LOTTERY_PATH}?gameCode=${encodeURIComponent(gameCode)}` : VN_LOTTERY_PATH;
}

export function seaLotteryHref(gameCode?: string | null): string {
  return gameCode ? `${SEA_LOTTERY_PATH}?gameCode=${encodeURIComponent(gameCode)}` : SEA_LOTTERY_PATH;
}

/** The lottery lobby of an area: the SEO paths /lott and /elott. */
export function lotteryLobbyHref(area: "LOTT" | "ELOTT"): string {
  return area === "ELOTT" ? "/elott" : "/lott";
}

/** A folded group's popup list (a route-based dialog, a page without scripts). */
export function groupListHref(area: "LOTT" | "ELOTT", groupId: string): string {
  return `/lottery-list/${area.toLowerCase()}/${encodeURIComponent(groupId)}`;
}

/** The trend chart route framing the operator's chart page of a game. */
export function trendHref(base: string | null, gameCode: string): string | null {
  return base ? `${TREND_PATH}?gameUrl=${encodeURIComponent(base + encodeURIComponent(gameCode))}` : null;
}
