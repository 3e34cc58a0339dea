/**
 * Dialogs are routes (design.md): with scripts a route's form opens as a modal over the page,
 * without them the link simply opens the route's page. Here: the modal itself; the dialog routes
 * and the fetched dialogs built on it (closing that goes back, the focus back on the opener) are
 * route-dialog.tsx. The login pop-up that gated entries open is a feature (features/auth/login-dialog.tsx).
 */
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { usePageTranslation } from "~/i18n/translation";

/**
 * A modal <dialog> (document 000, section 7's generic modal): opened with showModal (focus moves
 * inside, the page behind is inert), closed by Escape, by its close button, by a click on the
 * backdrop unless `coverClose` is false, and after `timeoutMs` when given. Rendered only while
 * open; `onClose` unmounts it.
 */
export function Modal({
  titleId,
  onClose,
  children,
  className,
  coverClose = true,
  timeoutMs,
}: {
  titleId: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  coverClose?: boolean;
  timeoutMs?: number;
}) {
  const { t } = usePageTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => {
      if (dialog?.open) dialog.close?.();
    };
  }, []);
  useEffect(() => {
    if (!timeoutMs) return;
    const timer = setTimeout(() => ref.current?.close(), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    // A click on the dialog element itself (not its content) lands on the backdrop.
    if (coverClose && event.target === ref.current) ref.current?.close();
  };
  return (
    // Escape fires "cancel" then "close"; the close button and the backdrop call close().
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : "modal"}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={onBackdrop}
    >
      <div className="modal__body">
        <button type="button" className="modal__close" aria-label={t("dialog_close")} onClick={() => ref.current?.close()}>
          ×
        </button>
        {children}
      </div>
    </dialog>
  );
}
