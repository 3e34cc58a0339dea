/** The inbox area: messages, payment confirmations and feedback (decision 029). */
import type { OperatorArea } from "../http";
import { inboxReferenceRoutes } from "./reference";
import { inboxRelays, inboxRoutes } from "./routes";
import { INBOX_SCHEMA, seedInbox } from "./seed";

export const inboxArea: OperatorArea = {
  name: "inbox",
  schema: INBOX_SCHEMA,
  seed: seedInbox,
  relays: inboxRelays,
  routes: [...inboxRoutes, ...inboxReferenceRoutes],
};
