/**
 * A fetched dialog (design.md: dialogs are routes): a plain link to a page until scripts run,
 * then the page's data comes through a fetcher into the site's modal. It closes by Escape, × or
 * the backdrop and gives the focus back to the link. Apart from the dialog routes
 * (route-dialog.tsx): the lobbies and lottery lists that open one do not bring the other.
 */
import { Link, useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { DialogShell, noteOpener } from "~/components/dialog-shell";
import { isPlainClick } from "~/lib/clicks";

// ── fetched dialogs ─────────────────────────────────────────────────────────────────────

/** What a fetched dialog shows: its data's view, which may `show` another address in it (its pager). */
export interface FetchedDialogProps<T> {
  titleId: string;
  dialogClassName: string;
  /** The words while the data is on its way; they name the dialog until its title is there. */
  loading: string;
  render: (data: T, show: (href: string) => void) => ReactNode;
}

/**
 * The dialog itself, open while its page has an address: the page's loader data through a
 * fetcher, drawn by `render`. For a link drawn by React (FetchedDialogLink) or one in a shared
 * fragment's markup (data-opens, opened by the fragment's delegated click).
 */
export function FetchedDialog<T>({
  href,
  onClose,
  titleId,
  dialogClassName,
  loading,
  render,
}: FetchedDialogProps<T> & { href: string; onClose: () => void }) {
  const [url, setUrl] = useState(href);
  const fetcher = useFetcher<T>();
  const { load } = fetcher;
  useEffect(() => setUrl(href), [href]);
  useEffect(() => {
    load(url);
  }, [url, load]);
  return (
    <DialogShell titleId={titleId} className={dialogClassName} onClose={onClose}>
      {fetcher.data ? (
        render(fetcher.data as T, setUrl)
      ) : (
        <p id={titleId} role="status">
          {loading}
        </p>
      )}
    </DialogShell>
  );
}

/**
 * A link to a page (a list) that, once scripts run, a plain click opens in a dialog over the
 * current page instead (FetchedDialog). The address stays.
 */
export function FetchedDialogLink<T>({
  href,
  className,
  testId,
  children,
  ...dialog
}: FetchedDialogProps<T> & {
  href: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    noteOpener(event.currentTarget);
    setOpen(true);
  };
  return (
    <>
      <Link to={href} className={className} onClick={onClick} data-testid={testId}>
        {children}
      </Link>
      {open ? <FetchedDialog<T> href={href} onClose={close} {...dialog} /> : null}
    </>
  );
}
