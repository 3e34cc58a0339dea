/**
 * A speed-test task run in the browser (document 002 §4 and §9, decision 051): the ping file of
 * the task's domain, /res/logo.png with a timestamp so no cache answers, loaded as an image and
 * timed against the task's threshold. An image needs no CORS answer from the domain and passes
 * the page's CSP (img-src https:), where fetch() would need both; the price is that an image
 * does not say its HTTP status, so a domain that answers an error is a "Network error".
 */
import { logoUrl } from "~/features/content/speed-class";
import type { SpeedTestTask } from "~/features/notify/messages";

export interface SpeedTestResult {
  success: boolean;
  /** Whole ms, 0 when nothing answered. */
  elapsed: number;
  message: string;
}

/** The origin the task names: its own scheme when it has one, else the page's. */
export function taskOrigin(domain: string, pageProtocol: string): string {
  const bare = domain.replace(/\/$/, "");
  return /^https?:\/\//i.test(bare) ? bare : `${pageProtocol}//${bare}`;
}

export const timeoutMessage = (elapsed: number, threshold: number) => `Request timeout: ${elapsed} ms > ${threshold} ms`;

/**
 * Times the task. `abort` ends a run the page leaves (pagehide): "Request aborted". The browser's
 * resource timing is preferred to the script's clock, as on the speed-test page.
 */
export function runSpeedTestTask(task: SpeedTestTask, abort?: AbortSignal): Promise<SpeedTestResult> {
  return new Promise((resolve) => {
    let image: HTMLImageElement | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = performance.now();
    const finish = (result: SpeedTestResult) => {
      clearTimeout(timer);
      abort?.removeEventListener("abort", onAbort);
      if (image) {
        image.onload = image.onerror = null;
        image.src = "";
      }
      resolve(result);
    };
    const onAbort = () => finish({ success: false, elapsed: Math.round(performance.now() - started), message: "Request aborted" });
    try {
      if (abort?.aborted) return onAbort();
      abort?.addEventListener("abort", onAbort);
      const url = logoUrl(taskOrigin(task.domain, location.protocol), Date.now());
      image = new Image();
      timer = setTimeout(() => {
        finish({ success: false, elapsed: 0, message: timeoutMessage(Math.ceil(performance.now() - started), task.timeoutThreshold) });
      }, task.timeoutThreshold);
      image.onload = () => {
        const entry = performance.getEntriesByName(url).at(-1);
        const elapsed = Math.max(1, Math.round(entry && entry.duration > 0 ? entry.duration : performance.now() - started));
        finish(
          elapsed > task.timeoutThreshold
            ? { success: false, elapsed, message: timeoutMessage(elapsed, task.timeoutThreshold) }
            : { success: true, elapsed, message: "OK" },
        );
      };
      image.onerror = () => finish({ success: false, elapsed: 0, message: "Network error" });
      image.src = url;
    } catch {
      finish({ success: false, elapsed: 0, message: "Unexpected error" });
    }
  });
}
