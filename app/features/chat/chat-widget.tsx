/**
 * The floating chat (decision 048, document 001 section 4), fetched after the page has come to
 * life (chat-entry.tsx draws the corner link to /chat until then, and without scripts). A button with the unread badge (dots over
 * 99) that opens a window over the page — an iframe of /resources/chat-frame, resizable within
 * 200–480 px wide and 280 px high, 16 px from the corner. The button can be dragged and snaps to
 * the nearest corner on release; arrow keys move it between corners, and the corner is kept in
 * the chat_corner cookie (the server draws the next page's button there). Escape or × closes the
 * window and the focus returns to the button.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { usePageTranslation } from "~/i18n/translation";
import { useIsomorphicLayoutEffect } from "~/lib/client-ready";
import { badgeOf, CHAT_FAILED_MARK, CHAT_FRAME, CHAT_STATUS, CHAT_WINDOW, clampSize, nearestCorner, type ChatCorner } from "./chat";
import { ChatIcon } from "./chat-entry";
import { ChatWindow } from "./chat-window";

/** The button's own size and gap below the window, kept out of the window's height. */
const RESERVED = 56 + 8;
const DRAG_START_PX = 6;

interface Status {
  open: boolean;
  unread: number | null;
}

function Badge({ unread }: { unread: number | null }) {
  const { t } = usePageTranslation();
  const shown = badgeOf(unread);
  if (shown === "none") return null;
  return shown === "dots" ? (
    <span className="count-badge chat-fab__badge chat-fab__badge--dots" data-testid="chat-unread" title={t("chat_unread_many")}>
      <span aria-hidden="true">•••</span>
    </span>
  ) : (
    <span className="count-badge chat-fab__badge" data-testid="chat-unread" aria-hidden="true">
      {shown}
    </span>
  );
}

/** `corner`: where the server drew the link (this browser's kept corner). */
export function ChatWidget({ corner: kept }: { corner: ChatCorner }) {
  const { t } = usePageTranslation();
  const csrf = useAuthenticityToken();
  const [status, setStatus] = useState<Status | null>(null);
  const [windowOpen, setWindowOpen] = useState(false);
  const [corner, setCorner] = useState<ChatCorner>(kept);
  const [size, setSize] = useState<{ width: number; height: number }>({ width: CHAT_WINDOW.width, height: CHAT_WINDOW.height });
  const [notice, setNotice] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const drag = useRef<{ x: number; y: number; moved: boolean; left: number; top: number } | null>(null);
  const dragged = useRef(false);

  const refresh = useCallback((fresh: boolean) => {
    fetch(fresh ? `${CHAT_STATUS}?fresh=1` : CHAT_STATUS, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<Status>) : null))
      .then((next) => next && setStatus(next))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    setSize((current) => clampSize(current.width, current.height, { width: window.innerWidth, height: window.innerHeight }, RESERVED));
    refresh(false);
  }, [refresh]);

  // Kept for the next page without a revalidation of this one (the widget already stands there);
  // a post that fails leaves the corner for this page only.
  const placeCorner = (next: ChatCorner) => {
    setCorner(next);
    const body = new URLSearchParams({ corner: next, csrf });
    fetch(`${CHAT_STATUS}?stay`, { method: "POST", body }).catch(() => undefined);
  };

  const close = useCallback(() => {
    setWindowOpen(false);
    button.current?.focus();
    refresh(true);
  }, [refresh]);

  const failed = useCallback(
    (message: string) => {
      setNotice(message);
      close();
    },
    [close],
  );

  // A drag moves the button by hand (CSSOM: the CSP allows no style attribute); the class snaps it back.
  useIsomorphicLayoutEffect(() => {
    const el = button.current;
    if (el && !drag.current?.moved) {
      el.style.removeProperty("left");
      el.style.removeProperty("top");
    }
  }, [corner]);

  if (status && !status.open) return null;

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    const rect = event.currentTarget.getBoundingClientRect();
    drag.current = { x: event.clientX, y: event.clientY, moved: false, left: rect.left, top: rect.top };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = event.clientX - d.x;
    const dy = event.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_START_PX) return;
    d.moved = true;
    event.currentTarget.classList.add("chat-fab--dragging");
    event.currentTarget.style.left = `${d.left + dx}px`;
    event.currentTarget.style.top = `${d.top + dy}px`;
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d?.moved) return;
    dragged.current = true;
    const el = event.currentTarget;
    const rect = el.getBoundingClientRect();
    el.classList.remove("chat-fab--dragging");
    el.style.removeProperty("left");
    el.style.removeProperty("top");
    placeCorner(nearestCorner(rect.left + rect.width / 2, rect.top + rect.height / 2, window.innerWidth, window.innerHeight));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const [vertical, horizontal] = corner.split("-");
    const moves: Record<string, string> = {
      ArrowUp: `top-${horizontal}`,
      ArrowDown: `bottom-${horizontal}`,
      ArrowLeft: `${vertical}-left`,
      ArrowRight: `${vertical}-right`,
    };
    const next = moves[event.key] as ChatCorner | undefined;
    if (!next) return;
    event.preventDefault();
    placeCorner(next);
  };
  const unread = status?.unread ?? null;
  const label =
    unread && unread > 99 ? t("chat_open_many") : unread && unread > 0 ? t("chat_open_unread", { count: unread }) : t("chat_title");

  return (
    <>
      <button
        ref={button}
        type="button"
        className={`chat-fab chat-fab--${corner}`}
        aria-label={label}
        aria-expanded={windowOpen}
        aria-controls="chat-window"
        aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight"
        title={t("chat_move_hint")}
        data-testid="chat-button"
        data-corner={corner}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
        onClick={() => {
          // The click that ends a drag is not a press.
          if (dragged.current) {
            dragged.current = false;
            return;
          }
          setNotice(null);
          if (windowOpen) close();
          else setWindowOpen(true);
        }}
      >
        <ChatIcon />
        <Badge unread={unread} />
      </button>
      {notice ? (
        <p className={`chat-notice chat-notice--${corner}`} role="alert" data-testid="chat-notice">
          <span>{notice}</span>
          <button type="button" className="chat-notice__close" aria-label={t("dialog_close")} onClick={() => setNotice(null)}>
            ×
          </button>
        </p>
      ) : null}
      {windowOpen ? (
        <ChatWindow
          corner={corner}
          size={size}
          reserved={RESERVED}
          onResize={setSize}
          onClose={close}
          onFailed={failed}
          frame={CHAT_FRAME}
          failedMark={CHAT_FAILED_MARK}
        />
      ) : null}
    </>
  );
}
