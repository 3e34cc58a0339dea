/** The reference area: the /__reference/* test and demo helpers. It keeps no tables of its own. */
import type { OperatorArea } from "../http";
import { referenceRoutes } from "./routes";

export const referenceArea: OperatorArea = { name: "reference", routes: referenceRoutes };
