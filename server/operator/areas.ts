/**
 * Every area the reference operator serves, in the order their schemas and seeds run (an area
 * may reference the tables of the areas before it: members need the merchant, affiliates need
 * members). Adding an area is one entry here (and its import).
 */
import { agentsArea } from "./agents";
import { chatArea } from "./chat";
import { benefitsArea } from "./benefits";
import { contentArea } from "./content";
import { contractsArea } from "./contracts";
import { gamesArea } from "./games";
import { inboxArea } from "./inbox";
import type { OperatorArea } from "./http";
import { lotteryArea } from "./lottery";
import { memberArea } from "./member";
import { notifyArea } from "./notify";
import { passwordArea } from "./password";
import { pointsArea } from "./points";
import { recordsArea } from "./records";
import { promotionsArea } from "./promotions";
import { referenceArea } from "./reference";
import { registerArea } from "./register";
import { sessionArea } from "./session";
import { smsArea } from "./sms";
import { systemArea } from "./system";
import { walletsArea } from "./wallets";

export const AREAS: readonly OperatorArea[] = [
  systemArea,
  memberArea,
  sessionArea,
  gamesArea,
  lotteryArea,
  walletsArea,
  inboxArea,
  benefitsArea,
  recordsArea,
  contractsArea,
  pointsArea,
  promotionsArea,
  contentArea,
  smsArea,
  registerArea,
  agentsArea,
  chatArea,
  notifyArea,
  passwordArea,
  referenceArea,
];
