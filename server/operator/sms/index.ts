/** The SMS area: codes for login and registration (other areas send theirs through codes.ts). */
import type { OperatorArea } from "../http";
import { smsRoutes } from "./routes";
import { seedSms, SMS_SCHEMA } from "./seed";

export const smsArea: OperatorArea = { name: "sms", schema: SMS_SCHEMA, seed: seedSms, routes: smsRoutes };
