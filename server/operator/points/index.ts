/** The points area: the points mall's configuration, catalogue, balances, redemptions and conversions (decision 033). */
import type { OperatorArea } from "../http";
import { pointRelays, pointRoutes } from "./routes";
import { POINTS_SCHEMA, seedPoints } from "./seed";

export const pointsArea: OperatorArea = {
  name: "points",
  schema: POINTS_SCHEMA,
  seed: seedPoints,
  relays: pointRelays,
  routes: pointRoutes,
};
