/**
 * A tile's forms inside a shared fragment (decision 041): the same Play, trial and favourite
 * markup as a lobby's (play-form.tsx, favourite-form.tsx), as plain posts that come back to a
 * given page; and what the fragment's delegated submit does with them when scripts run — the
 * launch (useLauncher's) and the star's fetcher. Only the fragments' pages load this module.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { usePageTranslation } from "~/i18n/translation";
import { FAVOURITE_PATH, FavouriteFields, nodeOf } from "./favourite-form";
import { PlayForm, TrialForm, type LaunchPress } from "./play-form";
import type { GameView } from "./types";

export function PlainTileActions({ game, player, backTo }: { game: GameView; player: boolean; backTo: string }) {
  const node = nodeOf(game);
  return (
    <>
      <PlayForm game={game} backTo={backTo} plain />
      <TrialForm game={game} backTo={backTo} plain />
      {player && node ? (
        <form method="post" action={FAVOURITE_PATH} className="favourite-form" data-favourite="">
          <FavouriteFields game={game} node={node} favourite={game.favourite} redirectTo={backTo} viaFetcher={false} busy={false} />
        </form>
      ) : null}
    </>
  );
}

/** A delegated submit of a plain launch form (data-launch) to `launch`; false when the form is not one. */
export function launchFrom(
  launch: (event: FormEvent<HTMLElement>, form: HTMLFormElement, press: LaunchPress) => void,
  event: FormEvent<HTMLElement>,
  form: HTMLFormElement,
): boolean {
  const kind = form.dataset.launch;
  if (kind !== "play" && kind !== "trial") return false;
  const field = (name: string) => {
    const input = form.elements.namedItem(name);
    return input instanceof HTMLInputElement ? input.value : "";
  };
  launch(event, form, {
    needsAccount: kind === "play",
    newWindow: field("newWindow") === "1",
    here: field("backTo") || "/",
    hasGame: Boolean(field("gameId") || field("roomId")),
  });
  return true;
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
    pressed.current = { button, was, label: button.getAttribute("aria-label") ?? "" };
    showStar(button, !was, t(was ? "favourite_add" : "favourite_remove", { name: button.dataset.name ?? "" }));
    button.disabled = true;
    fetcher.submit(data, { method: "post", action: FAVOURITE_PATH, preventScrollReset: true });
    return true;
  };
}
