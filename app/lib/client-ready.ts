/**
 * `<html data-client-checks="loading|ready">`: whether what the page's forms load after the page
 * (their code, decision 043's deferred parts, and their checks) is still on its way. A test, or a
 * script, that waits for the page to come to life waits for "ready" too.
 */
import { useEffect, useLayoutEffect } from "react";

let loading = 0;

/** Marks one more thing as loading; the answer marks it arrived (call it once). */
export function announceLoading(): () => void {
  loading++;
  document.documentElement.dataset.clientChecks = "loading";
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--loading === 0) document.documentElement.dataset.clientChecks = "ready";
  };
}

/** A layout effect in the browser (set before the browser paints), nothing on the server. */
export const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

let hydrating: (() => void) | null = null;

/**
 * entry.client's, before it hydrates: the page says "loading" until its first commit, so that
 * nothing can read the page as ready between React attaching to its last element and the commit
 * in which the forms announce what they still load.
 */
export function holdUntilHydrated() {
  hydrating = announceLoading();
}

/** The root layout's: its layout effect runs after every part's own in the first commit. */
export function useHydrationDone() {
  useIsomorphicLayoutEffect(() => {
    hydrating?.();
    hydrating = null;
  }, []);
}
