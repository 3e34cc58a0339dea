/**
 * The agent centre's frame (document 002, section 2; decision 032): the member centre's frame
 * with the agent's menu, drawn by one rule (agentPageOpen) that every page's loader and action
 * checks again (requireAgentPage), so a page hidden from the menu is refused by its address too.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { CentreFrame } from "~/components/centre-frame";
import { agentHref, agentMenu, AGENT_PATH, agentTitleKey } from "~/features/agent/pages";
import { requireAgent } from "~/features/agent/centre.server";
import { usePageTranslation } from "~/i18n/translation";

export const handle = { i18n: ["agent", "member"] };
export { agentLinks as links } from "~/styles/areas";

export async function loader({ request }: LoaderFunctionArgs) {
  const { facts, session } = await requireAgent(request);
  return json({
    menu: agentMenu(facts),
    nickname: session.get("nickname") || session.get("account") || "",
    isAgent: facts.isAgent,
  });
}

export default function AgentLayout() {
  const { t } = usePageTranslation();
  const { menu, nickname, isAgent } = useLoaderData<typeof loader>();
  return (
    <CentreFrame
      path={AGENT_PATH}
      title={t("agent_centre")}
      menuLabel={t("agent_menu")}
      testId="agent"
      menu={menu.map((group) => ({
        title: t(group.title),
        links: group.pages.map((page) => ({ key: page, href: agentHref(page), label: t(agentTitleKey(page)) })),
      }))}
      info={
        <div className="member-info" data-testid="agent-info">
          <span className="member-info__name">{nickname}</span>
          <span className="player-badge">{t(`agent_kind_${isAgent}`, { defaultValue: t("agent_kind_other") })}</span>
        </div>
      }
    >
      <Outlet />
    </CentreFrame>
  );
}
