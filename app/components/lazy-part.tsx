/**
 * A shared fragment's part (decision 041) as the browser draws it: only when a key is new to the
 * page (a client-side visit, a login in the pop-up), never while the page hydrates, since the
 * document brought its markup. So its code is in no page's first-view JavaScript: the module is
 * fetched once the page has hydrated and the browser is idle, and is there by the time a
 * client-side visit draws the part. Should a visit come sooner, Suspense leaves the part's place
 * empty for the moment the module takes.
 *
 * On the server the part is drawn from the same lazy component inside the streamed render, which
 * waits for every part (entry.server.tsx); a loader that stores the markup (ensureFragment, a
 * static render that cannot wait) imports the component itself from a `.server` module, so the
 * route's browser chunk does not bring it back.
 */
import { lazy, Suspense, useEffect, type ComponentType } from "react";

/** Every part's fetch, in the order their modules were evaluated. */
const parts: (() => Promise<unknown>)[] = [];
let hydrated = false;

function whenIdle(run: () => void) {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(run, { timeout: 2000 });
  else window.setTimeout(run, 200);
}

/** Fetches every part's module (a failed one is left for its next draw); the tests of a drawn shell wait for it. */
export async function loadParts(): Promise<void> {
  await Promise.all(parts.map((fetch) => fetch().catch(() => undefined)));
}

/** The root layout's: from its first commit on, the parts' modules are fetched when the browser is idle. */
export function usePrefetchParts() {
  useEffect(() => {
    if (hydrated) return;
    hydrated = true;
    whenIdle(() => void loadParts());
  }, []);
}

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const fetchModule = () => {
    // A failed fetch (the network dropped) is tried again by the next draw, not remembered.
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  parts.push(fetchModule);
  // A module evaluated after the page hydrated (a client-side visit's route) fetches its parts at the next idle time.
  if (hydrated) whenIdle(() => void fetchModule().catch(() => undefined));
  // (lazy's own props type wraps P in ref attributes these parts do not take)
  const Part = lazy(fetchModule) as unknown as ComponentType<P>;
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}
