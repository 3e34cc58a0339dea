/** The password area: change, and reset by e-mail or SMS code. */
import type { OperatorArea } from "../http";
import { passwordRoutes } from "./routes";
import { PASSWORD_SCHEMA } from "./seed";

export const passwordArea: OperatorArea = { name: "password", schema: PASSWORD_SCHEMA, routes: passwordRoutes };
