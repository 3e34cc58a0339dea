/**
 * Answers kept per player for a short time: the spec throttles the calls a player's pages make
 * in the background (promotions polled every 5 minutes, the unread count at most every 500 ms,
 * payment confirmations every 250 ms, document 002 sections 4 and 9). A page view inside the
 * window reuses the answer (or the call still in flight) instead of asking the operator again.
 * In memory: the portal is one Node process (decision 001); bounded, oldest first out.
 */
const MAX_ENTRIES = 20_000;

export interface PlayerMemo<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  forget(key: string): void;
}

/** Every memo, so that one player's answers can be forgotten everywhere at once. */
const memos: PlayerMemo<unknown>[] = [];

/**
 * Forgets what every memo keeps for a player (by session id): after a money call whose outcome
 * is unknown, the next page must read balances, lists and counts anew (decision 035).
 */
export function forgetPlayer(key: string): void {
  for (const memo of memos) memo.forget(key);
}

export function playerMemo<T>(ttlMs: number): PlayerMemo<T> {
  const kept = new Map<string, { at: number; value: Promise<T> }>();
  const memo: PlayerMemo<T> = {
    get(key, load) {
      const now = Date.now();
      const hit = kept.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      const value = load();
      kept.delete(key);
      kept.set(key, { at: now, value });
      while (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value!);
      // A failure is not kept: the next view asks again.
      value.catch(() => {
        if (kept.get(key)?.value === value) kept.delete(key);
      });
      return value;
    },
    forget(key) {
      kept.delete(key);
    },
  };
  memos.push(memo as PlayerMemo<unknown>);
  return memo;
}
