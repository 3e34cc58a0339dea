/**
 * What every dialog of the site shares (route-dialog.tsx, fetched-dialog.tsx): the opener noted
 * on the click and the focus given back to it, the modal they are drawn in, and the history
 * state of a dialog route. A module of its own so that a page draws one kind of dialog without
 * the other's code, and the root's contract prompt only the state.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Modal } from "~/components/dialog";

// ── focus ───────────────────────────────────────────────────────────────────────────────

/**
 * The element a click is opening a dialog from. Noted on the click because between the click
 * and the dialog a navigation or a fetch runs, and a browser may not focus a clicked link
 * (Safari does not).
 */
let noted: HTMLElement | null = null;

export function noteOpener(element: Element) {
  noted = element instanceof HTMLElement ? element : null;
}

/**
 * What opened the dialog being drawn: the noted click (for a dialog route, only a link to its
 * address: a click whose navigation ended elsewhere opened nothing), else whatever has the focus.
 */
function takeOpener(address?: string): HTMLElement | null {
  const active = document.activeElement;
  const href = noted?.getAttribute("href");
  const fits = noted?.isConnected && (address === undefined || (href && pathAndQuery(href) === address));
  const opener = fits ? noted : active instanceof HTMLElement && active !== document.body ? active : null;
  noted = null;
  return opener;
}

const pathAndQuery = (href: string) => {
  const url = new URL(href, "http://x");
  return `${url.pathname}${url.search}`;
};

/**
 * Gives the focus back to the opener once the dialog is gone. The page may have drawn the opener
 * again meanwhile (a list read again after the close): then its link to the same address.
 */
function returnFocus(opener: HTMLElement | null) {
  if (!opener) return;
  const href = opener.getAttribute("href");
  const drawnAgain = () =>
    [...(document.querySelector("main")?.querySelectorAll<HTMLElement>("a[href]") ?? [])].find(
      (link) => link.getAttribute("href") === href && !link.closest("[inert]"),
    );
  (opener.isConnected ? opener : href ? drawnAgain() : undefined)?.focus({ preventScroll: true });
}

/**
 * The modal every dialog shares: Modal, and when it is closed (Escape, ×, the backdrop) the
 * focus back where it came from. A dialog that goes because the page moves on (a form's answer,
 * a link inside it) leaves the focus to the page it leads to.
 */
export function DialogShell({
  titleId,
  className,
  address,
  onClose,
  children,
}: {
  titleId: string;
  className?: string;
  /** A dialog route's own address (path and query): what its opener links to. */
  address?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  // Read while rendering: the modal's own effect moves the focus inside before any effect here.
  const [opener] = useState(() => takeOpener(address));
  const closed = useRef(false);
  // A passive cleanup runs after the dialog has left the page, when the page is no longer inert.
  useEffect(
    () => () => {
      if (closed.current) returnFocus(opener);
    },
    [opener],
  );
  const close = () => {
    closed.current = true;
    onClose();
  };
  return (
    <Modal titleId={titleId} className={className} onClose={close}>
      {children}
    </Modal>
  );
}

/** Set on a dialog's history entry by what opened it: the page (path and query) it was opened from. */
export interface DialogState {
  dialogFrom?: string;
}

/** The history state for a navigation that opens a dialog route over the page `from`. */
export const openedFrom = (from: string): DialogState => ({ dialogFrom: from });
