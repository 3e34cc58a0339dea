/**
 * The merchant's money for a request: the settings of its language (cached by the client) in the
 * one kit that writes amounts and sums (app/lib/money.ts, merchantMoney).
 */
import { getLocale } from "~/i18n/i18n.server";
import { merchantMoney, type MerchantMoney } from "~/lib/money";
import { loadSettings } from "~/features/site/site.server";

export async function merchantMoneyFor(request: Request): Promise<MerchantMoney> {
  return merchantMoney(await loadSettings(await getLocale(request)));
}
