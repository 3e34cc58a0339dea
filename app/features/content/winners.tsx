/**
 * Home's winner board and jackpot counter. The board is the same for every visitor: a shared
 * fragment's part (props only). The counter is written by the server; with scripts it ticks up
 * a little every second, as jackpots do, and never past the ceiling of document 002, section 9.
 */
import { useEffect, useState } from "react";
import { Namespaces, usePageTranslation } from "~/i18n/translation";
import { JACKPOT_CEILING } from "./jackpot";
import type { JackpotView, WinnerView } from "./winners.server";

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

const TICK_MS = 1000;

export function JackpotCounter({ jackpot }: { jackpot: JackpotView }) {
  const { t } = usePageTranslation("games");
  const [value, setValue] = useState<number | null>(null);
  useEffect(() => {
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    let current = jackpot.value;
    const timer = window.setInterval(() => {
      current = Math.min(JACKPOT_CEILING - 0.01, current + Math.round(Math.random() * 999) / 100);
      setValue(current);
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [jackpot.value]);
  const text = value === null ? jackpot.text : written(value, jackpot);
  return (
    <section className="panel jackpot" aria-labelledby="jackpot-title">
      <h2 id="jackpot-title">{t("jackpot")}</h2>
      {/* The figure changes every second: announced to no one (it would never stop talking). */}
      <p className="jackpot__figure" aria-live="off" data-testid="jackpot">
        {text}
      </p>
    </section>
  );
}

function written(value: number, { symbol, symbolAfter }: JackpotView): string {
  const figure = value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return symbolAfter ? `${figure} ${symbol}`.trim() : `${symbol}${figure}`;
}
