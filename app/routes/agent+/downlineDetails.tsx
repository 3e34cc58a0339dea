/**
 * A downline's account details (decision 032): who it is, where it sits in the team, its
 * balance and its last 30 days of bets. Only the agent's own team: another name answers the
 * operator's refusal, shown on the page with a way back to the team.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAgentPage } from "~/features/agent/centre.server";
import { amountCell, dateOf, plainAmount, timeOrDash } from "~/features/agent/format.server";
import { agentHref, agentPageOpen } from "~/features/agent/pages";
import { usernameSchema } from "~/features/agent/team";
import { Amount } from "~/features/reports/records-view";
import { recordsFailure } from "~/features/reports/records.server";
import { usePageTranslation } from "~/i18n/translation";

export const handle = { i18n: ["agent", "member"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { operator, facts } = await requireAgentPage(request, "downlineDetails");
  const username = usernameSchema.safeParse(new URL(request.url).searchParams.get("username") ?? "");
  if (!username.success) return json({ detail: null, notice: { key: "agent_downline_unknown" }, transfer: false }, { status: 400 });
  try {
    const d = await operator.call("downlineDetail", { body: { username: username.data } });
    const last = d.last30Days;
    return json({
      notice: null,
      transfer: agentPageOpen("transferDownline", facts),
      detail: {
        username: d.username,
        nickname: d.nickname ?? "",
        kind: d.agentType === 1 || d.agentType === 2 ? "agent" : "member",
        level: d.level ?? 1,
        upline: d.upline ?? "",
        downlines: d.downlines ?? 0,
        balance: plainAmount(d.balance),
        created: dateOf(d.createdTime),
        lastLogin: timeOrDash(d.lastLoginTime),
        betCount: last?.betCount ?? 0,
        betAmount: plainAmount(last?.betAmount),
        validBet: plainAmount(last?.validBet),
        winLoss: amountCell(last?.winLoss),
      },
    });
  } catch (error) {
    const { notice, status } = await recordsFailure(request, error);
    return json({ detail: null, notice, transfer: false }, { status: status === 400 ? 404 : status });
  }
}

export default function DownlineDetails() {
  const { t } = usePageTranslation();
  const { detail, notice, transfer } = useLoaderData<typeof loader>();
  return (
    <section className="member-page" aria-labelledby="downline-title">
      <h1 id="downline-title">{t("agent_page_downlineDetails")}</h1>
      {notice ? <p className="notice notice--error">{"key" in notice ? t(notice.key) : notice.text}</p> : null}
      {detail ? (
        <>
          <dl className="agent-stats agent-stats--detail stat-grid" data-testid="downline-detail">
            <div>
              <dt>{t("agent_username")}</dt>
              <dd data-testid="downline-username">{detail.username}</dd>
            </div>
            <div>
              <dt>{t("agent_nickname")}</dt>
              <dd>{detail.nickname || "—"}</dd>
            </div>
            <div>
              <dt>{t("agent_kind")}</dt>
              <dd>{t(`agent_kind_label_${detail.kind}`)}</dd>
            </div>
            <div>
              <dt>{t("agent_level")}</dt>
              <dd>{t("agent_level_n", { level: detail.level })}</dd>
            </div>
            <div>
              <dt>{t("agent_upline")}</dt>
              <dd>{detail.upline}</dd>
            </div>
            <div>
              <dt>{t("agent_their_downlines")}</dt>
              <dd>{detail.downlines}</dd>
            </div>
            <div>
              <dt>{t("agent_balance")}</dt>
              <dd data-testid="downline-balance">{detail.balance}</dd>
            </div>
            <div>
              <dt>{t("agent_registered")}</dt>
              <dd>{detail.created}</dd>
            </div>
            <div>
              <dt>{t("agent_last_login")}</dt>
              <dd>{detail.lastLogin}</dd>
            </div>
          </dl>
          <h2>{t("agent_last_30_days")}</h2>
          <dl className="agent-stats stat-grid">
            <div>
              <dt>{t("agent_figure_betCount")}</dt>
              <dd>{detail.betCount}</dd>
            </div>
            <div>
              <dt>{t("agent_figure_betAmount")}</dt>
              <dd>{detail.betAmount}</dd>
            </div>
            <div>
              <dt>{t("agent_figure_validBet")}</dt>
              <dd>{detail.validBet}</dd>
            </div>
            <div>
              <dt>{t("agent_figure_winLoss")}</dt>
              <dd>
                <Amount value={detail.winLoss} />
              </dd>
            </div>
          </dl>
        </>
      ) : null}
      <nav className="chips cluster">
        <Link className="chip" to={agentHref("teamManagement")}>
          {t("agent_back_to_team")}
        </Link>
        {detail && transfer ? (
          <Link className="chip" to={agentHref("transferDownline", { to: detail.username })}>
            {t("agent_transfer_to")}
          </Link>
        ) : null}
      </nav>
    </section>
  );
}
