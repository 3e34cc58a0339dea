/**
 * The portal's TTLs, throttles and limiters (player-memo, the operator client's cache and
 * breaker, the rate limiters, the once keys) read Date.now() at each call: that is their clock,
 * and a test moves it past them instead of sleeping. Only Date is faked — timers, sockets and
 * the reference operator's I/O stay real — and it keeps running from where it was moved.
 * A test file that moves the clock puts it back with `afterEach(() => vi.useRealTimers())`.
 */
import { vi } from "vitest";

export function moveClock(ms: number): void {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + ms);
}
