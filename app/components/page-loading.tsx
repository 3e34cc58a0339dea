/**
 * The loading overlay (document 000, sections 7 and 8): a client navigation that has waited
 * 500 ms shows it; one that opens a panel (a centre drawn over the page, backdrop.tsx) waits
 * 3000 ms, because the panel shows its own "Loading…" first. A quick page never flashes it.
 * Without scripts a page is the browser's own load, with its own indicator: nothing to draw.
 */
import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { inOverlay } from "~/components/backdrop";
import { usePageTranslation } from "~/i18n/translation";

export const LOADING_AFTER_MS = 500;
export const PANEL_LOADING_AFTER_MS = 3000;

export function PageLoading() {
  const { t } = usePageTranslation("common");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const toPanel = Boolean(navigation.location && inOverlay(navigation.location.pathname));
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), toPanel ? PANEL_LOADING_AFTER_MS : LOADING_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy, toPanel]);
  return (
    <div className="page-loading" role="status" data-testid="page-loading" hidden={!shown}>
      {shown ? (
        <>
          <span className="spinner" aria-hidden="true" />
          <span className="page-loading__text">{t("login_loading")}</span>
        </>
      ) : null}
    </div>
  );
}
