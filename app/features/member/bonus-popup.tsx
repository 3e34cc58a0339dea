/**
 * The bonus pop-up ('congrats', join → the reward centre), data from loadBonusPopup
 * (bonus.server.ts): a card in the bottom-right corner, where the spec puts its notifications,
 * that never blocks the page under it (a player in a lobby or a form keeps going). Its dismiss
 * link sets the `bonus_seen` cookie through /resources/bonus-seen and comes back; with scripts
 * the card goes at once and the cookie is set in the background. Drawn by the root on every
 * player's page, so its text is in `common`.
 */
import { Link, useLocation } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { usePageTranslation } from "~/i18n/translation";
import type { BonusPopupData } from "~/features/member/bonus.server";

const REWARD_CENTRE = "/member/rewardCenter";
/**
 * Where the card shows: the page a login lands on and the member centre's overview. Never over a
 * lobby, a game or a form, where it would stand in the way of what the player came to do.
 */
const SHOWN_ON: readonly string[] = ["/", "/member"];

export function BonusPopup({ popup }: { popup: BonusPopupData | null | undefined }) {
  const { t } = usePageTranslation("common");
  const location = useLocation();
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!popup || dismissed === popup.ids || !SHOWN_ON.includes(location.pathname)) return null;
  const back = location.pathname + location.search;
  const dismissHref = `/resources/bonus-seen?${new URLSearchParams({ ids: popup.ids, back })}`;
  const dismiss = () => {
    setDismissed(popup.ids);
    void fetch(`/resources/bonus-seen?${new URLSearchParams({ ids: popup.ids })}`, { credentials: "same-origin" }).catch(() => {});
  };
  const onDismiss = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    dismiss();
  };
  return (
    <aside className="bonus-toast" aria-labelledby="bonus-popup-title" data-testid="bonus-popup">
      <p className="bonus-toast__title" id="bonus-popup-title">
        {t("bonus_popup_title")}
      </p>
      <p>{t("bonus_popup_text", { count: popup.count })}</p>
      {popup.titles.length ? <p className="bonus-popup__titles">{popup.titles.join(" · ")}</p> : null}
      <p className="actions">
        <Link to={REWARD_CENTRE} className="button button--small" onClick={dismiss}>
          {t("bonus_popup_join")}
        </Link>
        <a href={dismissHref} className="button button--secondary button--small" onClick={onDismiss}>
          {t("bonus_popup_dismiss")}
        </a>
      </p>
    </aside>
  );
}
