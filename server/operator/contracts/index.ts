/** The contracts area: contract requests and their decisions (decision 031). */
import type { OperatorArea } from "../http";
import { contractRelays, contractRoutes } from "./routes";
import { CONTRACTS_SCHEMA, seedContracts } from "./seed";

export const contractsArea: OperatorArea = {
  name: "contracts",
  schema: CONTRACTS_SCHEMA,
  seed: seedContracts,
  relays: contractRelays,
  routes: contractRoutes,
};
