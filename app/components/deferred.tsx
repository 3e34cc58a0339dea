/**
 * A part of a page whose code arrives after the page (decision 043, amended): a form and conform
 * (10 KiB gzip) are not in the page's first-view JavaScript.
 *
 * The server draws the part in place like any other (entry.server.tsx waits for every part and
 * never moves one out of line), so the HTML is whole and the form posts without scripts. In the
 * browser the rest of the page comes to life first; the part is left as the server drew it (a
 * Suspense boundary React has not hydrated yet) until its module has arrived, and is then hydrated
 * over the same elements: what the player typed in the meantime stays, and a press before then is
 * a plain post, as without scripts. The module is fetched as soon as the route module runs in the
 * browser, so on a client-side navigation it is usually there before the page is drawn.
 *
 * The component keeps one identity for the part's whole life (it throws the pending import to the
 * boundary rather than switching between a lazy and a loaded component), so a part that has come
 * to life is never drawn anew because its module arrived.
 */
import { memo, Suspense, useCallback, useRef, type ComponentType } from "react";
import { announceLoading, useIsomorphicLayoutEffect } from "~/lib/client-ready";
import { usePageTranslation } from "~/i18n/translation";

/**
 * What a part drawn in the browser shows until its module is there: on a client-side navigation
 * that outran it, or in a route dialog, which the browser draws anew over the page. A part the
 * server drew keeps the server's markup instead.
 */
function Waiting() {
  const { t } = usePageTranslation();
  return (
    <p className="deferred-wait" role="status">
      {t("login_loading")}
    </p>
  );
}

export function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  let failed = false;
  const start = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      () => {
        failed = true;
      },
    ));
  if (typeof document !== "undefined") void start();

  function Part({ props, onAlive }: { props: P; onAlive: () => void }) {
    useIsomorphicLayoutEffect(() => onAlive(), [onAlive]);
    if (loaded) {
      const Loaded = loaded;
      return <Loaded {...props} />;
    }
    // A module that cannot be fetched (offline, a new build deployed): the part stays as the
    // server drew it, a form that posts as without scripts.
    if (failed) throw new Promise<never>(() => undefined);
    throw start();
  }

  function Deferred(props: P) {
    const alive = useRef(false);
    const release = useRef<(() => void) | null>(null);
    const onAlive = useCallback(() => {
      alive.current = true;
      release.current?.();
      release.current = null;
    }, []);
    // React hydrates the page's shell first and a server-drawn part later, whether or not its module
    // is there: from the shell's commit until the part has come to life the page says "loading"
    // (lib/client-ready.ts). This effect runs before the root's, which ends the page's own hold.
    useIsomorphicLayoutEffect(() => {
      if (!alive.current) release.current = announceLoading();
      void start().then(() => {
        if (failed) onAlive();
      });
      return onAlive;
    }, [onAlive]);
    return (
      <Suspense fallback={<Waiting />}>
        <Part props={props} onAlive={onAlive} />
      </Suspense>
    );
  }
  // `preload()` fetches the module now: for a test that draws the part with renderToString,
  // which cannot wait for it.
  return Object.assign(memo(Deferred), { preload: () => start() });
}
