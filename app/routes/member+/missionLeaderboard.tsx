/**
 * Mission activity (missionLeaderboard; shown when the mission promotion is on, its count as the
 * menu's badge): the player's missions with their progress, and the leaderboard with the
 * player's own place. Two tabs as links (?tab=leaderboard).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TabLinks } from "~/components/tabs";
import { usePageTranslation } from "~/i18n/translation";
import { requireMemberPage } from "~/features/member/centre.server";
import { pageFailure } from "~/features/member/benefits.server";
import { merchantMoneyFor } from "~/features/site/money.server";
import { memberHref } from "~/features/member/routes";
import { RecordsTable } from "~/features/reports/records-view";

type Mission = {
  id: string;
  title?: string | null;
  progress: number;
  target: number;
  reward: string;
  status?: string | null;
  percent: number;
};
type BoardRow = { rank: number; account: string; score: number; prize: string };
type Mine = { rank?: number | null; account?: string | null; score?: number | null } | null;

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMemberPage(request, "missionLeaderboard");
  const tab = new URL(request.url).searchParams.get("tab") === "leaderboard" ? "leaderboard" : "missions";
  try {
    const money = await merchantMoneyFor(request);
    if (tab === "missions") {
      const summary = await member.operator.call("missionSummary");
      const missions: Mission[] = summary.missions.map((m) => ({
        ...m,
        reward: money.show(m.reward),
        percent: m.target > 0 ? Math.min(100, Math.round((m.progress / m.target) * 100)) : 0,
      }));
      return json({ tab, missions, board: [] as BoardRow[], mine: null as Mine, error: null as string | null });
    }
    const board = await member.operator.call("missionLeaderboard");
    return json({
      tab,
      missions: [],
      board: board.list.map((r) => ({ ...r, prize: money.show(r.prize) })),
      mine: board.mine ?? null,
      error: null as string | null,
    });
  } catch (error) {
    const { error: message, status } = await pageFailure(request, error);
    return json(
      { tab, missions: [] as Mission[], board: [] as BoardRow[], mine: null as Mine, error: message as string | null },
      { status },
    );
  }
}

type Ranked = ReturnType<typeof useLoaderData<typeof loader>>["board"][number];

export default function Missions() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <section className="member-page" aria-labelledby="missions-title">
      <h1 id="missions-title">{t("member_page_missionLeaderboard")}</h1>
      <TabLinks
        label={t("member_page_missionLeaderboard")}
        current={data.tab}
        tabs={[
          { id: "missions", label: t("missions_tab"), to: memberHref("missionLeaderboard") },
          { id: "leaderboard", label: t("leaderboard_tab"), to: memberHref("missionLeaderboard", { tab: "leaderboard" }) },
        ]}
      />
      {data.error ? <p className="notice notice--error">{t(data.error)}</p> : null}
      {data.tab === "missions" ? (
        <ul className="mission-list">
          {data.missions.map((m) => (
            <li key={m.id} className="mission" data-mission={m.id}>
              <div className="mission__head">
                <span className="mission__title">{m.title}</span>
                <span className={m.status === "DONE" ? "badge" : "badge badge--muted"}>
                  {m.status === "DONE" ? t("mission_done") : t("mission_ongoing")}
                </span>
              </div>
              <progress max={100} value={m.percent} aria-label={t("mission_progress", { progress: m.progress, target: m.target })} />
              <p className="mission__meta">
                {t("mission_progress", { progress: m.progress, target: m.target })} · {t("mission_reward")} {m.reward}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <>
          {data.mine ? (
            <p className="notice notice--info" data-testid="my-rank">
              {t("leaderboard_mine", { rank: data.mine.rank ?? "—", score: data.mine.score ?? 0 })}
            </p>
          ) : null}
          <RecordsTable
            columns={[
              { id: "rank", label: t("leaderboard_rank"), cell: (r: Ranked) => r.rank },
              { id: "account", label: t("leaderboard_player"), cell: (r: Ranked) => r.account },
              { id: "score", label: t("leaderboard_score"), cell: (r: Ranked) => r.score, numeric: true },
              { id: "prize", label: t("leaderboard_prize"), cell: (r: Ranked) => r.prize, numeric: true },
            ]}
            rows={data.board}
            rowKey={(r) => r.rank}
          />
        </>
      )}
    </section>
  );
}
