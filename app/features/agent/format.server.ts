/** What the agent pages show of amounts and times: the records pages' formatting, one place. */
import { amountCell, timeText } from "~/features/reports/records.server";
import { formatAmount, toMoney } from "~/lib/money";

export { amountCell };

export const plainAmount = (value: string | null | undefined) => formatAmount(toMoney(value) ?? toMoney(0)!);

export const timeOrDash = (time: number | null | undefined) => (time ? timeText(time) : "—");

export const dateOf = (time: number | null | undefined) => (time ? timeText(time).slice(0, 10) : "—");

/**
 * The request as a page without a type filter reads it: a stray `type=` (an old link, a typed
 * address) is dropped rather than answered with an error about a field the page does not show.
 */
export function withoutStrayType(request: Request, types: readonly string[]): Request {
  const url = new URL(request.url);
  if (types.length > 0 || !url.searchParams.has("type")) return request;
  url.searchParams.delete("type");
  return new Request(url, { headers: request.headers });
}
