/**
 * A root part that most views do not draw (a login's pop-ups, the bonus card): its module is
 * fetched only when a view has something for it, so it is in no page's first-view JavaScript.
 * The server draws it in place (entry.server.tsx waits for every part) and React hydrates it
 * when the module has arrived; until then the server's markup stands. Once drawn it stays
 * mounted, so a revalidation that no longer carries its data leaves the part to decide (a
 * dialog is not taken from under the player).
 */
import { lazy, Suspense, useRef, type ComponentType } from "react";

export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, present: (props: P) => boolean) {
  // (lazy's own props type wraps P in ref attributes these parts do not take)
  const Part = lazy(() => load().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  return function OnDemand(props: P) {
    const drawn = useRef(false);
    if (present(props)) drawn.current = true;
    if (!drawn.current) return null;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}
