/**
 * Add or remove a favourite from any tile: a POST form that returns to the same lobby page with
 * its filters; with scripts a fetcher, so the page stays where it is and the star flips when the
 * lobby's data is read again. Inside a shared fragment the form is plain (PlainFavouriteForm)
 * and the fragment's delegated submit does what the fetcher does here (useFavouriteSubmit).
 */
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { usePageTranslation } from "~/i18n/translation";
import { useHydrated } from "~/lib/countdown";
import type { GameView } from "./types";

const FAVOURITE_PATH = "/games/favourite";

/** The form's fields and star: the same markup with a fetcher or plain. */
function FavouriteFields({
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

const nodeOf = (game: GameView) => game.nodeId ?? game.gameId ?? game.roomId;

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

/** The favourite form inside a shared fragment: no router, so `redirectTo` is given. */
export function PlainFavouriteForm({ game, redirectTo }: { game: GameView; redirectTo: string }) {
  const node = nodeOf(game);
  if (!node) return null;
  return (
    <form method="post" action={FAVOURITE_PATH} className="favourite-form" data-favourite="">
      <FavouriteFields game={game} node={node} favourite={game.favourite} redirectTo={redirectTo} viaFetcher={false} busy={false} />
    </form>
  );
}

/** Sets a star's state in the DOM (a plain form's button, outside React's tree). */
function showStar(button: HTMLButtonElement, favourite: boolean, label: string) {
  button.classList.toggle("favourite-button--on", favourite);
  button.setAttribute("aria-pressed", String(favourite));
  button.setAttribute("aria-label", label);
  button.title = label;
  button.value = favourite ? "remove" : "add";
}

/**
 * The delegated submit for plain favourite forms (data-favourite): posts through a fetcher and
 * shows the star as it will be while the post is out. When the answer is in, the page's data is
 * read again and the fragment is drawn anew with the star as the operator has it; if the
 * fragment was not drawn anew (the post failed), the star goes back to what it was.
 */
export function useFavouriteSubmit() {
  const { t } = usePageTranslation("games");
  const fetcher = useFetcher();
  const pressed = useRef<{ button: HTMLButtonElement; was: boolean; label: string } | null>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !pressed.current) return;
    const { button, was, label } = pressed.current;
    pressed.current = null;
    if (!button.isConnected) return;
    button.disabled = false;
    showStar(button, was, label);
  }, [fetcher.state]);

  return (event: FormEvent<HTMLElement>, form: HTMLFormElement): boolean => {
    if (!form.hasAttribute("data-favourite")) return false;
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>("button[name=intent]");
    if (!button || fetcher.state !== "idle" || pressed.current) return true;
    const data = new FormData(form);
    data.set("intent", button.value);
    data.set("_fetcher", "1");
    const was = button.value === "remove";
    const name = button.dataset.name ?? "";
    pressed.current = { button, was, label: button.getAttribute("aria-label") ?? "" };
    showStar(button, !was, t(was ? "favourite_add" : "favourite_remove", { name }));
    button.disabled = true;
    fetcher.submit(data, { method: "post", action: FAVOURITE_PATH, preventScrollReset: true });
    return true;
  };
}
