/**
 * Home's winner board and jackpot (document 001, sections 2 and 3; document 002, section 9): the
 * operator's latest big wins (limit 100, `value.list[].vo`) and its jackpot, both shared reads
 * kept by the operator client's cache, turned into views once per answer. Without an answer the
 * jackpot is a masked figure below 1e8 (002 §9), drawn from the ten-second window so that every
 * visitor of that window sees the same page (decision 042).
 */
import type { Locale } from "~/i18n/config";
import { operatorLanguage } from "~/i18n/config";
import type { SiteSettings, WinnerBoard } from "~/operator/answers";
import { quietly, type BoundOperator } from "~/operator/operator.server";
import { memoByArguments } from "~/lib/memo";
import { merchantMoney, toMoney } from "~/lib/money";
import { loadSettings } from "~/features/site/site.server";
import { JACKPOT_CEILING } from "./jackpot";

/** What the board asks for (001 §7: limitNum default 100). */
export const WINNER_LIMIT = 100;
/** What home shows of it: the page stays light, the rest is the same kind of row. */
export const WINNERS_SHOWN = 20;
export { JACKPOT_CEILING };

export interface WinnerView {
  rank: number;
  player: string;
  game: string;
  amount: string;
}

export interface JackpotView {
  /** The figure, for the counter's script. */
  value: number;
  /** The figure as written without scripts. */
  text: string;
  symbol: string;
  symbolAfter: boolean;
}

export async function loadWinners(request: Request, operator: BoundOperator, locale: Locale): Promise<WinnerView[]> {
  const [answer, settings] = await Promise.all([
    quietly(request, operator.call("winnerBoard", { body: { limitNum: WINNER_LIMIT, language: operatorLanguage(locale) } })),
    loadSettings(locale),
  ]);
  return answer ? winnerViews(answer, settings) : [];
}

const winnerViews = memoByArguments((answer: WinnerBoard, settings: SiteSettings): WinnerView[] => {
  const money = merchantMoney(settings);
  return (answer.list ?? []).slice(0, WINNERS_SHOWN).flatMap((row, i) => {
    const amount = money.format(row.vo.winAmount ?? null);
    if (!amount) return [];
    return [{ rank: row.rank ?? i + 1, player: row.vo.username ?? "***", game: row.vo.gameName ?? row.vo.vendor ?? "", amount }];
  });
});

export async function loadJackpot(request: Request, operator: BoundOperator, locale: Locale, now = Date.now()): Promise<JackpotView> {
  const [answer, settings] = await Promise.all([quietly(request, operator.call("jackpot", { body: {} })), loadSettings(locale)]);
  const given = toMoney(answer?.amount ?? null);
  const value = given && given.isPositive() && given.lessThan(JACKPOT_CEILING) ? given.toNumber() : maskedFigure(now);
  const money = merchantMoney(settings);
  return {
    value,
    text: money.sum(toMoney(value.toFixed(2))!),
    symbol: money.style.currencySymbol ?? "",
    symbolAfter: money.style.currencyPosition === "B",
  };
}

/** A figure between 1e7 and 1e8 that is the same for every visitor of a ten-second window. */
export function maskedFigure(now: number): number {
  const window = Math.floor(now / 10_000);
  // A small integer hash (xorshift) of the window: no randomness in the page's data.
  let x = window ^ 0x9e3779b9;
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  const unit = (x >>> 0) / 0xffffffff;
  return Math.round((1e7 + unit * 8.9e7) * 100) / 100;
}
