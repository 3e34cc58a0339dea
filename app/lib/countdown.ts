import { useEffect, useState } from "react";

/**
 * Seconds left of a countdown that the server started (the SMS resend block), ticking once a
 * second in the browser. `startedWith` changes when the server answers again, which restarts it.
 * Without scripts nothing ticks: the page shows the server's figure and the server still refuses.
 */
export function useCountdown(startedWith: number, restartKey?: unknown): number {
  const [left, setLeft] = useState(startedWith);
  useEffect(() => {
    setLeft(startedWith);
    if (startedWith <= 0) return;
    const endsAt = Date.now() + startedWith * 1000;
    const timer = setInterval(() => {
      const next = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [startedWith, restartKey]);
  return left;
}

/** True once React has hydrated: parts that only make sense with scripts render after this. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
