/**
 * A money action's calls to the operator (decision 035). The one-time key of the posted form
 * (app/server/once.server.ts) opens a scope around the action; every call in it that changes
 * something (every method but GET) carries an `Idempotency-Key` derived from that key, so the
 * operator can answer a repeat with its first outcome instead of acting twice, and the client
 * reports here what became of each call: acted, refused, or unknown (no answer, a 5xx, an answer
 * that cannot be read). The scope is what lets once() tell "refused: try again" from "outcome
 * unknown: check first" without each route having to.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";

export interface MoneyScope {
  /** Derived from the session and the form's one-time key, and the attempt (a retry after a refusal is a new attempt). */
  readonly base: string;
  /** Changing calls sent so far in this run; numbers each call's key. */
  sent: number;
  /** A changing call the operator answered with success. */
  acted: boolean;
  /** A changing call whose outcome is not known; the first such failure. */
  unknown: unknown;
}

const scopes = new AsyncLocalStorage<MoneyScope>();
/**
 * Money actions under way. On Node 20 an AsyncLocalStorage in use turns on promise hooks for the
 * whole process, and every page view would pay for them; they are turned off again whenever no
 * money action is running.
 */
let running = 0;

export async function withMoneyScope<T>(base: string, run: (scope: MoneyScope) => Promise<T>): Promise<T> {
  const scope: MoneyScope = { base, sent: 0, acted: false, unknown: null };
  running++;
  try {
    return await scopes.run(scope, () => run(scope));
  } finally {
    if (--running === 0) scopes.disable();
  }
}

/** The key for the next changing call of the current money action, or null outside one. */
export function nextIdempotencyKey(): { key: string; scope: MoneyScope } | null {
  const scope = scopes.getStore();
  if (!scope) return null;
  scope.sent += 1;
  return { key: `${scope.base}-${scope.sent}`, scope };
}
