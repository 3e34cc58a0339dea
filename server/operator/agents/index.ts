/** The agents area: the agent tree, its reports and payouts, downline registration and transfers (decision 032). */
import type { OperatorArea } from "../http";
import { agentRelays } from "./routes";
import { AGENTS_SCHEMA, seedAgents } from "./seed";

export const agentsArea: OperatorArea = { name: "agents", schema: AGENTS_SCHEMA, seed: seedAgents, relays: agentRelays };
