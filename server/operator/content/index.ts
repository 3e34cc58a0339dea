/**
 * The content area: banners, notices, pop-ups and promotions in six languages, the help centre,
 * the winner board, the jackpot and the app resources, with their artwork and test helper.
 */
import type { OperatorArea } from "../http";
import { extraRelays, extraRoutes } from "./extras";
import { contentReferenceRoutes } from "./reference";
import { resourceRoutes } from "./resources";
import { announcementRelays, artworkRoutes } from "./routes";
import { CONTENT_SCHEMA, seedContent } from "./seed";

export { appResources, downloadGuideFor } from "./resources";

export const contentArea: OperatorArea = {
  name: "content",
  schema: CONTENT_SCHEMA,
  seed: seedContent,
  routes: [...extraRoutes, ...artworkRoutes, ...resourceRoutes, ...contentReferenceRoutes],
  relays: [...announcementRelays, ...extraRelays],
};
