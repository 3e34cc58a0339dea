/**
 * The in-page game (/seamless) and the free trial (/trial): the game in a frame inside the
 * shell, with a Back link to where the player launched it. A seamless game is logged out when
 * the player leaves it: by the root loader on the next page view, and, when scripts run, by a
 * beacon when the page goes away (seamless.server.ts).
 */
import { Link, useNavigate } from "@remix-run/react";
import { useEffect, type SyntheticEvent } from "react";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { usePageTranslation } from "~/i18n/translation";
import type { InPageData } from "./seamless.server";
import { GAME_BACK_PATH, GAME_LOGOUT_PATH, SEAMLESS_PATH } from "./launch";
import { GAME_FRAME_SANDBOX } from "./frame-sandbox";

export function InPageGame({ data }: { data: InPageData }) {
  const { t } = usePageTranslation("games");
  const game = data.game;
  useLeaveBeacon(game && !game.trial ? game.key : null);
  const leaveOnBack = useLeaveOnGameBack();

  if (!game) {
    return (
      <section className="panel seamless-gone" aria-labelledby="seamless-gone-title">
        <h1 id="seamless-gone-title">{t("seamless_gone_title")}</h1>
        <p>{t("seamless_gone")}</p>
        <p className="actions">
          <Link to={data.lobby} className="button">
            {t("seamless_to_lobby")}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="seamless" aria-labelledby="seamless-title">
      <div className="seamless__bar">
        <Link to={game.backTo} className="button button--small button--secondary" data-testid="seamless-back">
          {t("seamless_back")}
        </Link>
        <h1 id="seamless-title" className="seamless__title">
          {game.name}
        </h1>
        {game.trial ? <span className="seamless__badge">{t("seamless_trial_badge")}</span> : null}
      </div>
      <iframe
        className="seamless__frame"
        src={game.url}
        title={game.name}
        allow="autoplay; fullscreen"
        allowFullScreen
        referrerPolicy="no-referrer"
        sandbox={GAME_FRAME_SANDBOX}
        onLoad={leaveOnBack}
      />
    </section>
  );
}

/**
 * The game's own Back loads /games/back in the frame (decision 038). With scripts the page sees
 * it arrive — the only page of our origin a frame can show, so the only one whose address it can
 * read — and goes where it points, so the player is not asked to click twice.
 */
function useLeaveOnGameBack() {
  const navigate = useNavigate();
  return (event: SyntheticEvent<HTMLIFrameElement>) => {
    let shown: URL;
    try {
      shown = new URL(event.currentTarget.contentWindow?.location.href ?? "");
    } catch {
      return; // the game's own origin: not ours to read
    }
    if (shown.origin !== window.location.origin || shown.pathname !== GAME_BACK_PATH) return;
    const to = shown.searchParams.get("to") ?? "/";
    navigate(to.startsWith("/") && !to.startsWith("//") && !to.startsWith("/\\") ? to : "/");
  };
}

/**
 * When scripts run: tell the server the player left the game, by a beacon (it survives the page
 * going away). Sent when the page is hidden for good or left (tab closed, another site, a
 * reload) and when a client-side navigation leaves the page; React's trial unmount in
 * development (the address is still this page's) is not a leave.
 */
function useLeaveBeacon(key: string | null) {
  const csrf = useAuthenticityToken();
  useEffect(() => {
    if (!key || typeof navigator.sendBeacon !== "function") return;
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      const body = new FormData();
      body.set("csrf", csrf);
      body.set("key", key);
      navigator.sendBeacon(GAME_LOGOUT_PATH, body);
    };
    window.addEventListener("pagehide", send);
    return () => {
      window.removeEventListener("pagehide", send);
      if (window.location.pathname !== SEAMLESS_PATH) send();
    };
  }, [key, csrf]);
}
