/**
 * The lottery on the home page and in the lottery lobby (/lott, /elott): the lottery list, the
 * popular games with their last draw (the popular-trend strip), the quick bet and, for a
 * player, the recent lottery games. One wave: the lists come from the shared cache, the issue
 * and the draws are fresh; only the quick bet's issue waits for the (cached) game list.
 */
import { sharedOperator, type BoundOperator } from "~/operator/operator.server";
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
  options: {
    asked: string | null;
    /** Load the player's recent lottery games (the lobby shows them). */
    recent: boolean;
    area?: "LOTT" | "ELOTT";
  },
): Promise<LotteryHome> {
  const recentGames = options.recent ? loadRecent(request, operator) : Promise.resolve([]);
  // Everything but the recent games is the same for every visitor: the shared pool, not the player's.
  const shared = sharedOperator(operator);
  const area = options.area ?? (await loadLotteryArea(request, shared));
  const [groups, popular, draws, quickBet, recent] = await Promise.all([
    loadLotteryList(request, shared, area),
    loadPopular(request, shared, area),
    loadLatestDraws(request, shared, area),
    loadLotteryGames(request, shared).then((games) => loadQuickBet(request, shared, games, options.asked)),
    recentGames,
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
