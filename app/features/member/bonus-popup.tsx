/**
 * The bonus pop-up ('congrats', join → the reward centre), data from loadBonusPopup
 * (bonus.server.ts). With scripts a modal; without, a notice whose dismiss link sets the
 * `bonus_seen` cookie through /resources/bonus-seen and comes back. Self-contained: mount it
 * anywhere a player's page is drawn.
 */
import { Link, useLocation } from "@remix-run/react";
import { useState } from "react";
import { Modal } from "~/components/dialog";
import { usePageTranslation } from "~/i18n/translation";
import { useHydrated } from "~/lib/countdown";
import type { BonusPopupData } from "~/features/member/bonus.server";

const REWARD_CENTRE = "/member/rewardCenter";

export function BonusPopup({ popup }: { popup: BonusPopupData | null | undefined }) {
  const { t } = usePageTranslation("member");
  const hydrated = useHydrated();
  const location = useLocation();
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!popup || dismissed === popup.ids || location.pathname.startsWith(REWARD_CENTRE)) return null;
  const back = location.pathname + location.search;
  const dismissHref = `/resources/bonus-seen?${new URLSearchParams({ ids: popup.ids, back })}`;
  const dismiss = () => {
    setDismissed(popup.ids);
    void fetch(`/resources/bonus-seen?${new URLSearchParams({ ids: popup.ids })}`, { credentials: "same-origin" }).catch(() => {});
  };
  const text = (
    <>
      <p>{t("bonus_popup_text", { count: popup.count })}</p>
      {popup.titles.length ? <p className="bonus-popup__titles">{popup.titles.join(" · ")}</p> : null}
    </>
  );
  if (!hydrated) {
    return (
      <aside className="notice notice--info bonus-notice" aria-labelledby="bonus-notice-title" data-testid="bonus-popup">
        <strong id="bonus-notice-title">{t("bonus_popup_title")}</strong>
        {text}
        <p className="actions">
          <Link to={REWARD_CENTRE} className="button button--small">
            {t("bonus_popup_join")}
          </Link>
          <a href={dismissHref} className="button button--secondary button--small">
            {t("bonus_popup_dismiss")}
          </a>
        </p>
      </aside>
    );
  }
  return (
    <Modal titleId="bonus-popup-title" onClose={dismiss} className="bonus-popup">
      <div data-testid="bonus-popup">
        <h2 id="bonus-popup-title">{t("bonus_popup_title")}</h2>
        {text}
        <p className="actions">
          <Link to={REWARD_CENTRE} className="button" onClick={dismiss}>
            {t("bonus_popup_join")}
          </Link>
        </p>
      </div>
    </Modal>
  );
}
