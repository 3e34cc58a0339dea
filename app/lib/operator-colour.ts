/**
 * A colour the operator gives one player's page (the VIP level's, the rank's). The CSP allows no
 * inline style attribute (security-headers.server.ts), so a `style` in the HTML is dropped by the
 * browser with an error; the colour is set through the DOM once the page runs instead, and
 * without scripts the badge keeps the theme's colour. The server has already checked it
 * (`safeColour`).
 */
import { useEffect, useRef } from "react";

export function useOperatorColour<T extends HTMLElement>(colour: string | null | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.style.color = colour ?? "";
    element.style.borderColor = colour ?? "";
  }, [colour]);
  return ref;
}
