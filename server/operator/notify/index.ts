/**
 * The notify area (decision 051): the speed-test postback and the back office's triggers. The
 * broker itself (broker.ts, connection.ts, frames.ts), the external publisher (external.ts) and
 * the notifier every area publishes through (notifier.ts) are wired by server.ts.
 */
import type { OperatorArea } from "../http";
import { notifyRelays, notifyRoutes } from "./routes";
import { NOTIFY_SCHEMA } from "./seed";

export const notifyArea: OperatorArea = { name: "notify", schema: NOTIFY_SCHEMA, routes: notifyRoutes, relays: notifyRelays };
