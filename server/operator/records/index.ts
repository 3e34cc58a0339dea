/** The records area: betting records, account transactions and personal profit of the member centre (issue 10). */
import type { OperatorArea } from "../http";
import { recordsRelays } from "./routes";
import { RECORDS_SCHEMA, seedRecords } from "./seed";

export const recordsArea: OperatorArea = {
  name: "records",
  schema: RECORDS_SCHEMA,
  seed: seedRecords,
  relays: recordsRelays,
};
