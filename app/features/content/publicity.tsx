/**
 * The publicity pop-ups of a login (publicity.server.ts chose them and set the close flag). With
 * scripts: one dialog after another — its picture, title, the operator's cleaned HTML, the way to
 * the offer and "next"; Escape, × or the cover moves on. Without scripts: the same pop-ups as a
 * list at the top of the page, whose close link loads the page again (they are not shown twice).
 * Held in state, so the root's next revalidation (which no longer carries them) does not take
 * a dialog away from under the player.
 */
import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Modal } from "~/components/dialog";
import { usePageTranslation } from "~/i18n/translation";
import type { PublicityPopup } from "~/features/content/publicity.server";

function PopupGo({ go, onGo }: { go: PublicityPopup["go"]; onGo?: () => void }) {
  const { t } = usePageTranslation("common");
  if (!go) return null;
  return go.external ? (
    <a href={go.href} className="button" target="_blank" rel="noopener noreferrer nofollow" onClick={onGo}>
      {t("publicity_go")}
      <span className="visually-hidden"> {t("opens_new_window")}</span>
    </a>
  ) : (
    <Link to={go.href} className="button" onClick={onGo}>
      {t("publicity_go")}
    </Link>
  );
}

function PopupBody({ popup, headingId }: { popup: PublicityPopup; headingId: string }) {
  return (
    <>
      {popup.image ? <img className="publicity__image" src={popup.image} alt="" width={640} height={320} /> : null}
      <h2 id={headingId}>{popup.title}</h2>
      <div className="publicity__html operator-html" dangerouslySetInnerHTML={{ __html: popup.html }} />
    </>
  );
}

export function PublicityPopups({ popups }: { popups: PublicityPopup[] | null }) {
  const { t } = usePageTranslation("common");
  const { pathname, search } = useLocation();
  const [queue, setQueue] = useState<PublicityPopup[]>(popups ?? []);
  const [at, setAt] = useState(0);
  useEffect(() => {
    if (popups?.length) {
      setQueue(popups);
      setAt(0);
    }
  }, [popups]);
  const popup = queue[at];
  if (!popup) return null;
  const next = () => setAt((i) => i + 1);
  const last = at === queue.length - 1;
  return (
    <>
      {/* React leaves <noscript> as the server wrote it: the list is for a browser without scripts. */}
      <noscript>
        <section className="panel publicity-list" aria-labelledby="publicity-list-title" data-testid="publicity-list">
          <h2 id="publicity-list-title">{t("publicity_heading")}</h2>
          {queue.map((p) => (
            <article key={p.id} className="publicity publicity--listed">
              <PopupBody popup={p} headingId={`publicity-${p.id}`} />
              <p className="actions">
                <PopupGo go={p.go} />
              </p>
            </article>
          ))}
          <p className="actions">
            <a href={`${pathname}${search}`} className="button button--secondary">
              {t("publicity_close")}
            </a>
          </p>
        </section>
      </noscript>
      <PublicityDialog key={popup.id} popup={popup} onClose={next} step={{ at: at + 1, of: queue.length, last }} />
    </>
  );
}

function PublicityDialog({
  popup,
  onClose,
  step,
}: {
  popup: PublicityPopup;
  onClose: () => void;
  step: { at: number; of: number; last: boolean };
}) {
  const { t } = usePageTranslation("common");
  const headingId = `publicity-dialog-${popup.id}`;
  return (
    <Modal titleId={headingId} onClose={onClose} className="modal--publicity">
      <section className="panel publicity" data-testid="publicity-dialog">
        <PopupBody popup={popup} headingId={headingId} />
        <p className="actions">
          <PopupGo go={popup.go} onGo={onClose} />
          <button type="button" className="button button--secondary" onClick={onClose}>
            {step.last ? t("publicity_close") : t("publicity_next", { at: step.at + 1, of: step.of })}
          </button>
        </p>
      </section>
    </Modal>
  );
}
