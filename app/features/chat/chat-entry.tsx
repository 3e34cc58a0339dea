/**
 * The floating chat's place in every page (decision 048). The server draws a corner link to /chat,
 * at the corner this browser moved the button to (the chat_corner cookie), so it works without
 * scripts and never jumps. With scripts the widget's module (the button, dragging, the window)
 * is fetched after the page has come to life, and takes over the link's place: none of it is in
 * a page's first-view JavaScript.
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useState, type ComponentType } from "react";
import { usePageTranslation } from "~/i18n/translation";
import { CHAT_PAGE, type ChatCorner } from "./chat";

export function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
      <path d="M4 5h16v11H9l-5 4z" />
      <path d="M8 9.5h8M8 12.5h5" />
    </svg>
  );
}

type Widget = ComponentType<{ corner: ChatCorner }>;

/** `corner`: the root's word that this player has the chat (null: not shown), and where. */
export function ChatEntry({ corner }: { corner: ChatCorner | null }) {
  const { t } = usePageTranslation();
  const { pathname } = useLocation();
  const [widget, setWidget] = useState<{ Widget: Widget } | null>(null);

  useEffect(() => {
    if (!corner || widget) return;
    let live = true;
    import("./chat-widget").then(
      (module) => live && setWidget({ Widget: module.ChatWidget }),
      // A module that cannot be fetched (offline, a new build deployed): the link stays.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [corner, widget]);

  if (!corner || pathname === CHAT_PAGE) return null;
  if (widget) return <widget.Widget corner={corner} />;
  return (
    <a href={CHAT_PAGE} className={`chat-fab chat-fab--${corner}`} data-testid="chat-link">
      <ChatIcon />
      <span className="visually-hidden">{t("chat_title")}</span>
    </a>
  );
}
