/**
 * The reward centre's parts (app/routes/member+/rewardCenter.tsx): the available-promotion
 * summary, the promotions with their Apply link, the claim list, the tasks of a tab and the
 * raffle tips with their countdown.
 */
import { Form, Link, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { OnceField } from "~/components/once-field";
import { DialogLink } from "~/components/route-dialog";
import { SubmitButton } from "~/components/forms";
import { usePageTranslation } from "~/i18n/translation";
import { useCountdown } from "~/lib/countdown";
import { amountText } from "~/lib/money-format";
import type { RewardTab } from "~/features/member/routes";
import { RecordsTable } from "~/features/reports/records-view";

type Claim = {
  id: string;
  promotionTitle?: string | null;
  promotionType?: string | null;
  status: string | null;
  imageCount?: number | null;
  createdAt?: number | null;
  createdAtStr?: string | null;
};
type Promotion = {
  id: number;
  type: string;
  title?: string | null;
  remarkRequired: boolean;
  imageRequired: boolean;
  claimStatus: string | null;
  claimable?: boolean | null;
};
type Task = {
  id: number;
  title?: string | null;
  progress?: number | null;
  target?: number | null;
  reward?: string | null;
  status: string;
  once: string;
};
type Tip = {
  promotionId: number;
  raffleScheduleId: number;
  title: string;
  prizeValue: string | null;
  startsInS: number | null;
  once: string;
};
type Available = {
  total: number;
  counts: { type: string; count: number }[];
  mission: { count: number; enabled: boolean };
  referral: { count: number; enabled: boolean };
};

const money = (value: string | null | undefined) => amountText(value ?? null) ?? "—";

/** `links`: the page each promotion type opens (promotionLinks), for the types that lead somewhere. */
export function AvailableSummary({ available, links = {} }: { available: Available | null; links?: Record<string, string> }) {
  const { t } = usePageTranslation();
  if (!available) return <p className="reward-note">{t("reward_unavailable")}</p>;
  return (
    <section className="reward-summary" aria-labelledby="reward-available-title">
      <h2 id="reward-available-title">
        {t("reward_available")}{" "}
        <span className="count-badge" data-testid="available-count">
          {available.total}
        </span>
      </h2>
      <ul className="reward-summary__types">
        {available.counts.map((c) => (
          <li key={c.type} data-type={c.type}>
            <TypeName type={c.type} href={links[c.type]} /> <strong>{c.count}</strong>
          </li>
        ))}
        {(["mission", "referral"] as const).map((kind) => (
          <li key={kind} data-type={kind.toUpperCase()}>
            <TypeName type={kind.toUpperCase()} href={available[kind].enabled ? links[kind.toUpperCase()] : undefined} />{" "}
            <strong>{available[kind].count}</strong>{" "}
            <span className={available[kind].enabled ? "badge" : "badge badge--muted"}>
              {t(available[kind].enabled ? "promotion_enabled" : "promotion_disabled")}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TypeName({ type, href }: { type: string; href?: string }) {
  const { t } = usePageTranslation();
  const name = t(`promotion_type_${type}`);
  return href ? <Link to={href}>{name}</Link> : <span>{name}</span>;
}

export function StatusBadge({ status }: { status: string | null }) {
  const { t } = usePageTranslation();
  if (!status) return null;
  return <span className={`badge claim-status claim-status--${status.toLowerCase()}`}>{t(`claim_status_${status}`)}</span>;
}

export function PromotionList({ promotions }: { promotions: Promotion[] | null }) {
  const { t } = usePageTranslation();
  return (
    <section className="reward-block" aria-labelledby="reward-promotions-title">
      <h2 id="reward-promotions-title">{t("reward_promotions")}</h2>
      {!promotions ? <p className="reward-note">{t("reward_unavailable")}</p> : null}
      {promotions && promotions.length === 0 ? <p className="reward-note">{t("reward_no_promotions")}</p> : null}
      <ul className="reward-list">
        {(promotions ?? []).map((p) => {
          const open = p.claimable !== false && p.claimStatus !== "PENDING" && p.claimStatus !== "APPROVED";
          return (
            <li key={p.id} className="reward-item" data-promotion-id={p.id}>
              <div className="reward-item__main">
                <span className="reward-item__title">{p.title || t(`promotion_type_${p.type}`)}</span>
                <span className="reward-item__meta">
                  {t(`promotion_type_${p.type}`)}
                  {p.remarkRequired ? ` · ${t("promotion_needs_remark")}` : ""}
                  {p.imageRequired ? ` · ${t("promotion_needs_image")}` : ""}
                </span>
              </div>
              <StatusBadge status={p.claimStatus} />
              {open ? (
                <DialogLink to={`apply/${p.id}`} className="button button--small" preventScrollReset data-testid={`apply-${p.id}`}>
                  {t("reward_apply")}
                </DialogLink>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function ClaimList({ claims }: { claims: { list: Claim[]; total: number } | null }) {
  const { t } = usePageTranslation();
  return (
    <section className="reward-block" aria-labelledby="reward-claims-title">
      <h2 id="reward-claims-title">{t("reward_claims")}</h2>
      {!claims ? <p className="reward-note">{t("reward_unavailable")}</p> : null}
      {claims && claims.list.length === 0 ? <p className="reward-note">{t("reward_no_claims")}</p> : null}
      {claims && claims.list.length > 0 ? (
        <RecordsTable<Claim>
          className="reward-table"
          testId="claim-list"
          columns={[
            {
              id: "promotion",
              label: t("reward_claim_promotion"),
              cell: (c) => c.promotionTitle || t(`promotion_type_${c.promotionType ?? "MANUAL"}`),
            },
            {
              id: "date",
              label: t("reward_claim_date"),
              cell: (c) => c.createdAtStr ?? (c.createdAt ? new Date(c.createdAt).toISOString().slice(0, 16).replace("T", " ") : "—"),
            },
            { id: "images", label: t("reward_claim_images"), cell: (c) => c.imageCount ?? 0 },
            { id: "status", label: t("reward_claim_status"), cell: (c) => <StatusBadge status={c.status} /> },
          ]}
          rows={claims.list}
          rowKey={(c) => c.id}
        />
      ) : null}
    </section>
  );
}

export function TaskList({ tasks, tab }: { tasks: Task[] | null; tab: RewardTab }) {
  const { t } = usePageTranslation();
  return (
    <section className="reward-block" aria-labelledby="reward-tasks-title" data-tab={tab}>
      <h2 id="reward-tasks-title">{t(`reward_tab_${tab}`)}</h2>
      {!tasks ? <p className="reward-note">{t("reward_unavailable")}</p> : null}
      {tasks && tasks.length === 0 ? <p className="reward-note">{t("reward_no_tasks")}</p> : null}
      <ul className="reward-list">
        {(tasks ?? []).map((task) => {
          const target = Math.max(1, task.target ?? 1);
          const progress = Math.min(task.progress ?? 0, target);
          return (
            <li key={task.id} className="reward-item" data-task-id={task.id}>
              <div className="reward-item__main">
                <span className="reward-item__title">{task.title}</span>
                <span className="reward-item__meta">
                  {t("task_reward", { amount: money(task.reward) })} · {t("task_progress", { progress, target })}
                </span>
                <progress max={target} value={progress} aria-label={t("task_progress", { progress, target })} />
              </div>
              {task.status === "CLAIMABLE" ? (
                <Form method="post" className="reward-item__action">
                  <AuthenticityTokenInput />
                  <OnceField value={task.once} />
                  <input type="hidden" name="tab" value={tab} />
                  <input type="hidden" name="taskId" value={task.id} />
                  <SubmitButton name="intent" value="requestTask" pendingLabel={t("reward_sending")}>
                    {t("task_request")}
                  </SubmitButton>
                </Form>
              ) : (
                <span className={task.status === "REQUESTED" ? "badge" : "badge badge--muted"}>{t(`task_status_${task.status}`)}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** "1d 02:03:04" / "02:03:04": the time left before a raffle starts. */
export function formatTimeLeft(seconds: number, dayLabel: string): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const pad = (n: number) => String(n).padStart(2, "0");
  const clock = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${days}${dayLabel} ${clock}` : clock;
}

/**
 * Seconds before the start, from the server; with scripts it ticks, asks the server again when
 * the tab comes back into view (timers sleep in background tabs) and when it reaches zero.
 */
function Countdown({ seconds }: { seconds: number }) {
  const { t } = usePageTranslation();
  const revalidator = useRevalidator();
  const left = useCountdown(seconds, seconds);
  const { revalidate } = revalidator;
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") revalidate();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [revalidate]);
  useEffect(() => {
    if (left === 0 && seconds > 0) revalidate();
  }, [left, seconds, revalidate]);
  return (
    <span className="raffle-tip__countdown" data-testid="raffle-countdown" role="timer">
      {t("raffle_starts_in", { time: formatTimeLeft(left, t("raffle_day")) })}
    </span>
  );
}

export function RaffleTips({ tips, tab }: { tips: Tip[]; tab: RewardTab }) {
  const { t } = usePageTranslation();
  if (tips.length === 0) return null;
  return (
    <ul className="raffle-tips" aria-label={t("raffle_tips")}>
      {tips.map((tip) => (
        <li key={tip.raffleScheduleId} className="raffle-tip" data-raffle-id={tip.raffleScheduleId}>
          <span className="raffle-tip__title">
            {tip.title}{" "}
            {tip.prizeValue ? <span className="raffle-tip__prize">{t("raffle_prize", { value: money(tip.prizeValue) })}</span> : null}
          </span>
          {tip.startsInS !== null ? (
            <Countdown seconds={tip.startsInS} />
          ) : (
            <Form method="post" className="raffle-tip__action">
              <AuthenticityTokenInput />
              <OnceField value={tip.once} />
              <input type="hidden" name="tab" value={tab} />
              <input type="hidden" name="promotionId" value={tip.promotionId} />
              <input type="hidden" name="raffleScheduleId" value={tip.raffleScheduleId} />
              <SubmitButton name="intent" value="claimRaffle" pendingLabel={t("reward_sending")}>
                {t("raffle_claim")}
              </SubmitButton>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}
