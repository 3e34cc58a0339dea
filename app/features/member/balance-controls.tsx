/**
 * The balance with its refresh and hide/show buttons (document 002, sections 2 and 4). Without
 * scripts both are buttons of a plain form posted to /resources/balance, which comes back to
 * this page. With scripts a fetcher posts it: a refresh waits 500 ms and runs at most once a
 * second (the spec's delay and throttle), and hiding shows at once.
 */
import { useFetcher, useLocation } from "@remix-run/react";
import { useRef, type MouseEvent } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { usePageTranslation } from "~/i18n/translation";
import { useHydrated } from "~/lib/countdown";

const REFRESH_DELAY_MS = 500;
const REFRESH_THROTTLE_MS = 1000;
export const MASKED_BALANCE = "****";
// The plain form comes back with a redirect; a script's post asks to stay (see the route).
const PLAIN_ACTION = "/resources/balance";
const STAY_ACTION = "/resources/balance?stay=1";

export function BalanceControls({ balance, hidden, testId = "balance" }: { balance: string | null; hidden: boolean; testId?: string }) {
  const { t } = usePageTranslation("common");
  const fetcher = useFetcher<{ intent?: string }>();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const last = useRef(0);
  const form = useRef<HTMLFormElement>(null);
  const pendingIntent = fetcher.formData?.get("intent");
  const shownHidden = pendingIntent === "hide" ? true : pendingIntent === "show" ? false : hidden;
  const refreshing = pendingIntent === "refresh" || fetcher.state === "loading";

  const onRefresh = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const now = Date.now();
    if (now - last.current < REFRESH_THROTTLE_MS) return;
    last.current = now;
    const data = new FormData(form.current ?? undefined);
    data.set("intent", "refresh");
    setTimeout(() => fetcher.submit(data, { method: "post", action: STAY_ACTION }), REFRESH_DELAY_MS);
  };

  return (
    <fetcher.Form method="post" action={hydrated ? STAY_ACTION : PLAIN_ACTION} className="balance-controls" ref={form}>
      <AuthenticityTokenInput />
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <span className="player-balance">
        <span className="visually-hidden">{t("balance")} </span>
        <span data-testid={testId} aria-live="polite">
          {shownHidden ? MASKED_BALANCE : (balance ?? "—")}
        </span>
      </span>
      <button
        type="submit"
        name="intent"
        value="refresh"
        className={refreshing ? "icon-button icon-button--spinning" : "icon-button"}
        onClick={onRefresh}
        aria-label={t("balance_refresh")}
        title={t("balance_refresh")}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5" />
        </svg>
      </button>
      <button
        type="submit"
        name="intent"
        value={shownHidden ? "show" : "hide"}
        className="icon-button"
        aria-label={shownHidden ? t("balance_show") : t("balance_hide")}
        title={shownHidden ? t("balance_show") : t("balance_hide")}
        aria-pressed={shownHidden}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
          <circle cx="12" cy="12" r="3" />
          {shownHidden ? <path d="M4 4l16 16" /> : null}
        </svg>
      </button>
    </fetcher.Form>
  );
}
