/**
 * One dialog for the site (design.md: dialogs are routes). A dialog route is a child route drawn
 * as a modal over its parent's page when scripts run and as a page of its own without them
 * (RouteDialog); a fetched dialog is a plain link to a page until scripts run, then the page's
 * data comes through a fetcher into the same modal (FetchedDialogLink, fetched-dialog.tsx). Both
 * close by Escape, × or the backdrop, and both give the focus back to the element that opened
 * them (dialog-shell.tsx).
 */
import { Link, useLocation, useNavigate, type LinkProps } from "@remix-run/react";
import { useCallback, useState, type ReactNode } from "react";
import { DialogShell, noteOpener, openedFrom, type DialogState } from "~/components/dialog-shell";
import { isPlainClick } from "~/lib/clicks";
import { useHydrated } from "~/lib/countdown";

// ── dialog routes ───────────────────────────────────────────────────────────────────────

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
