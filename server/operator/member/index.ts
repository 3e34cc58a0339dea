/** The member area: members and their wallets, and what a session may read or change of them. */
import type { OperatorArea } from "../http";
import { memberRoutes } from "./routes";
import { MEMBER_SCHEMA, seedMembers } from "./seed";

export const memberArea: OperatorArea = { name: "member", schema: MEMBER_SCHEMA, seed: seedMembers, routes: memberRoutes };
