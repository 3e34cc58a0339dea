/**
 * The dialogs of a launch that opened no game (document 000, section 8, game-related; document
 * 001, sections 4 and 8), drawn from /games/launch-failed's data: as that route's page without
 * scripts, inside a Modal over the page with them (play-form.tsx). A page closes by links back
 * to where the player was; the modal by buttons (`onClose`).
 */
import { Link } from "@remix-run/react";
import { NoticeText } from "~/components/notice";
import { usePageTranslation } from "~/i18n/translation";
import type { LaunchFailedData } from "./launch.server";
import { LaunchForm, PlayForm, TrialForm } from "./play-form";
import { ServiceLinks } from "~/features/site/service-links";

/** The deposit page of the member centre (document 002). */
export const DEPOSIT_PATH = "/member/depositv2";

const TITLES: Record<LaunchFailedData["reason"], string> = {
  need_true_account: "launch_notice_title",
  stay_tuned: "launch_notice_title",
  message: "launch_notice_title",
  game_maintenance: "launch_maintenance_title",
  maintenance: "launch_maintenance_title",
  recommend: "launch_recommend_title",
  balance: "launch_balance_title",
  domain: "launch_domain_title",
};

export function LaunchFailedView({
  data,
  titleId = "launch-failed-title",
  heading = "h1",
  onClose,
}: {
  data: LaunchFailedData;
  titleId?: string;
  heading?: "h1" | "h2";
  onClose?: () => void;
}) {
  const { t } = usePageTranslation("games");
  const Heading = heading;
  /** Cancel / OK: a button in the modal, a link back in the page. */
  const close = (label: string, primary = false) =>
    onClose ? (
      <button type="button" className={primary ? "button" : "button button--secondary"} onClick={onClose}>
        {label}
      </button>
    ) : (
      <Link to={data.backTo} className={primary ? "button" : "button button--secondary"}>
        {label}
      </Link>
    );

  return (
    <section className={`panel launch-failed launch-failed--${data.reason}`} aria-labelledby={titleId} data-reason={data.reason}>
      <Heading id={titleId}>{t(TITLES[data.reason])}</Heading>
      <Message data={data} />

      {data.reason === "recommend" ? <Recommendations data={data} inPage={!onClose} /> : null}

      <div className="actions launch-failed__actions">
        {data.reason === "balance" ? (
          <>
            {close(t("launch_cancel"))}
            <Link to={DEPOSIT_PATH} className="button">
              {t("launch_deposit")}
            </Link>
          </>
        ) : data.reason === "domain" ? (
          <>
            {data.retry?.vendor && data.retry.gameType ? (
              <LaunchForm
                fields={data.retry}
                newWindow={data.retry.newWindow !== "0" && data.retry.intent !== "trial"}
                sameTab={!onClose}
                backTo={data.backTo}
                needsAccount={data.retry.intent !== "trial"}
                className="launch-failed__retry"
                buttonClass="button"
              >
                {t("launch_retry")}
              </LaunchForm>
            ) : null}
            {/* Several entries: a menu of them (document 000, section 2, screen 7). */}
            <ServiceLinks links={data.service} label={t("launch_customer_service")} className="button button--secondary" />
            {close(t("launch_cancel"))}
          </>
        ) : (
          close(t("launch_ok"), true)
        )}
      </div>
    </section>
  );
}

function Message({ data }: { data: LaunchFailedData }) {
  const { t } = usePageTranslation("games");
  const times = data.maintenance ? (
    <p className="launch-failed__times" data-testid="maintenance-times">
      {t("launch_maintenance_times", { start: data.maintenance.start ?? "—", end: data.maintenance.end ?? "—" })}
    </p>
  ) : null;
  switch (data.reason) {
    case "need_true_account":
      return <p role="alert">{t("in_need_true_account")}</p>;
    case "stay_tuned":
      return <p role="alert">{t("in_stay_tuned")}</p>;
    case "balance":
      return <p role="alert">{t("launch_game_balance_not_enough")}</p>;
    case "domain":
      return <p role="alert">{t("domain_not_available")}</p>;
    case "game_maintenance":
      return <p role="alert">{t("game_maintenance")}</p>;
    case "maintenance":
    case "recommend":
      return (
        <div role="alert" className="launch-failed__maintenance">
          <p>{data.scope === "vendor" ? t("vendor_under_maintenance") : t("game_maintenance")}</p>
          {times}
        </div>
      );
    case "message":
      return <p role="alert">{data.notice ? <NoticeText notice={data.notice} /> : t("launch_failed")}</p>;
  }
}

/** The recommendation overlay: one slide of 12 hot games, and the slides as links (no scripts needed). */
function Recommendations({ data, inPage }: { data: LaunchFailedData; inPage: boolean }) {
  const { t } = usePageTranslation("games");
  return (
    <>
      <p className="launch-recommend__intro">{t("launch_recommend_intro")}</p>
      <ul className="launch-recommend">
        {data.games.map((game) => (
          <li key={game.key} className="launch-recommend__game" data-game={game.nodeId ?? game.key}>
            {game.icon ? (
              <img src={game.icon} alt="" width={96} height={96} loading="lazy" className="launch-recommend__icon" />
            ) : (
              <span className="launch-recommend__icon launch-recommend__icon--initials" aria-hidden="true">
                {initials(game.name)}
              </span>
            )}
            <span className="launch-recommend__name">{game.name}</span>
            <span className="launch-recommend__play">
              <PlayForm game={game} backTo={data.backTo} sameTab={inPage} />
              <TrialForm game={game} backTo={data.backTo} />
            </span>
          </li>
        ))}
      </ul>
      {data.slideLinks.length > 1 ? (
        <nav className="launch-recommend__slides" aria-label={t("launch_recommend_slides")}>
          {data.slideLinks.map((href, i) => (
            <Link
              key={href}
              to={href}
              className={i + 1 === data.slide ? "tab tab--current" : "tab"}
              aria-current={i + 1 === data.slide ? "page" : undefined}
              aria-label={t("launch_recommend_slide", { slide: i + 1 })}
              preventScrollReset
              replace
            >
              {i + 1}
            </Link>
          ))}
        </nav>
      ) : null}
    </>
  );
}

function initials(name: string): string {
  return [...name.trim()].slice(0, 2).join("").toUpperCase();
}
