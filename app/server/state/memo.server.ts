/**
 * Answers kept per player for a short time: the spec throttles the calls a player's pages make
 * in the background (promotions polled every 5 minutes, the unread count at most every 500 ms,
 * payment confirmations every 250 ms, document 002 sections 4 and 9). A page view inside the
 * window reuses the answer (or the call still in flight) instead of asking the operator again.
 *
 * The answers are a cache of this process (they hold promises, and are worth a few seconds); what
 * must reach every process is a forget: after a player's transfer on one process, another must
 * not show the old balance. A forget is announced on the state floor's channel (decision 050),
 * under a hash of its key (a token or session id never travels), and every process forgets that
 * player in every memo. Bounded, oldest first out.
 */
import { createHash, randomBytes } from "node:crypto";
import { state } from "./index.server";

const MAX_ENTRIES = 20_000;
const CHANNEL = "memo-forget";

export interface PlayerMemo<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  forget(key: string): void;
}

interface Kept {
  at: number;
  value: Promise<unknown>;
}

/** Every memo's entries, so that one player's answers can be forgotten everywhere at once. */
const memos: Array<Map<string, Kept>> = [];
let listening: unknown;
/** This process's mark on what it announces: its own forgets are already done. */
const SELF = randomBytes(6).toString("base64url");

const hashOf = (key: string) => createHash("sha256").update(`memo\n${key}`).digest("base64url").slice(0, 22);

function forgetHere(hashed: string) {
  for (const kept of memos) kept.delete(hashed);
}

/** Listens for other processes' forgets once, on the floor in use (a test may open another). */
function listen() {
  const floor = state();
  if (listening === floor) return;
  listening = floor;
  const heard = (message: string) => {
    const [from, hashed] = message.split(" ");
    if (from !== SELF && hashed) forgetHere(hashed);
  };
  // A store that cannot be reached now: the next memo read tries again (meanwhile this process
  // misses others' forgets, whose entries end within seconds anyway).
  floor.subscribe(CHANNEL, heard).then(
    () => undefined,
    () => {
      if (listening === floor) listening = undefined;
    },
  );
}

function announce(hashed: string) {
  listen();
  // A store that cannot be reached cannot carry the forget: this process has forgotten, and the
  // others' entries end within their few seconds.
  state()
    .publish(CHANNEL, `${SELF} ${hashed}`)
    .catch(() => undefined);
}

/**
 * Forgets what every memo keeps for a player (by session id), here and in every process: after a
 * money call whose outcome is unknown, the next page must read balances, lists and counts anew
 * (decision 035).
 */
export function forgetPlayer(key: string): void {
  const hashed = hashOf(key);
  forgetHere(hashed);
  announce(hashed);
}

export function playerMemo<T>(ttlMs: number): PlayerMemo<T> {
  const kept = new Map<string, Kept>();
  memos.push(kept);
  return {
    get(key, load) {
      listen();
      const hashed = hashOf(key);
      const now = Date.now();
      const hit = kept.get(hashed);
      if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
      const value = load();
      kept.delete(hashed);
      kept.set(hashed, { at: now, value });
      while (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value!);
      // A failure is not kept: the next view asks again.
      value.catch(() => {
        if (kept.get(hashed)?.value === value) kept.delete(hashed);
      });
      return value;
    },
    // Another process forgets the player in all its memos: it cannot tell them apart, and a
    // re-read costs one call.
    forget(key) {
      const hashed = hashOf(key);
      kept.delete(hashed);
      announce(hashed);
    },
  };
}
