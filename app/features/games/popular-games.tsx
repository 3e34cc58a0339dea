/**
 * Home's popular games (document 001, section 2): twelve tiles with Play, the free trial and, for
 * a player, the favourite star. The tiles are the same for every visitor of a kind with the same
 * favourites among them, so they are a shared fragment (decision 041): drawn once per key with
 * plain forms, whose submits the fragment delegates here — the launch's behaviour (useLauncher)
 * and the star's fetcher (useFavouriteSubmit) — as the lobbies' own forms do for each tile.
 */
import { Link } from "@remix-run/react";
import type { FormEvent } from "react";
import { SharedFragment } from "~/components/shared-fragment";
import { usePageTranslation } from "~/i18n/translation";
import { lazyPart } from "~/components/lazy-part";
import { launchFrom, useFavouriteSubmit } from "./plain-tiles";
import { useLauncher } from "./play-form";
import type { GameView } from "./types";

// The tiles as the browser draws them: only for a key new to the page (popular-grid.tsx).
const GridPart = lazyPart(() => import("./popular-grid").then((m) => m.PopularGamesGrid));

export function PopularGames({ hot, fragmentKey, guest }: { hot: GameView[]; fragmentKey: string; guest: boolean }) {
  const { t } = usePageTranslation("games");
  const launcher = useLauncher();
  const favourite = useFavouriteSubmit();
  const onSubmit = (event: FormEvent<HTMLElement>, form: HTMLFormElement) => {
    if (!launchFrom(launcher.launch, event, form)) favourite(event, form);
  };
  return (
    <details className="panel popular-games" open>
      <summary>
        <h2>{t("popular_games")}</h2>
      </summary>
      <SharedFragment
        fragmentKey={fragmentKey}
        className="popular-games__grid"
        render={() => <GridPart hot={hot} guest={guest} />}
        onSubmit={onSubmit}
      />
      <p className="actions">
        <Link to="/electron?page=hot" className="button button--secondary">
          {t("more_games")}
        </Link>
      </p>
      {launcher.overlays}
    </details>
  );
}
