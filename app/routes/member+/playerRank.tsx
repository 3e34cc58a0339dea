/**
 * Player rank (playerRank, document 002 section 3): the VIP label in its colour and the progress
 * to the next level, completedConditions / totalExpectedConditions, or 1 (full) without a label.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { useOperatorColour } from "~/lib/operator-colour";
import { requireMemberPage } from "~/features/member/centre.server";
import { safeColour } from "~/features/member/info-bar.server";
import { pageFailure } from "~/features/member/benefits.server";

/** The spec's ratio: completed of expected, 1 when there is no label (or nothing to complete). */
export function rankProgress(value: { labelId?: number | null; completedConditions: number; totalExpectedConditions: number }): number {
  if (value.labelId == null || value.totalExpectedConditions <= 0) return 1;
  return Math.min(1, Math.max(0, value.completedConditions / value.totalExpectedConditions));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMemberPage(request, "playerRank");
  const club = member.facts.member?.clubLabel;
  try {
    const rank = await member.operator.call("rankProgress");
    return json({
      label: rank.labelName || club?.labelName || null,
      colour: safeColour(club?.color),
      progress: rankProgress(rank),
      completed: rank.completedConditions,
      expected: rank.totalExpectedConditions,
      conditions: rank.conditions,
      next: rank.nextLabelName ?? null,
      error: null as string | null,
    });
  } catch (error) {
    const { error: message, status } = await pageFailure(request, error);
    return json(
      {
        label: club?.labelName || null,
        colour: safeColour(club?.color),
        progress: 1,
        completed: 0,
        expected: 0,
        conditions: [],
        next: null,
        error: message,
      },
      { status },
    );
  }
}

export default function PlayerRank() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  const label = useOperatorColour<HTMLParagraphElement>(data.colour);
  const percent = Math.round(data.progress * 100);
  return (
    <section className="member-page rank-page" aria-labelledby="rank-title">
      <h1 id="rank-title">{t("member_page_playerRank")}</h1>
      {data.error ? <p className="notice notice--error">{t(data.error)}</p> : null}
      <div className="rank-card">
        <p className="rank-card__label" ref={label} data-testid="rank-label">
          {data.label ?? t("rank_no_label")}
        </p>
        <label className="rank-card__progress" htmlFor="rank-progress">
          {data.label ? t("rank_progress", { completed: data.completed, expected: data.expected }) : t("rank_no_label_hint")}
        </label>
        <progress id="rank-progress" max={100} value={percent} data-testid="rank-progress">
          {percent}%
        </progress>
        <p className="rank-card__percent">{percent}%</p>
        {data.next ? <p className="field__hint">{t("rank_next", { label: data.next })}</p> : null}
      </div>
      {data.conditions.length ? (
        <ul className="rank-conditions">
          {data.conditions.map((c) => (
            <li key={c.name} className={c.done ? "rank-condition rank-condition--done" : "rank-condition"}>
              <span>{c.name}</span>
              <span>
                {c.current ?? "—"} / {c.target ?? "—"}
              </span>
              <span className={c.done ? "badge" : "badge badge--muted"}>{c.done ? t("rank_done") : t("rank_todo")}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
