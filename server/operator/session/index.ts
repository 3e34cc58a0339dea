/** The session area: every way in and out, the second factor, the captcha. */
import type { OperatorArea } from "../http";
import { sessionRoutes } from "./routes";
import { SESSION_SCHEMA } from "./seed";

export const sessionArea: OperatorArea = { name: "session", schema: SESSION_SCHEMA, routes: sessionRoutes };
