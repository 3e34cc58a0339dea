/**
 * The lottery on the home page and in the lottery lobby (/lott, /elott): the lottery list, the
 * popular games with their last draw (the popular-trend strip), the quick bet and, for a
 * player, the recent lottery games. One wave: the lists come from the shared cache, the issue
 * and the draws are fresh; only the quick bet's issue waits for the (cached) game list.
 */
import type { BoundOperator } from "~/operator/operator.server";
import {
  loadLatestDraws,
  loadLotteryArea,
  loadLotteryGames,
  loadLotteryList,
  loadPopular,
  loadQuickBet,
  loadRecent,
  type DrawView,
  type LotteryGameView,
  type LotteryGroupView,
  type QuickBetData,
} from "./lottery.server";
import { lotteryLobbyHref } from "./lottery";

export interface TrendEntry {
  game: LotteryGameView;
  draw: DrawView | null;
}

export interface LotteryHome {
  area: "LOTT" | "ELOTT";
  lobby: string;
  groups: LotteryGroupView[];
  trend: TrendEntry[];
  /** Null: the operator offers none of the quick-bet games (in_stay_tuned). */
  quickBet: QuickBetData | null;
  recent: LotteryGameView[];
}

export async function loadLotteryHome(
  request: Request,
  operator: BoundOperator,
  options: { asked: string | null; player: boolean; area?: "LOTT" | "ELOTT" },
): Promise<LotteryHome> {
  const area = options.area ?? (await loadLotteryArea(request, operator));
  const [groups, popular, draws, quickBet, recent] = await Promise.all([
    loadLotteryList(request, operator, area),
    loadPopular(request, operator, area),
    loadLatestDraws(request, operator, area),
    loadLotteryGames(request, operator).then((games) => loadQuickBet(request, operator, games, options.asked)),
    options.player ? loadRecent(request, operator) : Promise.resolve([]),
  ]);
  return {
    area,
    lobby: lotteryLobbyHref(area),
    groups,
    trend: popular.map((game) => ({ game, draw: draws.get(game.gameCode) ?? null })),
    quickBet,
    recent,
  };
}
