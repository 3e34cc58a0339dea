/**
 * Home's winner board and jackpot counter. The board is the same for every visitor: a shared
 * fragment's part (props only). The counter is written by the server; with scripts it ticks up
 * a little every second, as jackpots do, and never past the ceiling of document 002, section 9.
 */
import { useEffect, useState } from "react";
import { usePageTranslation } from "~/i18n/translation";
import { JACKPOT_CEILING } from "./jackpot";
import type { JackpotView } from "./winners.server";

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
