/**
 * The bottom-right toast stack (document 002 sections 2, 4 and 9): toasts stack with 16 px
 * between them, as many at once as the window's height allows and the rest queued in order.
 * A toast closes by itself after its duration unless it is an event toast (duration 0); its
 * timer stands still while the pointer is over it or focus is in it (WCAG 2.2.1), so a player
 * who reads or reaches for it does not lose it.
 *
 * Screen readers hear each toast through one polite live region that is in the page from the
 * server's first HTML (a region added later with its text is often not announced). Focus never
 * moves into a toast by itself; a keyboard user reaches toasts by Tab and closes one with Escape
 * or its close button, after which focus goes to the next toast or back where it came from.
 */
import { Link } from "@remix-run/react";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { usePageTranslation } from "~/i18n/translation";
import { TOAST_DURATION_MS, type ToastSpec, type ToastTone } from "~/features/notify/messages";

/** The height the spec gives one toast with its spacing, for how many fit the window. */
const TOAST_SLOT_PX = 94;
const MIN_SHOWN = 2;

/** Document 002 section 9: max(2, floor(window height / 94) − 1) toasts at once. */
export function toastLimit(windowHeight: number): number {
  if (!Number.isFinite(windowHeight)) return MIN_SHOWN;
  return Math.max(MIN_SHOWN, Math.floor(windowHeight / TOAST_SLOT_PX) - 1);
}

export interface ToastsApi {
  /** Shows a toast (or queues it) and answers its id; an id already shown or queued is ignored. */
  show(spec: ToastSpec): string;
  close(id: string): void;
}

interface Toast {
  id: string;
  tone: ToastTone;
  title: string;
  body: readonly string[];
  duration: number;
  link?: { href: string; label: string };
}

const ToastContext = createContext<ToastsApi | null>(null);

export function useToasts(): ToastsApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToasts() needs a <ToastProvider> above it");
  return api;
}

/** A toast's paragraphs, one a line. */
export function toastBody(spec: Pick<ToastSpec, "body">): readonly string[] {
  return spec.body === undefined ? [] : typeof spec.body === "string" ? [spec.body] : [...spec.body];
}

/** What a toast says: its title, its lines and its link; the stack's toasts and the kept cards alike. */
export function ToastContent({
  titleId,
  title,
  body,
  link,
  onFollow,
}: {
  titleId: string;
  title: string;
  body: readonly string[];
  link?: { href: string; label: string };
  onFollow?: () => void;
}) {
  return (
    <>
      <p className="toast__title" id={titleId}>
        {title}
      </p>
      {body.map((line, i) => (
        <p className="toast__text" key={i}>
          {line}
        </p>
      ))}
      {link ? (
        <p className="toast__text">
          <Link to={link.href} className="toast__link" onClick={onFollow}>
            {link.label}
          </Link>
        </p>
      ) : null}
    </>
  );
}

function toToast(id: string, spec: ToastSpec): Toast {
  const body = toastBody(spec);
  const duration = spec.duration !== undefined && Number.isFinite(spec.duration) && spec.duration >= 0 ? spec.duration : TOAST_DURATION_MS;
  return { id, tone: spec.tone, title: spec.title, body, duration, link: spec.link };
}

export function ToastProvider({ children }: { children?: ReactNode }) {
  const { t } = usePageTranslation("common");
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  // The server and the first client render agree on the floor; the window is measured after.
  const [limit, setLimit] = useState(MIN_SHOWN);
  // Shown and queued ids, kept beside the state so that two shows in one tick see each other.
  const ids = useRef(new Set<string>());
  const serial = useRef(0);
  const stack = useRef<HTMLElement>(null);
  /** Where focus was before it entered the stack, to give it back when the last toast goes. */
  const cameFrom = useRef<HTMLElement | null>(null);
  /** The place in the stack of a toast closed with focus in it, until focus has moved on. */
  const refocusAt = useRef<number | null>(null);

  useEffect(() => {
    const measure = () => setLimit(toastLimit(window.innerHeight));
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);

  const dismiss = useCallback((id: string, keepFocus: boolean) => {
    if (!ids.current.delete(id)) return;
    if (keepFocus) {
      const items = stack.current ? Array.from(stack.current.children) : [];
      const index = items.findIndex((item) => item.getAttribute("data-toast-id") === id && item.contains(document.activeElement));
      if (index >= 0) refocusAt.current = index;
    }
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const api = useMemo<ToastsApi>(
    () => ({
      show(spec) {
        const id = spec.id ?? `toast:${++serial.current}`;
        if (ids.current.has(id)) return id;
        ids.current.add(id);
        setToasts((current) => [...current, toToast(id, spec)]);
        return id;
      },
      close: (id) => dismiss(id, true),
    }),
    [dismiss],
  );

  // Without this, closing the focused toast would drop focus to the top of the page.
  useEffect(() => {
    const index = refocusAt.current;
    if (index === null) return;
    refocusAt.current = null;
    const buttons = stack.current?.querySelectorAll<HTMLButtonElement>(".toast__close");
    const next = buttons?.length ? buttons[Math.min(index, buttons.length - 1)] : null;
    if (next) next.focus();
    else if (cameFrom.current?.isConnected) cameFrom.current.focus();
  }, [toasts]);

  const onStackFocus = (event: FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) cameFrom.current = from;
  };

  const shown = toasts.slice(0, limit);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* role="status" implies aria-atomic="true", which would read every shown toast again. */}
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="false" data-testid="toast-announcer">
        {shown.map((toast) => (
          <div key={toast.id}>
            <p>{toast.title}</p>
            {toast.body.map((line, i) => (
              <p key={i}>{line}</p>
            ))}
          </div>
        ))}
      </div>
      {shown.length ? (
        <section ref={stack} className="toasts" aria-label={t("notify_region_label")} onFocus={onStackFocus}>
          {shown.map((toast) => (
            <ToastView key={toast.id} toast={toast} onDismiss={dismiss} closeLabel={t("notify_close", { title: toast.title })} />
          ))}
        </section>
      ) : null}
    </ToastContext.Provider>
  );
}

function ToastView({
  toast,
  onDismiss,
  closeLabel,
}: {
  toast: Toast;
  onDismiss: (id: string, keepFocus: boolean) => void;
  closeLabel: string;
}) {
  const titleId = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  /** Time left, kept across pauses: a pause stops the clock rather than restarting it. */
  const left = useRef(toast.duration);
  const { id, duration } = toast;

  useEffect(() => {
    if (duration <= 0 || paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(id, false), Math.max(0, left.current));
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [id, duration, paused, onDismiss]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape") return;
    // This toast's Escape only: a chat window or dialog listening on the document stays open.
    event.stopPropagation();
    onDismiss(id, true);
  };

  return (
    <article
      className={`toast toast--${toast.tone}`}
      aria-labelledby={titleId}
      data-toast-id={id}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      {/* Followed, the toast has done its work; focus goes with the navigation, not to the stack. */}
      <ToastContent titleId={titleId} title={toast.title} body={toast.body} link={toast.link} onFollow={() => onDismiss(id, false)} />
      <button type="button" className="toast__close" aria-label={closeLabel} onClick={() => onDismiss(id, true)}>
        ×
      </button>
    </article>
  );
}
