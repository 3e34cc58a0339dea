/** agentHourSalary: the agent's payouts of this page's kinds (app/features/agent/payouts.server.ts, decision 032). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { payoutLoader } from "~/features/agent/payouts.server";
import { PayoutsPage } from "~/features/agent/payouts-view";

export const handle = { i18n: ["agent", "member", "contracts"] };

export const loader = ({ request }: LoaderFunctionArgs) => payoutLoader(request, "agentHourSalary");

export default PayoutsPage;
