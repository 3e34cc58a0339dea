/** The promotions area: available promotions, claims with images, tasks and raffles (decision 027). */
import type { OperatorArea } from "../http";
import { promotionReferenceRoutes } from "./reference";
import { promotionRelays } from "./routes";
import { PROMOTIONS_SCHEMA, seedPromotions } from "./seed";

export const promotionsArea: OperatorArea = {
  name: "promotions",
  schema: PROMOTIONS_SCHEMA,
  seed: seedPromotions,
  routes: promotionReferenceRoutes,
  relays: promotionRelays,
};
