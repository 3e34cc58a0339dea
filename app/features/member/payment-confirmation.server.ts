/**
 * Payment confirmation (document 002, sections 3 and 4): receipts of peer-to-peer withdrawals
 * that wait for the player's answer. The list is asked on every page view (the root's wave) and
 * at most every 250 ms per player, the spec's throttle.
 */
import type { PaymentConfirmation } from "~/operator/answers";
import { quietly, type BoundOperator } from "~/operator/operator.server";
import { playerMemo } from "~/server/state/memo.server";

const LIST_THROTTLE_MS = 250;
const listByPlayer = playerMemo<PaymentConfirmation[] | null>(LIST_THROTTLE_MS);

export function loadPendingConfirmations(request: Request, operator: BoundOperator): Promise<PaymentConfirmation[] | null> {
  const key = operator.context.clientKey ?? operator.context.token ?? "";
  const load = () => quietly(request, operator.call("paymentConfirmations"));
  return key ? listByPlayer.get(key, load) : load();
}

/** After an answer the list is asked again at once. */
export function forgetConfirmations(key: string | undefined): void {
  if (key) listByPlayer.forget(key);
}
