/**
 * One dialog for the site (design.md: dialogs are routes). A dialog route is a child route drawn
 * as a modal over its parent's page when scripts run and as a page of its own without them
 * (RouteDialog); a fetched dialog is a plain link to a page until scripts run, then the page's
 * data comes through a fetcher into the same modal (FetchedDialogLink). Both close by Escape,
 * × or the backdrop, and both give the focus back to the element that opened them.
 */
import { Link, useFetcher, useLocation, useNavigate, type LinkProps } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Modal } from "~/components/dialog";
import { isPlainClick } from "~/lib/clicks";
import { useHydrated } from "~/lib/countdown";

// ── focus ───────────────────────────────────────────────────────────────────────────────

/**
 * The element a click is opening a dialog from. Noted on the click because between the click
 * and the dialog a navigation or a fetch runs, and a browser may not focus a clicked link
 * (Safari does not).
 */
let noted: HTMLElement | null = null;

function noteOpener(element: Element) {
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
function DialogShell({
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

// ── dialog routes ───────────────────────────────────────────────────────────────────────

/** Set on a dialog's history entry by what opened it: the page (path and query) it was opened from. */
interface DialogState {
  dialogFrom?: string;
}

/** The history state for a navigation that opens a dialog route over the page `from`. */
export const openedFrom = (from: string): DialogState => ({ dialogFrom: from });

/**
 * A link that opens a dialog route over the page it is on. It notes itself as the opener and
 * tells the dialog, through the history entry, which page is behind it.
 */
export function DialogLink({ onClick, ...props }: LinkProps) {
  const { pathname, search } = useLocation();
  return (
    <Link
      {...props}
      state={openedFrom(`${pathname}${search}`)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && isPlainClick(event)) noteOpener(event.currentTarget);
      }}
    />
  );
}

/**
 * A child route as a dialog. With scripts (once `over` holds: the page it is drawn over is
 * there) a modal; `children(true)`. Otherwise a page of its own; `children(false)` draws its
 * link back. Closing goes back: when a DialogLink of the parent page (`back`, any query) opened
 * it, the history entry before is that page and the close is the browser's back; otherwise
 * (the address was opened directly, or from elsewhere) the dialog's entry is replaced by `back`,
 * so that Back does not open a closed dialog again.
 */
export function RouteDialog({
  back,
  titleId,
  className,
  over,
  children,
}: {
  back: string;
  titleId: string;
  /** The modal's class, beside `modal`. */
  className?: string;
  /** Whether the page under the dialog is drawn; by default once scripts run. */
  over?: boolean;
  children: (inDialog: boolean) => ReactNode;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  // Kept from the first entry: a refused post to the dialog replaces the entry without the state.
  const [from] = useState(() => (location.state as DialogState | null)?.dialogFrom ?? null);
  const close = useCallback(() => {
    if (from !== null && new URL(from, "http://x").pathname === new URL(back, "http://x").pathname) navigate(-1);
    else navigate(back, { replace: true, preventScrollReset: true });
  }, [from, back, navigate]);
  if (!(over ?? hydrated)) return <>{children(false)}</>;
  return (
    <DialogShell titleId={titleId} className={className} address={`${location.pathname}${location.search}`} onClose={close}>
      {children(true)}
    </DialogShell>
  );
}

/**
 * The panel a dialog route draws its body in: a plain panel inside the modal, a panel laid out as
 * a page of its own (`dialog-page`) without one.
 */
export function DialogPanel({
  inDialog,
  className,
  titleId,
  testId,
  children,
}: {
  inDialog: boolean;
  className: string;
  titleId: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={inDialog ? `panel ${className}` : `panel dialog-page ${className}`} aria-labelledby={titleId} data-testid={testId}>
      {children}
    </section>
  );
}

// ── fetched dialogs ─────────────────────────────────────────────────────────────────────

/**
 * A link to a page (a list) that, once scripts run, a plain click opens in a dialog over the
 * current page instead: the page's loader data through a fetcher, drawn by `render`, which may
 * `show` another address of the same kind in the dialog (its pager). The address stays.
 */
export function FetchedDialogLink<T>({
  href,
  className,
  testId,
  titleId,
  dialogClassName,
  loading,
  render,
  children,
}: {
  href: string;
  className?: string;
  testId?: string;
  titleId: string;
  dialogClassName: string;
  /** The words while the data is on its way; they name the dialog until its title is there. */
  loading: string;
  render: (data: T, show: (href: string) => void) => ReactNode;
  children: ReactNode;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const fetcher = useFetcher<T>();
  const { load } = fetcher;
  useEffect(() => {
    if (url) load(url);
  }, [url, load]);
  const close = useCallback(() => setUrl(null), []);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    noteOpener(event.currentTarget);
    setUrl(href);
  };
  return (
    <>
      <Link to={href} className={className} onClick={onClick} data-testid={testId}>
        {children}
      </Link>
      {url ? (
        <DialogShell titleId={titleId} className={dialogClassName} onClose={close}>
          {fetcher.data ? (
            render(fetcher.data as T, setUrl)
          ) : (
            <p id={titleId} role="status">
              {loading}
            </p>
          )}
        </DialogShell>
      ) : null}
    </>
  );
}
