/**
 * Home's winner board (document 001, section 2): the top of the operator's list as a shared
 * fragment's part (decision 041), drawn from props only.
 */
import { Namespaces, usePageTranslation } from "~/i18n/translation";
import type { WinnerView } from "./winners.server";

export function WinnerBoardList({ winners }: { winners: WinnerView[] }) {
  return (
    <Namespaces ns="games">
      <Board winners={winners} />
    </Namespaces>
  );
}

function Board({ winners }: { winners: WinnerView[] }) {
  const { t } = usePageTranslation("games");
  return (
    // A region that scrolls takes the focus, so a keyboard can scroll it too.
    <div className="winner-board__scroll" tabIndex={0} role="region" aria-label={t("winners")}>
      <table className="winner-board">
        <thead>
          <tr>
            <th scope="col">{t("winner_rank")}</th>
            <th scope="col">{t("winner_player")}</th>
            <th scope="col">{t("winner_game")}</th>
            <th scope="col">{t("winner_amount")}</th>
          </tr>
        </thead>
        <tbody>
          {winners.map((w) => (
            <tr key={w.rank}>
              <td>{w.rank}</td>
              <td>{w.player}</td>
              <td>{w.game}</td>
              <td className="winner-board__amount">{w.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
