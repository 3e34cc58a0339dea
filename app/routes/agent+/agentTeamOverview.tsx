/**
 * Team overview (agentTeamOverview, decision 032): the team's size by kind, new members this
 * month, the team's balance, and this month's and last month's bets beside each other, with the
 * agent's affiliate code. One call (MCSFE_getAgentTeamOverview).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAgentPage } from "~/features/agent/centre.server";
import { amountCell, plainAmount } from "~/features/agent/format.server";
import { agentHref, agentPageOpen } from "~/features/agent/pages";
import { Amount, RecordsTable } from "~/features/reports/records-view";
import { merchantMoneyFor } from "~/features/site/money.server";
import { recordsFailure } from "~/features/reports/records.server";
import { usePageTranslation } from "~/i18n/translation";

export const handle = { i18n: ["agent", "member"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { operator, facts } = await requireAgentPage(request, "agentTeamOverview");
  try {
    const [o, money] = await Promise.all([operator.call("agentOverview"), merchantMoneyFor(request)]);
    const month = (m: typeof o.thisMonth) => ({
      betCount: m?.betCount ?? 0,
      activeMembers: m?.activeMembers ?? 0,
      betAmount: plainAmount(m?.betAmount),
      validBet: plainAmount(m?.validBet),
      winLoss: amountCell(m?.winLoss),
    });
    return json({
      notice: null,
      team: {
        size: o.teamSize,
        direct: o.directCount,
        agents: o.agentCount,
        members: o.memberCount,
        newThisMonth: o.newThisMonth,
        // Money the team holds, so in the merchant's currency like every balance.
        balance: money.show(o.teamBalance),
      },
      months: { thisMonth: month(o.thisMonth), lastMonth: month(o.lastMonth) },
      affiliateCode: o.affiliateCode ?? null,
      links: {
        team: agentPageOpen("teamManagement", facts),
        register: agentPageOpen("registerCenter", facts),
        betting: agentPageOpen("teamBetting", facts),
      },
    });
  } catch (error) {
    const { notice, status } = await recordsFailure(request, error);
    return json({ notice, team: null, months: null, affiliateCode: null, links: null }, { status });
  }
}

/** The figures of a month, one row each, this month beside last month. */
const FIGURES = ["activeMembers", "betCount", "betAmount", "validBet", "winLoss"] as const;
type Figure = (typeof FIGURES)[number];
type Month = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["months"]>["thisMonth"];

function figure(month: Month | undefined, key: Figure) {
  if (!month) return null;
  const value = month[key];
  return typeof value === "object" ? <Amount value={value} /> : value;
}

export default function TeamOverview() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <section className="member-page agent-overview" aria-labelledby="overview-title">
      <h1 id="overview-title">{t("agent_page_agentTeamOverview")}</h1>
      {data.notice ? <p className="notice notice--error">{"key" in data.notice ? t(data.notice.key) : data.notice.text}</p> : null}
      {data.team ? (
        <>
          <dl className="agent-stats stat-grid" data-testid="team-stats">
            <div>
              <dt>{t("agent_team_size")}</dt>
              <dd data-testid="team-size">{data.team.size}</dd>
            </div>
            <div>
              <dt>{t("agent_team_direct")}</dt>
              <dd>{data.team.direct}</dd>
            </div>
            <div>
              <dt>{t("agent_team_agents")}</dt>
              <dd>{data.team.agents}</dd>
            </div>
            <div>
              <dt>{t("agent_team_members")}</dt>
              <dd>{data.team.members}</dd>
            </div>
            <div>
              <dt>{t("agent_team_new")}</dt>
              <dd>{data.team.newThisMonth}</dd>
            </div>
            <div>
              <dt>{t("agent_team_balance")}</dt>
              <dd data-testid="team-balance">{data.team.balance}</dd>
            </div>
          </dl>
          <RecordsTable<Figure>
            caption={t("agent_months_caption")}
            className="agent-months"
            columns={[
              { id: "figure", label: "", cell: (key) => t(`agent_figure_${key}`), rowHeader: true },
              { id: "thisMonth", label: t("agent_this_month"), cell: (key) => figure(data.months?.thisMonth, key), className: "numeric" },
              { id: "lastMonth", label: t("agent_last_month"), cell: (key) => figure(data.months?.lastMonth, key), className: "numeric" },
            ]}
            rows={[...FIGURES]}
            rowKey={(key) => key}
          />
          <p className="field__hint">{t("agent_win_loss_hint")}</p>
          {data.affiliateCode ? (
            <p className="agent-affiliate">
              {t("agent_affiliate_code")}: <strong data-testid="affiliate-code">{data.affiliateCode}</strong>
            </p>
          ) : null}
          <nav className="chips cluster" aria-label={t("agent_menu")}>
            {data.links?.team ? (
              <Link className="chip" to={agentHref("teamManagement")}>
                {t("agent_page_teamManagement")}
              </Link>
            ) : null}
            {data.links?.register ? (
              <Link className="chip" to={agentHref("registerCenter")}>
                {t("agent_page_registerCenter")}
              </Link>
            ) : null}
            {data.links?.betting ? (
              <Link className="chip" to={agentHref("teamBetting")}>
                {t("agent_page_teamBetting")}
              </Link>
            ) : null}
          </nav>
        </>
      ) : null}
    </section>
  );
}
