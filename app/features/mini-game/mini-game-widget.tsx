/**
 * The mini-game floating widget (document 001; decision 049), fetched after the page has come to
 * life (mini-game-entry.tsx). A round handle at the left edge opens a small panel with the
 * operator's mini page in a frame (/resources/mini-game-frame → 302). Rendered once, then shown
 * or hidden: the panel and each game's frame are made the first time they are opened and kept
 * (hidden, never unmounted) when the panel closes and on the routes that hide the widget, so the
 * game survives client-side navigation. The handle drags only after a 150 ms press, leans with
 * the drag's horizontal speed (±25°) and straightens on release; positions go through the CSSOM
 * (the CSP allows no style attribute). Escape or × closes the panel and the focus returns to the
 * handle.
 */
import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type PointerEvent, type SyntheticEvent } from "react";
import { createPortal } from "react-dom";
import { usePageTranslation } from "~/i18n/translation";
import { clampPosition, DRAG_DELAY_MS, MINI_GAME_FAILED_MARK, miniGameFrameHref, miniGameHidden, tiltOf, type MiniGame } from "./mini-game";

/** The mini page's sandbox: its own scripts, storage and forms, the full game in a new window; never the portal's tab. */
export const MINI_GAME_FRAME_SANDBOX = "allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox";
const GAP = 8;

type FrameState = "loading" | "ready" | "failed";

interface Drag {
  pointerId: number;
  x: number;
  y: number;
  left: number;
  top: number;
  timer: ReturnType<typeof setTimeout> | null;
  dragging: boolean;
  lastX: number;
  lastTime: number;
}

function GameIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
      <circle cx="8" cy="9" r="3.2" />
      <circle cx="16" cy="9" r="3.2" />
      <circle cx="12" cy="16" r="3.2" />
    </svg>
  );
}

