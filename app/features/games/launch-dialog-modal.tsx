/**
 * A failed launch's dialog (/games/launch-failed as a modal over the page), loaded by play-form.tsx
 * only when a launch first fails.
 */
import { useFetcher } from "@remix-run/react";
import { createPortal } from "react-dom";
import { useCallback, useEffect, useState, type MouseEvent } from "react";
import { Modal } from "~/components/dialog";
import { usePageTranslation } from "~/i18n/translation";
import { LaunchFailedView } from "./launch-dialog";
import type { LaunchFailedData } from "./launch.server";
import { LAUNCH_FAILED_PATH } from "./launch";
import { DialogHost } from "./launch-host";

/**
 * A failure's dialog route (/games/launch-failed) as a modal over the page: its loader's data
 * through a fetcher, its view inside Modal. Links to other slides of the dialog load in place;
 * Cancel and OK close it.
 */
export function LaunchDialog({ href, onClose }: { href: string; onClose: () => void }) {
  const { t } = usePageTranslation("games");
  const page = useFetcher<LaunchFailedData>();
  // The address shown, and how many times it was asked for (the same failure again reloads it).
  const [current, setCurrent] = useState({ href, asked: 0 });
  const show = useCallback((next: string) => setCurrent((c) => ({ href: next, asked: c.asked + 1 })), []);
  const { load } = page;
  useEffect(() => {
    load(current.href);
  }, [current, load]);

  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest?.("a[href]");
    const target = anchor?.getAttribute("href") ?? "";
    if (!target.startsWith(`${LAUNCH_FAILED_PATH}?`)) return;
    event.preventDefault();
    show(target);
  };

  // At the end of <body>, as the login pop-up: drawn inside the tile, the tile's action-row
  // styles would lay out its Retry form (it opens only after a click, so never on the server).
  return createPortal(
    <Modal titleId="launch-dialog-title" onClose={onClose} className="launch-dialog">
      <DialogHost.Provider value={show}>
        <div onClickCapture={onClickCapture}>
          {page.data ? (
            <LaunchFailedView data={page.data} titleId="launch-dialog-title" heading="h2" onClose={onClose} />
          ) : (
            <p id="launch-dialog-title" role="status" className="launch-dialog__loading">
              {t("launch_loading")}
            </p>
          )}
        </div>
      </DialogHost.Provider>
    </Modal>,
    document.body,
  );
}
