/**
 * What every game tile offers: Play, the free trial when the game has one, and the favourite star
 * for a player. `plainBackTo`: drawn inside a shared fragment, as plain forms returning there.
 */
import { FavouriteForm, PlainFavouriteForm } from "./favourite-form";
import { PlayForm, TrialForm } from "./play-form";
import type { GameView } from "./types";

export function TileActions({ game, player, plainBackTo }: { game: GameView; player: boolean; plainBackTo?: string }) {
  const plain = plainBackTo !== undefined;
  return (
    <>
      <PlayForm game={game} backTo={plainBackTo} plain={plain} />
      <TrialForm game={game} backTo={plainBackTo} plain={plain} />
      {player ? plain ? <PlainFavouriteForm game={game} redirectTo={plainBackTo} /> : <FavouriteForm game={game} /> : null}
    </>
  );
}
