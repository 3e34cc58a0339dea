/**
 * The player's wallets as pages draw them (document 002, sections 2 and 3): the main wallet and
 * the game wallets, each named by displayName or accountName with its availBalance in the
 * merchant's currency, and the total: the sum of availBalance with decimal.js, formatted en-US.
 */
import { getLocale } from "~/i18n/i18n.server";
import { merchantMoney, sumBalances, toMoney, type MerchantCurrency } from "~/lib/money";
import { loadSettings } from "~/features/site/site.server";
import type { WalletList } from "~/operator/answers";
import { quietly, type BoundOperator } from "~/operator/operator.server";
import { playerMemo } from "~/server/state/memo.server";

export interface WalletView {
  id: string;
  name: string;
  /** Formatted with the currency symbol. */
  balance: string;
  /** The decimal string the operator answered (for the form's own check). */
  raw: string;
  main: boolean;
}

export interface WalletsView {
  total: string;
  wallets: WalletView[];
}

export function walletsView(list: WalletList, settings: MerchantCurrency): WalletsView {
  // The list may name its own symbol and currency.
  const money = merchantMoney(settings, list);
  const wallets = list.wallets.map((w) => {
    const raw = toMoney(w.availBalance)?.toFixed() ?? "0";
    return {
      id: w.accountId,
      name: w.displayName || w.accountName || w.accountId,
      balance: money.show(raw),
      raw,
      main: Boolean(w.main),
    };
  });
  return { total: money.sum(sumBalances(list.wallets)), wallets };
}

/**
 * The list is asked at most once a second per player (the spec's balance throttle): the centre's
 * layout and its page draw it in the same view. Moving money forgets it, so the page after shows
 * the balances after it. The operator names wallets in the language it was asked in, so a list
 * kept for another language is asked again: a Thai page right after a Chinese one would
 * otherwise show the Chinese names (issue 23).
 */
const listsByPlayer = playerMemo<{ language: string; list: WalletList | null }>(1_000);
const keyOf = (operator: BoundOperator) => operator.context.clientKey ?? operator.context.token ?? "";

/** The wallet list, or null when the operator could not answer (a background call: no alert). */
export async function loadWallets(request: Request, operator: BoundOperator): Promise<WalletsView | null> {
  const key = keyOf(operator);
  const language = operator.context.language;
  const load = async () => ({ language, list: await quietly(request, operator.call("balanceV2", { body: { typeId: 0 } })) });
  const read = async () => {
    if (!key) return load();
    const kept = await listsByPlayer.get(key, load);
    if (kept.language === language) return kept;
    listsByPlayer.forget(key);
    return listsByPlayer.get(key, load);
  };
  const [{ list }, settings] = await Promise.all([read(), loadSettings(await getLocale(request))]);
  return list ? walletsView(list, settings) : null;
}

/** After money moved: the next view reads the wallets again. */
export function forgetWallets(operator: BoundOperator): void {
  const key = keyOf(operator);
  if (key) listsByPlayer.forget(key);
}

/** Each wallet's balance by id, for the transfer schema. */
export const balancesById = (view: WalletsView | null): Record<string, string> =>
  Object.fromEntries((view?.wallets ?? []).map((w) => [w.id, w.raw]));
