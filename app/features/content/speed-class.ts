/**
 * The speed test's rules (document 001, section 4), shared by the server's measurement and the
 * browser's: a plain module, since .server modules are empty in the browser.
 */

/** 0 is "unreachable"; up to 80 ms fast, 81–150 normal, over 150 slow. */
export type SpeedClass = "unreachable" | "fast" | "normal" | "slow";

export const FAST_MS = 80;
export const NORMAL_MS = 150;
/** The browser's first run waits this long after the page, so the page's own loads go first. */
export const FIRST_RUN_MS = 500;
/** A re-run shows the loader this long before timing again. */
export const RERUN_LOADER_MS = 1000;
/** A domain that has not answered by then counts as unreachable (the spec names no limit). */
export const SPEED_TIMEOUT_MS = 3000;

/** The class of a time in ms; anything not a positive number is unreachable. */
export function speedClass(ms: number): SpeedClass {
  if (!Number.isFinite(ms) || ms <= 0) return "unreachable";
  if (ms <= FAST_MS) return "fast";
  if (ms <= NORMAL_MS) return "normal";
  return "slow";
}

/**
 * A measured time in whole ms. A domain that answered is never 0 (0 means unreachable), however
 * fast a local answer is.
 */
export function answeredMs(elapsed: number): number {
  return Math.max(1, Math.round(elapsed));
}

/** The file timed on a domain, with a timestamp so that no cache answers for it. */
export function logoUrl(origin: string, timestamp: number): string {
  return `${origin}/res/logo.png?t=${timestamp}`;
}

/** One domain of the page: its origin (only http(s) origins get this far) and its time. */
export interface DomainSpeed {
  origin: string;
  /** What the page shows: the host, with its port when it has one. */
  name: string;
  ms: number;
}
