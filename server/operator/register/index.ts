/** The register area: registration by username or mobile number, its rules, affiliate codes. */
import type { OperatorArea } from "../http";
import { registerRoutes } from "./routes";
import { REGISTER_SCHEMA, seedRegister } from "./seed";

export const registerArea: OperatorArea = { name: "register", schema: REGISTER_SCHEMA, seed: seedRegister, routes: registerRoutes };
