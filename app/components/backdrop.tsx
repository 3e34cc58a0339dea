/**
 * The member and agent centres and the contract requests open as overlays over the page the
 * player was on (document 002, section 2). A route cannot draw another route's page, so when a
 * navigation into an overlay route begins, the page still on screen is kept as it looks (its
 * <main>, inert, never interactive) and drawn under the overlay; closing goes back to that page,
 * whose loaders run again (the unread count with them). Without scripts none of this runs: each
 * overlay is a page of its own and closing leads home (or where its redirectTo says).
 */
import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

interface Backdrop {
  html: string;
  from: string;
  /** The stylesheets the page had: an area's sheet leaves with its route (issue 24). */
  sheets?: string[];
}

let kept: Backdrop | null = null;

/** Routes drawn as overlays: moving between them keeps the page first left behind. */
export const OVERLAY_PATHS = ["/member", "/agent", "/contracts"] as const;

export const inOverlay = (pathname: string) => OVERLAY_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/** Mounted once in the root: notes the page a navigation into an overlay leaves. */
export function BackdropKeeper() {
  const navigation = useNavigation();
  const location = useLocation();
  // Only a link into an overlay keeps the page: a form's answer that leads there (the login
  // opening the contract requests) replaces the page rather than covering it.
  const submitted = Boolean(navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET");
  const target = submitted ? undefined : navigation.location?.pathname;
  useEffect(() => {
    if (!target || !inOverlay(target) || inOverlay(location.pathname)) return;
    const main = document.querySelector("main.site-main");
    const sheets = Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (link) => link.href);
    if (main) kept = { html: main.innerHTML, from: `${location.pathname}${location.search}`, sheets };
  }, [target, location.pathname, location.search]);
  useEffect(() => {
    if (!inOverlay(location.pathname)) kept = null;
  }, [location.pathname]);
  return null;
}

/** The kept page, after hydration only (the server drew the centre as a page). */
export function useBackdrop(): Backdrop | null {
  const [backdrop, setBackdrop] = useState<Backdrop | null>(null);
  useEffect(() => setBackdrop(kept && withSheets(kept)), []);
  return backdrop;
}

/**
 * The picture keeps its look: the sheets of the page left behind that the overlay's routes do not
 * link (a lobby's games.css under the member centre) come with it, after the overlay's own.
 */
function withSheets(backdrop: Backdrop): Backdrop {
  const linked = new Set(Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (link) => link.href));
  const missing = (backdrop.sheets ?? []).filter((href) => !linked.has(href));
  const links = missing.map((href) => `<link rel="stylesheet" href="${href.replace(/"/g, "&quot;")}">`).join("");
  return { ...backdrop, html: links + backdrop.html };
}

/** React 18 does not know `inert`; an empty string passes it through as the attribute. */
const INERT = { inert: "" } as object;

/** The kept page as it looked: a picture behind an overlay, never used. */
export function BackdropPicture({ html }: { html: string }) {
  return <div className="member-backdrop" aria-hidden="true" {...INERT} dangerouslySetInnerHTML={{ __html: html }} />;
}
