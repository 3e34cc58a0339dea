/**
 * Add or remove a favourite from any tile: a POST form that returns to the same lobby page with
 * its filters; with scripts a fetcher, so the page stays where it is and the star flips when the
 * lobby's data is read again.
 */
import { useFetcher, useLocation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { usePageTranslation } from "~/i18n/translation";
import { useHydrated } from "~/lib/countdown";
import type { GameView } from "./types";

export function FavouriteForm({ game }: { game: GameView }) {
  const { t } = usePageTranslation("games");
  const fetcher = useFetcher();
  const location = useLocation();
  const hydrated = useHydrated();
  const node = game.nodeId ?? game.gameId ?? game.roomId;
  if (!node) return null;
  // While the post is out the star shows what it will be.
  const pending = fetcher.formData?.get("intent");
  const favourite = pending ? pending === "add" : game.favourite;
  const label = t(favourite ? "favourite_remove" : "favourite_add", { name: game.name });
  return (
    <fetcher.Form method="post" action="/games/favourite" className="favourite-form" preventScrollReset>
      <AuthenticityTokenInput />
      <input type="hidden" name="nodeId" value={node} />
      <input type="hidden" name="vendor" value={game.vendor} />
      <input type="hidden" name="gameType" value={game.gameType} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated ? <input type="hidden" name="_fetcher" value="1" /> : null}
      <button
        type="submit"
        name="intent"
        value={favourite ? "remove" : "add"}
        className={favourite ? "favourite-button favourite-button--on" : "favourite-button"}
        aria-pressed={favourite}
        aria-label={label}
        title={label}
        disabled={fetcher.state !== "idle"}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
        </svg>
      </button>
    </fetcher.Form>
  );
}
