/**
 * Home's popular games as a shared fragment's part (decision 041): the tiles with plain forms,
 * drawn from props only; popular-games.tsx delegates their submits.
 */
import { Namespaces, usePageTranslation } from "~/i18n/translation";
import { GameTile, TileGrid } from "./game-tile";
import { PlainTileActions } from "./plain-tiles";
import type { GameView } from "./types";

/** Where the tiles' forms come back to: the home page. */
const HOME = "/";

/** The tiles: a shared fragment's part, drawn from props only with plain forms. */
export function PopularGamesGrid({ hot, guest }: { hot: GameView[]; guest: boolean }) {
  return (
    <Namespaces ns="games">
      <Grid hot={hot} guest={guest} />
    </Namespaces>
  );
}

function Grid({ hot, guest }: { hot: GameView[]; guest: boolean }) {
  const { t } = usePageTranslation("games");
  return (
    <TileGrid label={t("popular_games")}>
      {hot.map((game) => (
        <GameTile key={game.key} game={game} actions={<PlainTileActions game={game} player={!guest} backTo={HOME} />} />
      ))}
    </TileGrid>
  );
}
