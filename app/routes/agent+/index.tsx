/** /agent opens the first page of the agent's menu (the team overview unless switched off). */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { agentHref } from "~/features/agent/pages";
import { firstAgentPage, requireAgent } from "~/features/agent/centre.server";
import { usePageTranslation } from "~/i18n/translation";

export async function loader({ request }: LoaderFunctionArgs) {
  const { facts } = await requireAgent(request);
  const first = firstAgentPage(facts);
  // requireAgent refuses a closed centre; an open centre with every page off has only its frame.
  if (!first) return null;
  throw redirect(agentHref(first), 303);
}

export default function AgentIndex() {
  const { t } = usePageTranslation();
  return <p className="empty-state">{t("agent_no_pages")}</p>;
}
