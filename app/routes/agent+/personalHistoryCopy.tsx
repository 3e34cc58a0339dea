/**
 * The agent's own betting records in the agent centre (TRANSBETREPMEM3, decision 032): the member
 * centre's page itself (its loader, its view), drawn in the agent's frame. The agent-centre gate
 * runs first, so the switch and the agent kinds decide here as everywhere in the centre.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAgentPage } from "~/features/agent/centre.server";
import BettingRecords, { loader as recordsLoader } from "~/routes/member+/personalHistoryCopy";

export const handle = { i18n: ["agent", "member"] };

export async function loader(args: LoaderFunctionArgs) {
  await requireAgentPage(args.request, "personalHistoryCopy");
  return recordsLoader(args);
}

export default BettingRecords;
