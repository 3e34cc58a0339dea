/**
 * The mini-game's place in every page (decision 049). Nothing is drawn without scripts (the
 * spec), so nothing is drawn by the server either: after the page has come to life the widget's
 * module is fetched and drawn. None of it is in a page's first-view JavaScript.
 */
import { useEffect, useState, type ComponentType } from "react";
import type { MiniGame } from "./mini-game";

type Widget = ComponentType<{ games: readonly MiniGame[] }>;

/** `games`: the root's word of the mini-games this player is shown (null: none). */
export function MiniGameEntry({ games }: { games: readonly MiniGame[] | null }) {
  const [widget, setWidget] = useState<{ Widget: Widget } | null>(null);
  const shown = Boolean(games?.length);

  useEffect(() => {
    if (!shown || widget) return;
    let live = true;
    import("./mini-game-widget").then(
      (module) => live && setWidget({ Widget: module.MiniGameWidget }),
      // A module that cannot be fetched (offline, a new build deployed): no mini-game on this page.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [shown, widget]);

  return shown && widget && games ? <widget.Widget games={games} /> : null;
}
