/**
 * The benefit pages' shared parts (decision 028): amounts in the merchant's currency, rates as
 * percentages, product type names, and a failed call as the page's message.
 */
import { getLocale } from "~/i18n/i18n.server";
import { formatMoney } from "~/lib/money";
import { loadSettings } from "~/features/site/site.server";
import { formFailure } from "~/operator/operator.server";

/** Formats money the merchant's way (symbol and position). */
export async function moneyFormatter(request: Request): Promise<(value: string | number | null | undefined) => string> {
  const settings = await loadSettings(await getLocale(request));
  return (value) => formatMoney(value, settings.currencySymbol ?? "", settings.currencyPosition, settings.currency) ?? "—";
}

/** A page whose call failed still draws, with the catalogue's message and its status. */
export async function pageFailure(request: Request, error: unknown): Promise<{ error: string; status: number }> {
  const { status, message } = await formFailure(request, error);
  return { error: message, status };
}
