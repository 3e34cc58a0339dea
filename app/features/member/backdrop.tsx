/**
 * The member centre opens as an overlay over the page the player was on (document 002,
 * section 2). A route cannot draw another route's page, so when a navigation into /member
 * begins, the page still on screen is kept as it looks (its <main>, inert, never interactive)
 * and drawn under the centre; closing goes back to that page, whose loaders run again (the
 * unread count with them). Without scripts none of this runs: the centre is a page of its own
 * and closing leads home.
 */
import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { MEMBER_PATH } from "~/features/member/routes";

interface Backdrop {
  html: string;
  from: string;
}

let kept: Backdrop | null = null;

const inCentre = (pathname: string) => pathname === MEMBER_PATH || pathname.startsWith(`${MEMBER_PATH}/`);

/** Mounted once in the root: notes the page a navigation into the centre leaves. */
export function BackdropKeeper() {
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.location?.pathname;
  useEffect(() => {
    if (!target || !inCentre(target) || inCentre(location.pathname)) return;
    const main = document.querySelector("main.site-main");
    if (main) kept = { html: main.innerHTML, from: `${location.pathname}${location.search}` };
  }, [target, location.pathname, location.search]);
  useEffect(() => {
    if (!inCentre(location.pathname)) kept = null;
  }, [location.pathname]);
  return null;
}

/** The kept page, after hydration only (the server drew the centre as a page). */
export function useMemberBackdrop(): Backdrop | null {
  const [backdrop, setBackdrop] = useState<Backdrop | null>(null);
  useEffect(() => setBackdrop(kept), []);
  return backdrop;
}
