/**
 * Add or remove a favourite from any tile: a POST form that returns to the same lobby page with
 * its filters; with scripts a fetcher, so the page stays where it is and the star flips when the
 * lobby's data is read again. Inside a shared fragment the form is plain (plain-tiles.tsx).
 */
import { useFetcher, useLocation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { usePageTranslation } from "~/i18n/translation";
import { useHydrated } from "~/lib/countdown";
import type { GameView } from "./types";

export const FAVOURITE_PATH = "/games/favourite";

/** The form's fields and star: the same markup with a fetcher or plain. */
export function FavouriteFields({
  game,
  node,
  favourite,
  redirectTo,
  viaFetcher,
  busy,
}: {
  game: GameView;
  node: string;
  favourite: boolean;
  redirectTo: string;
  viaFetcher: boolean;
  busy: boolean;
}) {
  const { t } = usePageTranslation("games");
  const label = t(favourite ? "favourite_remove" : "favourite_add", { name: game.name });
  return (
    <>
      <AuthenticityTokenInput />
      <input type="hidden" name="nodeId" value={node} />
      <input type="hidden" name="vendor" value={game.vendor} />
      <input type="hidden" name="gameType" value={game.gameType} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {viaFetcher ? <input type="hidden" name="_fetcher" value="1" /> : null}
      <button
        type="submit"
        name="intent"
        value={favourite ? "remove" : "add"}
        className={favourite ? "favourite-button favourite-button--on" : "favourite-button"}
        aria-pressed={favourite}
        aria-label={label}
        title={label}
        data-name={game.name}
        disabled={busy}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
        </svg>
      </button>
    </>
  );
}

export const nodeOf = (game: GameView) => game.nodeId ?? game.gameId ?? game.roomId;

export function FavouriteForm({ game }: { game: GameView }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const hydrated = useHydrated();
  const node = nodeOf(game);
  if (!node) return null;
  // While the post is out the star shows what it will be.
  const pending = fetcher.formData?.get("intent");
  const favourite = pending ? pending === "add" : game.favourite;
  return (
    <fetcher.Form method="post" action={FAVOURITE_PATH} className="favourite-form" preventScrollReset>
      <FavouriteFields
        game={game}
        node={node}
        favourite={favourite}
        redirectTo={location.pathname + location.search}
        viaFetcher={hydrated}
        busy={fetcher.state !== "idle"}
      />
    </fetcher.Form>
  );
}