export function MiniGameWidget({ games }: { games: readonly MiniGame[] }) {
  const { t } = usePageTranslation();
  const { pathname } = useLocation();
  const hidden = miniGameHidden(pathname);
  const [open, setOpen] = useState(false);
  const [game, setGame] = useState<MiniGame>(games[0]);
  // The games whose frame has been made: kept for the visit.
  const [made, setMade] = useState<readonly MiniGame[]>([]);
  const [frames, setFrames] = useState<Partial<Record<MiniGame, FrameState>>>({});
  // What a frame's "cannot open" page said (same origin: readable), per game.
  const [failures, setFailures] = useState<Partial<Record<MiniGame, string>>>({});
  const handle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const drag = useRef<Drag | null>(null);
  const dragged = useRef(false);
  const current = games.includes(game) ? game : games[0];

  /** The panel beside the handle, on the side with more room, inside the viewport. */
  const placePanel = useCallback(() => {
    const box = panel.current;
    const button = handle.current;
    if (!box || !button || box.hidden) return;
    const b = button.getBoundingClientRect();
    const size = { width: box.offsetWidth, height: box.offsetHeight };
    const viewport = { width: window.innerWidth, height: window.innerHeight };
    const phone = viewport.width < 640;
    // On a phone the panel stands above the handle (below when there is no room); on a wider screen beside it.
    const above = b.top - GAP - size.height;
    const left = phone ? GAP : b.left + b.width / 2 < viewport.width / 2 ? b.right + GAP : b.left - GAP - size.width;
    const top = phone ? (above >= 0 ? above : b.bottom + GAP) : b.top + b.height / 2 - size.height / 2;
    const place = clampPosition(left, top, size, viewport);
    box.style.left = `${place.left}px`;
    box.style.top = `${place.top}px`;
  }, []);

  useEffect(() => {
    if (!open || hidden) return;
    placePanel();
    window.addEventListener("resize", placePanel);
    return () => window.removeEventListener("resize", placePanel);
  }, [open, hidden, placePanel, current]);

  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);

  // A hidden route closes nothing: the panel is hidden with the widget and comes back as it was.
  const show = (next: MiniGame) => {
    setGame(next);
    if (!made.includes(next)) {
      setMade((list) => [...list, next]);
      setFrames((states) => ({ ...states, [next]: "loading" }));
    }
  };

  const close = () => {
    setOpen(false);
    handle.current?.focus();
  };

  const onLoad = (which: MiniGame) => (event: SyntheticEvent<HTMLIFrameElement>) => {
    let failed: string | null = null;
    try {
      const mark = event.currentTarget.contentDocument?.querySelector(`[${MINI_GAME_FAILED_MARK}]`);
      if (mark) failed = mark.textContent?.trim() || t("mini_game_failed");
    } catch {
      // the operator's origin: not readable, which is the mini page having opened
    }
    setFrames((states) => ({ ...states, [which]: failed ? "failed" : "ready" }));
    setFailures((texts) => ({ ...texts, [which]: failed ?? undefined }));
  };

  // ── Dragging: only after a 150 ms press; a shorter press is a click ───────────────────────
  const endDrag = (el: HTMLButtonElement) => {
    const d = drag.current;
    drag.current = null;
    if (!d) return false;
    if (d.timer) clearTimeout(d.timer);
    el.classList.remove("mini-game__handle--dragging");
    el.style.removeProperty("transform");
    el.dataset.tilt = "0";
    return d.dragging;
  };
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    const el = event.currentTarget;
    const rect = el.getBoundingClientRect();
    const d: Drag = {
      pointerId: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      left: rect.left,
      top: rect.top,
      timer: null,
      dragging: false,
      lastX: event.clientX,
      lastTime: performance.now(),
    };
    d.timer = setTimeout(() => {
      d.timer = null;
      d.dragging = true;
      d.lastTime = performance.now();
      el.classList.add("mini-game__handle--dragging");
    }, DRAG_DELAY_MS);
    drag.current = d;
    el.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d?.dragging || event.pointerId !== d.pointerId) return;
    const el = event.currentTarget;
    const now = performance.now();
    const place = clampPosition(
      d.left + event.clientX - d.x,
      d.top + event.clientY - d.y,
      { width: el.offsetWidth, height: el.offsetHeight },
      { width: window.innerWidth, height: window.innerHeight },
    );
    el.style.left = `${place.left}px`;
    el.style.top = `${place.top}px`;
    // Two moves in the same instant say nothing of the speed: the lean stays.
    if (now > d.lastTime) {
      const tilt = tiltOf(event.clientX - d.lastX, now - d.lastTime);
      el.style.transform = `rotate(${tilt}deg)`;
      el.dataset.tilt = String(tilt);
      d.lastX = event.clientX;
      d.lastTime = now;
    }
    placePanel();
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    if (endDrag(event.currentTarget)) {
      dragged.current = true;
      placePanel();
    }
  };

  // Drawn at the body, outside <main>: the member centre's backdrop copies <main> as it looks
  // (components/backdrop.tsx), and a copied frame would open the game a second time.
  return createPortal(
    <div className="mini-game" hidden={hidden} data-testid="mini-game">
      <button
        ref={handle}
        type="button"
        className="mini-game__handle"
        aria-label={open ? t("mini_game_close") : t("mini_game_open")}
        aria-expanded={open}
        aria-controls={made.length ? "mini-game-panel" : undefined}
        title={t("mini_game_move_hint")}
        data-testid="mini-game-button"
        data-tilt="0"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={(event) => endDrag(event.currentTarget)}
        onClick={() => {
          // The click that ends a drag is not a press.
          if (dragged.current) {
            dragged.current = false;
            return;
          }
          if (open) return close();
          show(current);
          setOpen(true);
        }}
      >
        <GameIcon />
      </button>
      {made.length ? (
        <section
          ref={panel}
          id="mini-game-panel"
          className="mini-game__panel"
          role="dialog"
          aria-modal="false"
          aria-labelledby="mini-game-title"
          tabIndex={-1}
          hidden={!open}
          data-testid="mini-game-panel"
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.stopPropagation();
              close();
            }
          }}
        >
          <header className="mini-game__bar">
            <h2 id="mini-game-title" className="mini-game__title">
              {t("mini_game_title")}
            </h2>
            <button
              type="button"
              className="mini-game__close"
              aria-label={t("mini_game_close")}
              data-testid="mini-game-close"
              onClick={close}
            >
              ×
            </button>
          </header>
          {games.length > 1 ? (
            <div className="mini-game__tabs" role="tablist" aria-label={t("mini_game_title")}>
              {games.map((which) => (
                <button
                  key={which}
                  type="button"
                  role="tab"
                  className="mini-game__tab"
                  aria-selected={which === current}
                  // The frame is made at the tab's first showing: until then there is nothing to point at.
                  aria-controls={made.includes(which) ? `mini-game-frame-${which}` : undefined}
                  data-testid={`mini-game-tab-${which}`}
                  onClick={() => show(which)}
                >
                  {t(which === "LOTT" ? "mini_game_tab_lott" : "mini_game_tab_sea")}
                </button>
              ))}
            </div>
          ) : null}
          {frames[current] === "loading" || failures[current] ? (
            <p className="mini-game__status" role="status" data-testid="mini-game-status">
              {failures[current] ?? t("mini_game_loading")}
            </p>
          ) : null}
          {made.map((which) => (
            <iframe
              key={which}
              id={`mini-game-frame-${which}`}
              className="mini-game__frame"
              src={miniGameFrameHref(which)}
              title={t("mini_game_title")}
              sandbox={MINI_GAME_FRAME_SANDBOX}
              referrerPolicy="no-referrer"
              hidden={which !== current}
              onLoad={onLoad(which)}
              data-testid={`mini-game-frame-${which}`}
            />
          ))}
        </section>
      ) : null}
    </div>,
    document.body,
  );
}
