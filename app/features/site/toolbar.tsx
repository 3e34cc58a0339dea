/**
 * The right tool bar (document 001, section 2, screen 14; entries from toolbar.server.ts): the
 * messaging apps' QR codes on hover and on focus of their button (CSS, so without scripts too),
 * the site's service pages, and back to the top. The entries are a shared fragment, drawn once
 * per kind of visitor; around them, per visitor, the collapse toggle (a plain post that sets a
 * cookie, taken over by a fetcher with scripts) and back-to-top, which scripts show only after
 * 200 px of scrolling (without scripts it is always there). On a phone only back-to-top stays:
 * the header and footer carry the same ways.
 */
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState, type MouseEvent } from "react";
import { isPlainClick } from "~/lib/clicks";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { SharedFragment } from "~/components/shared-fragment";
import { usePageTranslation } from "~/i18n/translation";
import { lazyPart } from "~/components/lazy-part";

export type ToolbarKind = "guest" | "player" | "player-deposit" | "trial";

export type ToolbarEntry =
  /** A messaging app: its QR code, and its address when it has one. */
  { id: "wechat" | "qq" | "zalo"; href: string | null; qr: string } | { id: string; href: string; gated?: boolean };

export const BACK_TO_TOP_AFTER_PX = 200;
export const TOOLBAR_PATH = "/resources/toolbar";

/** Back-to-top's arrow (the entries' icons are drawn with them, toolbar-body.tsx). */
function TopIcon() {
  return (
    <svg className="toolbar__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M12 19V6M6 11l6-6 6 6" />
    </svg>
  );
}

const ToolbarEntries = lazyPart(() => import("./toolbar-body").then((m) => m.ToolbarBody));

/** Whether the page is scrolled past the point where back-to-top shows; null before scripts know. */
function useScrolledPast(px: number): boolean | null {
  const [past, setPast] = useState<boolean | null>(null);
  useEffect(() => {
    const check = () => setPast(window.scrollY > px);
    check();
    window.addEventListener("scroll", check, { passive: true });
    return () => window.removeEventListener("scroll", check);
  }, [px]);
  return past;
}

export function ToolBar({
  fragmentKey,
  entries,
  collapsed,
}: {
  fragmentKey: string | undefined;
  entries: readonly ToolbarEntry[] | null;
  collapsed: boolean;
}) {
  const { t } = usePageTranslation("common");
  const { pathname, search } = useLocation();
  const fetcher = useFetcher();
  // The choice shows at once; the cookie follows in the background.
  const pending = fetcher.formData?.get("toolbar");
  const isCollapsed = pending ? pending === "collapsed" : collapsed;
  const scrolled = useScrolledPast(BACK_TO_TOP_AFTER_PX);
  // With scripts the page glides up and the address keeps no #top.
  const toTop = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    // Hidden under 200 px, the link would take the focus (and with it the glide) along: the
    // focus goes to the top of the page, where the reader now is.
    document.querySelector<HTMLElement>(".site-header a")?.focus({ preventScroll: true });
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: still ? "auto" : "smooth" });
  };
  return (
    <aside className={isCollapsed ? "toolbar toolbar--collapsed" : "toolbar"} aria-label={t("toolbar")} data-testid="toolbar">
      {fragmentKey || entries ? (
        <SharedFragment
          fragmentKey={fragmentKey}
          className="toolbar__entries"
          render={() => (entries ? <ToolbarEntries entries={entries} /> : <></>)}
        />
      ) : null}
      <fetcher.Form method="post" action={TOOLBAR_PATH} className="toolbar__toggle">
        <AuthenticityTokenInput />
        <input type="hidden" name="back" value={`${pathname}${search}`} />
        <button
          type="submit"
          name="toolbar"
          value={isCollapsed ? "expanded" : "collapsed"}
          className="toolbar__link"
          aria-expanded={!isCollapsed}
          title={isCollapsed ? t("toolbar_expand") : t("toolbar_collapse")}
        >
          <span aria-hidden="true">{isCollapsed ? "‹" : "›"}</span>
          <span className="visually-hidden">{isCollapsed ? t("toolbar_expand") : t("toolbar_collapse")}</span>
        </button>
      </fetcher.Form>
      <a href="#top" className="toolbar__link toolbar__top" hidden={scrolled === false} data-testid="back-to-top" onClick={toTop}>
        <TopIcon />
        <span className="toolbar__label">{t("toolbar_top")}</span>
      </a>
    </aside>
  );
}
