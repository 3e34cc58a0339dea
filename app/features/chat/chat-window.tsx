/**
 * The chat's floating window (decision 048): a non-modal dialog at the button's corner with the
 * chat in a frame. Its free corner has a grip: dragged, or moved with the arrow keys, it resizes
 * the window within the spec's limits. When the frame shows the portal's own "cannot open" page
 * (readable: same origin) the window closes and the widget shows those words.
 */
import { useEffect, useRef, type KeyboardEvent, type PointerEvent, type SyntheticEvent } from "react";
import { usePageTranslation } from "~/i18n/translation";
import { useIsomorphicLayoutEffect } from "~/lib/client-ready";
import { clampSize, type ChatCorner } from "./chat";

/** The chat's sandbox: its own scripts, storage, forms and links in a new tab; never the portal's tab. */
export const CHAT_FRAME_SANDBOX = "allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox";

/** The chat's frame, in the floating window and on /chat: its sandbox, title and referrer rule in one place. */
export function ChatFrame({
  src,
  className,
  testId,
  onLoad,
}: {
  src: string;
  className: string;
  testId: string;
  onLoad?: (event: SyntheticEvent<HTMLIFrameElement>) => void;
}) {
  const { t } = usePageTranslation();
  return (
    <iframe
      className={className}
      src={src}
      title={t("chat_title")}
      sandbox={CHAT_FRAME_SANDBOX}
      referrerPolicy="no-referrer"
      onLoad={onLoad}
      data-testid={testId}
    />
  );
}
const KEY_STEP = 20;

interface Size {
  width: number;
  height: number;
}

export function ChatWindow({
  corner,
  size,
  reserved,
  frame,
  failedMark,
  onResize,
  onClose,
  onFailed,
}: {
  corner: ChatCorner;
  size: Size;
  reserved: number;
  frame: string;
  failedMark: string;
  onResize(size: Size): void;
  onClose(): void;
  onFailed(message: string): void;
}) {
  const { t } = usePageTranslation();
  const box = useRef<HTMLElement>(null);
  const resizing = useRef<{ x: number; y: number; start: Size } | null>(null);
  const [vertical, horizontal] = corner.split("-");
  // The grip sits at the corner away from the anchored one: dragging it away grows the window.
  const growX = horizontal === "right" ? -1 : 1;
  const growY = vertical === "bottom" ? -1 : 1;

  useIsomorphicLayoutEffect(() => {
    box.current?.style.setProperty("width", `${size.width}px`);
    box.current?.style.setProperty("height", `${size.height}px`);
  }, [size.width, size.height]);

  useEffect(() => {
    box.current?.focus();
    const refit = () => onResize(clampSize(size.width, size.height, { width: window.innerWidth, height: window.innerHeight }, reserved));
    window.addEventListener("resize", refit);
    return () => window.removeEventListener("resize", refit);
    // Once per opening; a later size is refitted by the handler's own call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const fit = (width: number, height: number) =>
    onResize(clampSize(width, height, { width: window.innerWidth, height: window.innerHeight }, reserved));

  const onGripDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    resizing.current = { x: event.clientX, y: event.clientY, start: size };
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
  };
  const onGripMove = (event: PointerEvent<HTMLButtonElement>) => {
    const r = resizing.current;
    if (!r) return;
    fit(r.start.width + growX * (event.clientX - r.x), r.start.height + growY * (event.clientY - r.y));
  };
  const onGripKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    // The arrows move the grip, as a drag would.
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    // Shift takes bigger steps, as a slider's Page keys do.
    const scale = event.shiftKey ? 5 : 1;
    fit(size.width + growX * move[0] * scale, size.height + growY * move[1] * scale);
  };

  const onLoad = (event: SyntheticEvent<HTMLIFrameElement>) => {
    try {
      const mark = event.currentTarget.contentDocument?.querySelector(`[${failedMark}]`);
      if (mark) onFailed(mark.textContent?.trim() || t("chat_failed"));
    } catch {
      // the chat's own origin: not readable, which is the chat having opened
    }
  };

  return (
    <section
      ref={box}
      id="chat-window"
      className={`chat-window chat-window--${corner}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby="chat-window-title"
      tabIndex={-1}
      data-testid="chat-window"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="chat-window__bar">
        <h2 id="chat-window-title" className="chat-window__title">
          {t("chat_title")}
        </h2>
        <button type="button" className="chat-window__close" aria-label={t("chat_close")} data-testid="chat-close" onClick={onClose}>
          ×
        </button>
      </header>
      <ChatFrame className="chat-window__frame" src={frame} onLoad={onLoad} testId="chat-frame" />
      <button
        type="button"
        className={`chat-window__grip chat-window__grip--${vertical === "bottom" ? "top" : "bottom"}-${horizontal === "right" ? "left" : "right"}`}
        aria-label={t("chat_resize")}
        data-testid="chat-grip"
        onPointerDown={onGripDown}
        onPointerMove={onGripMove}
        onPointerUp={() => (resizing.current = null)}
        onPointerCancel={() => (resizing.current = null)}
        onKeyDown={onGripKey}
      />
    </section>
  );
}
