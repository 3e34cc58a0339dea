/**
 * The chat's shared rules (document 001, sections 4 and 9), for the server and the widget: the
 * window's limits, the unread badge, and the language codes the chat service takes.
 */
import type { Locale } from "~/i18n/config";

/** The spec's window: min width 200, max 480, min height 280; 16 px from the corner. */
export const CHAT_WINDOW = { minWidth: 200, maxWidth: 480, minHeight: 280, offset: 16, width: 360, height: 520 } as const;

/** The portal page that frames the chat, and the resource route that leads the frame there. */
export const CHAT_PAGE = "/chat";
export const CHAT_FRAME = "/resources/chat-frame";
export const CHAT_STATUS = "/resources/chat";

/** Marks the portal's own page in the frame that says the chat could not open (the widget closes then). */
export const CHAT_FAILED_MARK = "data-chat-failed";

export type ChatCorner = "bottom-right" | "bottom-left" | "top-right" | "top-left";
export const CHAT_CORNERS: readonly ChatCorner[] = ["bottom-right", "bottom-left", "top-right", "top-left"];

/** Over 99 the badge shows dots (the spec's "99+ shown as dots"). */
export const UNREAD_MAX = 99;
export const badgeOf = (count: number | null): "none" | "dots" | string =>
  !count || count <= 0 ? "none" : count > UNREAD_MAX ? "dots" : String(count);

/** The chat's language codes (EN, CN, TW, RU, TH, VI, JA, PT, ES, AR): the portal's six are among them. */
export const CHAT_LANGUAGE: Record<Locale, string> = { CN: "CN", TW: "TW", JA: "JA", EN: "EN", TH: "TH", VI: "VI" };

/** The corner nearest a point of a viewport. */
export function nearestCorner(x: number, y: number, width: number, height: number): ChatCorner {
  const vertical = y < height / 2 ? "top" : "bottom";
  const horizontal = x < width / 2 ? "left" : "right";
  return `${vertical}-${horizontal}`;
}

/** A size kept within the spec's limits and the viewport (less the offsets and the button). */
export function clampSize(width: number, height: number, viewport: { width: number; height: number }, reserved = 0) {
  const { minWidth, maxWidth, minHeight, offset } = CHAT_WINDOW;
  const widest = Math.max(minWidth, Math.min(maxWidth, viewport.width - 2 * offset));
  const tallest = Math.max(minHeight, viewport.height - 2 * offset - reserved);
  return {
    width: Math.round(Math.min(widest, Math.max(minWidth, width))),
    height: Math.round(Math.min(tallest, Math.max(minHeight, height))),
  };
}
