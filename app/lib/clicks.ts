import type { MouseEvent } from "react";

/**
 * A click the page may take over (open a pop-up, navigate in place): the main button with no
 * modifier. Any other — a middle click, Ctrl/⌘ (new tab), Shift (new window), Alt (download) —
 * keeps the browser's own behaviour for the link.
 */
export function isPlainClick(event: Pick<MouseEvent, "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey">): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
