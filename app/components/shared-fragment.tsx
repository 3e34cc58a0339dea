/**
 * A part of the page that is the same for every visitor of a kind (the game menu, the footer,
 * a guest's lists), drawn by React once per key and then sent as stored markup (decision 041).
 *
 * On the server the store (fragments.server.ts, handed down by entry.server.tsx) answers the
 * markup its loader stored (ensureFragment, outside any render); on a miss (a part evicted in
 * between, or drawn without a loader that stores it) the part is drawn by React as usual. The key
 * names everything the markup depends on (merchant, language, visitor kind and a digest of the
 * data it draws), so it never holds a visitor's own values: those stay in the page around it.
 *
 * In the browser the markup the document arrived with is kept as it is: React hydrates the
 * element with the same string (dangerouslySetInnerHTML), so the part needs no React tree of its
 * own. Its links are plain anchors; one delegated handler keeps a plain click client-side, as a
 * <Link> would. When the key changes without a document load (a login in the pop-up), the part is
 * drawn by React from the same component, which is why a fragment's component takes props only
 * (no router or loader hooks).
 *
 * Forms: a fragment's forms are plain posts. Their CSRF token is the one per-visitor value a part
 * may need, so a fragment is drawn with a hole in its place (fragments.server.tsx) and the store
 * writes the viewer's token there as it serves the markup; with scripts, `onSubmit` receives the
 * forms' submits (delegated, as clicks are).
 */
import { createContext, useContext, useEffect, useRef, type FormEvent, type MouseEvent, type ReactElement } from "react";
import { useNavigate } from "@remix-run/react";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { isPlainClick } from "~/lib/clicks";
import { noteOpener } from "~/components/dialog-shell";

/**
 * Set while a part is drawn as a fragment: the links inside it write plain anchors (no router, no
 * state) and say what a click should do with data attributes — `data-gated` (a guest's way to the
 * login), `data-opens="kind"` (a fetched dialog) — which the fragment's delegated click carries out.
 */
export const FragmentLinks = createContext<{ guest: boolean } | null>(null);

export const useFragmentLinks = () => useContext(FragmentLinks);

/**
 * What a guest's click on a gated link does in any fragment of the page (the shell gives it: the
 * login pop-up when loginPop is on); a fragment's own `onGated` comes first.
 */
export const GatedLogin = createContext<((redirectTo: string) => boolean) | null>(null);

export interface FragmentStore {
  /**
   * The markup drawn for this key, when there is one, as this view sends it: `current` (an entry's
   * data-menu id) marked as the current page, the viewer's `token` in the hole of its forms.
   */
  serve(key: string, view: { current?: string | null; token: string | null }): string | undefined;
}

export const FragmentStoreContext = createContext<FragmentStore | null>(null);

const CSRF_FIELD = "csrf";

/** The visitor's token, or none outside the root's provider (an error page drawn without it). */
function useTokenIfAny(): string | null {
  try {
    return useAuthenticityToken();
  } catch {
    return null;
  }
}

/** Markup the document arrived with, by key; read from the DOM while the page hydrates. */
const arrived = new Map<string, string>();
let hydrating = true;

function arrivedMarkup(key: string): string | undefined {
  let html = arrived.get(key);
  if (html === undefined && hydrating && typeof document !== "undefined") {
    for (const element of document.querySelectorAll<HTMLElement>("[data-fragment]")) {
      if (element.dataset.fragment === key) {
        html = element.innerHTML;
        arrived.set(key, html);
        break;
      }
    }
  }
  return html;
}

function markCurrentInDom(root: HTMLElement, current: string | null | undefined) {
  for (const element of root.querySelectorAll<HTMLElement>("[data-menu]")) {
    const on = element.dataset.menu === current;
    if (element instanceof HTMLAnchorElement) {
      if (on) element.setAttribute("aria-current", current === "home" ? "page" : "true");
      else element.removeAttribute("aria-current");
    } else if (element instanceof HTMLDetailsElement) {
      element.open = on;
    }
  }
}

export interface SharedFragmentProps {
  /** Everything the markup depends on (see the module's comment); none: drawn by React on every view. */
  fragmentKey: string | undefined;
  /** The part, drawn from props only. */
  render: () => ReactElement;
  as?: "div" | "footer" | "section" | "details";
  className?: string;
  /** The entry (data-menu) to mark as the current page. */
  current?: string | null;
  /** A guest's click on a gated link (data-gated, href /login?redirectTo=…): open the login pop-up instead. */
  onGated?: (redirectTo: string) => boolean;
  /** A click on a link that opens a dialog (data-opens="kind"): open it, answering true, or follow the link. */
  onOpen?: (kind: string, href: string) => boolean;
  /** A submit of one of the part's forms (scripts on): handle it (preventDefault) or let the plain post go. */
  onSubmit?: (event: FormEvent<HTMLElement>, form: HTMLFormElement) => void;
}

export function SharedFragment({
  fragmentKey,
  render,
  as: Tag = "div",
  className,
  current,
  onGated,
  onOpen,
  onSubmit,
}: SharedFragmentProps) {
  const store = useContext(FragmentStoreContext);
  const token = useTokenIfAny();
  const gatedLogin = useContext(GatedLogin);
  const gated = onGated ?? gatedLogin;
  const navigate = useNavigate();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    hydrating = false;
  }, []);
  useEffect(() => {
    if (ref.current) markCurrentInDom(ref.current, current);
  }, [current, fragmentKey]);

  const onClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest?.("a[href]");
    if (!(anchor instanceof HTMLAnchorElement) || !isPlainClick(event) || event.defaultPrevented) return;
    if (anchor.target || anchor.hasAttribute("download") || anchor.origin !== window.location.origin) return;
    event.preventDefault();
    if (anchor.hasAttribute("data-gated") && gated) {
      const redirectTo = new URL(anchor.href).searchParams.get("redirectTo");
      if (redirectTo && gated(redirectTo)) return;
    }
    const opens = anchor.dataset.opens;
    if (opens && onOpen) {
      noteOpener(anchor);
      if (onOpen(opens, anchor.pathname + anchor.search)) return;
    }
    navigate(anchor.pathname + anchor.search + anchor.hash);
  };

  const submitted = (event: FormEvent<HTMLElement>) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
    // The markup may be older than the visitor's token (it arrived before a login in another tab).
    const field = form.elements.namedItem(CSRF_FIELD);
    if (token && field instanceof HTMLInputElement) field.value = token;
    onSubmit?.(event, form);
  };

  const html = fragmentKey === undefined ? undefined : store ? store.serve(fragmentKey, { current, token }) : arrivedMarkup(fragmentKey);
  if (html === undefined) {
    return (
      <Tag key={fragmentKey} ref={ref as never} className={className} data-fragment={fragmentKey} onClick={onClick} onSubmit={submitted}>
        {render()}
      </Tag>
    );
  }
  return (
    <Tag
      key={fragmentKey}
      ref={ref as never}
      className={className}
      data-fragment={fragmentKey}
      onClick={onClick}
      onSubmit={submitted}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
