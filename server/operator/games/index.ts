/** The games area: the catalogue, icons, favourites and recent games, launching and the demo game page. */
import type { OperatorArea } from "../http";
import { memberGameRelays } from "./favourites";
import { launchRelays, launchRoutes } from "./launch";
import { catalogueRelays, iconRoutes } from "./routes";
import { GAMES_SCHEMA, seedGames } from "./seed";

export { DEMO_ERROR_GAMES } from "./catalogue";

export const gamesArea: OperatorArea = {
  name: "games",
  schema: GAMES_SCHEMA,
  seed: seedGames,
  routes: [...launchRoutes, ...iconRoutes],
  relays: [...catalogueRelays, ...launchRelays, ...memberGameRelays],
};
