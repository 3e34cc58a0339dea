/**
 * The local adapter's limiter (state/local.server.ts): counters in this process's memory. What a
 * visitor sends cannot make them grow: a limiter holds at most `maxKeys` keys (the least
 * recently used one goes first), a key untouched for two windows is deleted (swept from the
 * oldest end on every hit, and by an idle timer). Decision 017 gives the figures.
 */
import type { RateVerdict } from "./port";

/** Keys one limiter holds at most: about 150 bytes each (measured), so some 15 MB at worst. */
export const LIMITER_MAX_KEYS = 100_000;

/** A key's attempts: in the window that began at `start`, and in the one before it. */
interface Counts {
  start: number;
  previous: number;
  current: number;
}

/**
 * An approximate sliding window: two counters per key, the last window's count weighted by how
 * much of it the sliding window still covers (attempts assumed spread evenly over it). Time and
 * memory per key are constant whatever the limit (an operator may set 1,000,000); the price is
 * that a burst at the end of one window and the start of the next can pass up to twice the limit
 * within one window's span.
 */
export class SlidingWindowLimiter {
  /** In the order of last use: the first key is the least recently used and the first to expire. */
  private readonly keys = new Map<string, Counts>();
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    // Read at each call, so that a test that moves the clock (vi.setSystemTime) moves this one too.
    private readonly now: () => number = () => Date.now(),
    readonly maxKeys: number = LIMITER_MAX_KEYS,
  ) {}

  /** Keys held now. */
  get size(): number {
    return this.keys.size;
  }

  /** Counts one attempt; answers the seconds to wait when the key is over its limit. */
  hit(key: string): RateVerdict {
    return this.count(key, this.now());
  }

  /**
   * Counts one attempt like `hit`, and when it is allowed answers how to take it back: for a
   * limit on failures, where whether an attempt failed is known only after it ran. Counting
   * first means posts in flight together cannot all pass a count that has not happened yet.
   */
  reserve(key: string): { allowed: true; release: () => void } | { allowed: false; retryAfterS: number } {
    const at = this.now();
    const verdict = this.count(key, at);
    if (!verdict.allowed) return verdict;
    let released = false;
    return {
      allowed: true,
      release: () => {
        if (released) return;
        released = true;
        this.uncount(key, at);
      },
    };
  }

  private count(key: string, now: number): RateVerdict {
    this.sweep(now);
    let counts = this.keys.get(key);
    if (counts) {
      // Deleted and set again below: the map's order stays the order of last use.
      this.keys.delete(key);
      this.advance(counts, now);
    } else {
      counts = { start: now, previous: 0, current: 0 };
      if (this.keys.size >= this.maxKeys) this.keys.delete(this.keys.keys().next().value!);
    }
    this.keys.set(key, counts);
    this.sweeper ??= this.startSweeper();

    const elapsed = now - counts.start;
    if (counts.previous * (1 - elapsed / this.windowMs) + counts.current < this.limit) {
      counts.current++;
      return { allowed: true };
    }
    return { allowed: false, retryAfterS: Math.max(1, Math.ceil((this.freeAt(counts) - now) / 1000)) };
  }

  /** Takes back an attempt counted at `at`, from the window that now holds it (none once it no longer counts). */
  private uncount(key: string, at: number) {
    const counts = this.keys.get(key);
    if (!counts) return;
    this.advance(counts, this.now());
    if (at >= counts.start) counts.current = Math.max(0, counts.current - 1);
    else if (at >= counts.start - this.windowMs) counts.previous = Math.max(0, counts.previous - 1);
  }

  /** Moves a key's counters to the window `now` falls in. */
  private advance(counts: Counts, now: number) {
    const elapsed = now - counts.start;
    if (elapsed >= 2 * this.windowMs) {
      counts.start = now;
      counts.previous = 0;
      counts.current = 0;
    } else if (elapsed >= this.windowMs) {
      counts.start += this.windowMs;
      counts.previous = counts.current;
      counts.current = 0;
    }
  }

  /** When the estimate falls below the limit again, without further attempts. */
  private freeAt({ start, previous, current }: Counts): number {
    const w = this.windowMs;
    // Still in this window, as the last window's weight runs out (previous > 0: else it would be allowed).
    if (current < this.limit) return start + w * (1 - (this.limit - current) / previous);
    // In the next window, as this one's weight runs out.
    return start + w + w * (1 - this.limit / current);
  }

  /** Deletes the keys whose counters no longer count (two windows old), from the oldest end. */
  private sweep(now: number) {
    for (const [key, counts] of this.keys) {
      // Keys are in order of last use and each expires within two windows of it: the first live
      // key ends the sweep, and none lingers more than two windows after its last use.
      if (now - counts.start < 2 * this.windowMs) break;
      this.keys.delete(key);
    }
    if (this.keys.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  /** Frees the memory of a limiter nobody hits any more; never keeps the process alive. */
  private startSweeper() {
    const timer = setInterval(() => this.sweep(this.now()), Math.min(Math.max(this.windowMs, 1_000), 60_000));
    timer.unref();
    return timer;
  }
}
