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
