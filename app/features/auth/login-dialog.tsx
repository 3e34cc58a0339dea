/**
 * The login pop-up: a gated entry (GatedLink) opens the /login route over the page when scripts
 * run; without them the link leads to /login?redirectTo=<target>.
 *
 * Every page has gated entries, few visitors open the pop-up: its form (the login panel with
 * its validation and form libraries) is a chunk of its own, fetched when a gated entry is
 * pointed at or focused, or at the latest when the pop-up opens, beside the route's data.
 */
import { Link, useFetcher } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { Modal } from "~/components/dialog";
import { isPlainClick } from "~/lib/clicks";
import { usePageTranslation } from "~/i18n/translation";
import { useRootData } from "~/features/site/root-data";
import { loginHref } from "./login-href";
import type { LoginActionData, LoginPageData } from "./login-panel";

const loadPanel = () => import("./login-panel");
const LoginPanel = lazy(() => loadPanel().then((module) => ({ default: module.LoginPanel })));

/** Starts fetching the pop-up's form ahead of the click (the browser fetches a module once). */
function preloadPanel() {
  void loadPanel();
}

/**
 * A gated entry (member centre, games, …). For a player it is a plain link to the target; for a
 * guest it leads to /login?redirectTo=<target>, and when scripts run and the shell setting
 * loginPop is on, a click opens that login as a pop-up instead; after logging in the player
 * lands on the target.
 */
export function GatedLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const root = useRootData();
  const guest = !root?.player;
  const loginPop = Boolean(root?.site.loginPop);
  const [open, setOpen] = useState(false);
  const href = guest ? loginHref({ redirectTo: to }) : to;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!guest || !loginPop) return;
    // A new tab or window keeps the plain link's behaviour.
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setOpen(true);
  };
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <Link
        to={href}
        className={className}
        onClick={onClick}
        onPointerEnter={guest && loginPop ? preloadPanel : undefined}
        onFocus={guest && loginPop ? preloadPanel : undefined}
        data-gated=""
      >
        {children}
      </Link>
      {open ? <LoginDialog redirectTo={to} onClose={close} /> : null}
    </>
  );
}

/**
 * The /login route as a pop-up: its loader's data through one fetcher, its action through
 * another. A refused post answers in place; a login that goes through redirects, and the
 * router follows the redirect to the target. Links back to /login (tabs, captcha refresh)
 * reload the pop-up instead of leaving the page.
 *
 * It is drawn at the end of <body>, not where it is opened: a game tile's Play opens it from
 * inside the tile, whose action-row rules (forms in a row, buttons that never wrap) would
 * otherwise lay out its form too (issue 23). It only ever opens on a click, after hydration.
 */
export function LoginDialog({ redirectTo, onClose }: { redirectTo: string; onClose: () => void }) {
  const { t } = usePageTranslation();
  const page = useFetcher<LoginPageData>();
  const post = useFetcher<LoginActionData>();
  const [href, setHref] = useState(() => loginHref({ redirectTo }));
  const bodyRef = useRef<HTMLDivElement>(null);
  const { load } = page;
  const player = Boolean(useRootData()?.player);

  useEffect(() => {
    load(href);
  }, [href, load]);
  // The form's chunk comes beside the data, not after it (a keyboard or touch opening was not preloaded).
  useEffect(preloadPanel, []);

  // In: the router follows the login's redirect; when the target is the page below (a tile's
  // Play on its own lobby) nothing unmounts the pop-up, so it closes itself.
  useEffect(() => {
    if (player) onClose();
  }, [player, onClose]);

  // Once the form is there, the first field takes the focus (the close button had it). The form
  // arrives with the fetcher's data and its fields can be drawn again after (they are keyed), so
  // until the player moves the focus themselves, every change of the body checks it again.
  const tab = page.data?.tab;
  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    let moved = false;
    const focusFirst = () => {
      const active = document.activeElement;
      if (moved || (active && body.contains(active) && active.matches("input, select, textarea"))) return;
      body.querySelector<HTMLInputElement>("input:not([type=hidden]):not([type=checkbox])")?.focus();
    };
    const playerMoved = () => {
      moved = true;
    };
    const observer = new MutationObserver(focusFirst);
    observer.observe(body, { childList: true, subtree: true });
    body.addEventListener("pointerdown", playerMoved);
    body.addEventListener("keydown", playerMoved);
    focusFirst();
    return () => {
      observer.disconnect();
      body.removeEventListener("pointerdown", playerMoved);
      body.removeEventListener("keydown", playerMoved);
    };
  }, [tab]);

  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest?.("a[href]");
    const target = anchor?.getAttribute("href") ?? "";
    if (!target.startsWith("/login?") && target !== "/login") return;
    event.preventDefault();
    setHref(
      target.includes("redirectTo=") ? target : `${target}${target.includes("?") ? "&" : "?"}redirectTo=${encodeURIComponent(redirectTo)}`,
    );
  };

  const loading = (
    <p id="login-popup-title" role="status">
      {t("login_loading")}
    </p>
  );

  return createPortal(
    <Modal titleId="login-popup-title" onClose={onClose} className="login-popup">
      <div ref={bodyRef} onClickCapture={onClickCapture}>
        <Suspense fallback={loading}>
          {page.data ? (
            <LoginPanel
              data={page.data}
              actionData={post.data}
              FormAs={post.Form}
              formId="popup-login"
              heading="h2"
              titleId="login-popup-title"
            />
          ) : (
            loading
          )}
        </Suspense>
      </div>
    </Modal>,
    document.body,
  );
}
