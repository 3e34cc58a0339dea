/**
 * The floating chat (decision 048, document 001 section 4). Without scripts: a corner link to
 * /chat, the page with the chat's frame. With scripts: a button with the unread badge (dots over
 * 99) that opens a window over the page — an iframe of /resources/chat-frame, resizable within
 * 200–480 px wide and 280 px high, 16 px from the corner. The button can be dragged and snaps to
 * the nearest corner on release; arrow keys move it between corners. Escape or × closes the
 * window and the focus returns to the button.
 */
import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { usePageTranslation } from "~/i18n/translation";
import { useIsomorphicLayoutEffect } from "~/lib/client-ready";
import {
  badgeOf,
  CHAT_CORNERS,
  CHAT_FAILED_MARK,
  CHAT_FRAME,
  CHAT_PAGE,
  CHAT_STATUS,
  CHAT_WINDOW,
  clampSize,
  nearestCorner,
  type ChatCorner,
} from "./chat";
import { ChatWindow } from "./chat-window";

/** The button's own size and gap below the window, kept out of the window's height. */
const RESERVED = 56 + 8;
const DRAG_START_PX = 6;
const CORNER_KEY = "chat-corner";

interface Status {
  open: boolean;
  unread: number | null;
}

function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
      <path d="M4 5h16v11H9l-5 4z" />
      <path d="M8 9.5h8M8 12.5h5" />
    </svg>
  );
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

const storedCorner = (): ChatCorner => {
  try {
    const kept = window.sessionStorage.getItem(CORNER_KEY);
    return CHAT_CORNERS.includes(kept as ChatCorner) ? (kept as ChatCorner) : "bottom-right";
  } catch {
    return "bottom-right";
  }
};

/** `shown`: the root's word that this player has the chat (switch on, not a trial account). */
export function ChatWidget({ shown }: { shown?: boolean }) {
  const { t } = usePageTranslation();
  const { pathname } = useLocation();
  const [mounted, setMounted] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const [windowOpen, setWindowOpen] = useState(false);
  const [corner, setCorner] = useState<ChatCorner>("bottom-right");
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
    if (!shown) return;
    setMounted(true);
    setCorner(storedCorner());
    setSize((current) => clampSize(current.width, current.height, { width: window.innerWidth, height: window.innerHeight }, RESERVED));
    refresh(false);
  }, [shown, refresh]);

  const placeCorner = (next: ChatCorner) => {
    setCorner(next);
    try {
      window.sessionStorage.setItem(CORNER_KEY, next);
    } catch {
      // storage refused: the corner holds for this page only
    }
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

  if (!shown || pathname === CHAT_PAGE || (status && !status.open)) return null;

  if (!mounted) {
    return (
      <a href={CHAT_PAGE} className="chat-fab chat-fab--bottom-right" data-testid="chat-link">
        <ChatIcon />
        <span className="visually-hidden">{t("chat_title")}</span>
      </a>
    );
  }

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
