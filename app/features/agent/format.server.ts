/** What the agent pages show of amounts and times: the records pages' formatting, one place. */
import { amountCell, timeText } from "~/features/member/records.server";
import { formatAmount, toMoney } from "~/lib/money";

export { amountCell };

export const plainAmount = (value: string | null | undefined) => formatAmount(toMoney(value) ?? toMoney(0)!);

export const timeOrDash = (time: number | null | undefined) => (time ? timeText(time) : "—");

export const dateOf = (time: number | null | undefined) => (time ? timeText(time).slice(0, 10) : "—");
