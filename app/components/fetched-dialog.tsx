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
