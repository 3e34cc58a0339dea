/** The lottery area: the lottery clock, draws kept in SQLite, menus, the lottery launch and its demo page (decision 034). */
import type { OperatorArea } from "../http";
import { lotteryRoutes } from "./routes";
import { LOTTERY_SCHEMA, seedLottery } from "./store";

export const lotteryArea: OperatorArea = {
  name: "lottery",
  schema: LOTTERY_SCHEMA,
  seed: seedLottery,
  routes: lotteryRoutes,
};
