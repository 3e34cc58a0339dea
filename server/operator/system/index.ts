/** The system area: the merchant's settings, status and whitelabel switches. */
import type { OperatorArea } from "../http";
import { systemRoutes } from "./routes";
import { seedSystem, SYSTEM_SCHEMA } from "./seed";

export const systemArea: OperatorArea = { name: "system", schema: SYSTEM_SCHEMA, seed: seedSystem, routes: systemRoutes };
