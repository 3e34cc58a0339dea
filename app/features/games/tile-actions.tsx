/** What every game tile offers: Play, the free trial when the game has one, and the favourite star for a player. */
import { FavouriteForm } from "./favourite-form";
import { PlayForm, TrialForm } from "./play-form";
import type { GameView } from "./types";

export function TileActions({ game, player }: { game: GameView; player: boolean }) {
  return (
    <>
      <PlayForm game={game} />
      <TrialForm game={game} />
      {player ? <FavouriteForm game={game} /> : null}
    </>
  );
}
