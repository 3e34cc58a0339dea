/**
 * The speed test in the browser (document 001, section 4): 500 ms after the page, each domain's
 * /res/logo.png is loaded as an image with a timestamp and timed; "test again" shows the loader
 * for 1 s, then times again. An image needs no CORS answer from the domain, and the page's CSP
 * names the listed origins in img-src (speed-test.tsx's headers).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { answeredMs, FIRST_RUN_MS, logoUrl, RERUN_LOADER_MS, SPEED_TIMEOUT_MS, type DomainSpeed } from "~/features/content/speed-class";

/**
 * The time of one image load in ms, 0 when it failed or took longer than the timeout. The
 * browser's own resource timing is preferred: it counts the request alone, not the wait for this
 * script's turn, and it keeps real time when a test fakes the page's clock.
 */
export function timeInBrowser(origin: string, timeoutMs = SPEED_TIMEOUT_MS): Promise<number> {
  return new Promise((resolve) => {
    const url = logoUrl(origin, Date.now());
    const image = new Image();
    const started = performance.now();
    const done = (ms: number) => {
      clearTimeout(timer);
      image.onload = image.onerror = null;
      // Stops a load still under way (a domain past its timeout).
      image.src = "";
      resolve(ms);
    };
    const timer = setTimeout(() => done(0), timeoutMs);
    image.onload = () => {
      const entry = performance.getEntriesByName(url).at(-1);
      done(answeredMs(entry && entry.duration > 0 ? entry.duration : performance.now() - started));
    };
    image.onerror = () => done(0);
    image.src = url;
  });
}

export type SpeedSource = "server" | "browser";

export interface SpeedTestState {
  domains: (DomainSpeed & { timing: boolean })[];
  source: SpeedSource;
  /** The re-run's loader is showing. */
  loading: boolean;
  testAgain(): void;
}

/** The page's figures: the server's at first, then the browser's own. */
export function useSpeedTest(fromServer: readonly DomainSpeed[]): SpeedTestState {
  const [domains, setDomains] = useState(() => fromServer.map((d) => ({ ...d, timing: false })));
  const [source, setSource] = useState<SpeedSource>("server");
  const [loading, setLoading] = useState(false);
  // A run that a newer one replaced must not write its figures over the newer ones.
  const run = useRef(0);

  const timeAll = useCallback(() => {
    const id = ++run.current;
    setDomains((current) => current.map((d) => ({ ...d, timing: true })));
    for (const { origin } of fromServer) {
      void timeInBrowser(origin).then((ms) => {
        if (run.current !== id) return;
        setSource("browser");
        setDomains((current) => current.map((d) => (d.origin === origin ? { ...d, ms, timing: false } : d)));
      });
    }
  }, [fromServer]);

  useEffect(() => {
    setDomains(fromServer.map((d) => ({ ...d, timing: false })));
    setSource("server");
    const first = setTimeout(timeAll, FIRST_RUN_MS);
    const runs = run;
    return () => {
      clearTimeout(first);
      runs.current++;
    };
  }, [fromServer, timeAll]);

  const loaderTimer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(loaderTimer.current), []);

  const testAgain = useCallback(() => {
    clearTimeout(loaderTimer.current);
    run.current++;
    setLoading(true);
    loaderTimer.current = setTimeout(() => {
      setLoading(false);
      timeAll();
    }, RERUN_LOADER_MS);
  }, [timeAll]);

  return { domains, source, loading, testAgain };
}
