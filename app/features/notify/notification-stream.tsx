/**
 * The player's real-time messages in the page (document 002 §4, decision 051): one EventSource
 * on /resources/notifications while a player's page is open. Each message is a toast, and what it
 * changes is read again: the unread badge (INBOX), the reward centre's badge (MANUAL_PROMO,
 * PROMOTION_CLAIM), the balance (DEPOSIT, WITHDRAW, agent transfers) and the waiting receipts,
 * whose dialog then opens by itself (PAYMENT_CONFIRMATION). A speed-test task is run and reported.
 *
 * A stream that breaks (a dropped connection, a phone asleep, a portal restarting) is opened again
 * by the page, naming the last message it had so that the portal sends again what the broken
 * connection may have swallowed: after a back-off while the page is shown, and at once when a
 * hidden page is shown again. A refused one (401 after a logout elsewhere, 204 without a broker)
 * is tried a few times, then left until the page is shown again.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { usePageTranslation } from "~/i18n/translation";
import { CHANGES_FIGURES, readPlayerMessage, readSpeedTestTask, toastFor, type PlayerMessage } from "~/features/notify/messages";
import { useToasts } from "~/features/notify/toasts";
import { runSpeedTestTask } from "~/features/notify/speed-test-run";
import type { MerchantCurrency } from "~/lib/money-format";

export const STREAM_PATH = "/resources/notifications";
export const REPORT_PATH = "/resources/speed-test-task";
/** Ids of the messages a page remembers having shown. */
const HAD = 50;
/** Opening the stream again after it broke: 1 s, doubling to 30 s, six times; then when the page is shown again. */
const RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
const MAX_RETRIES = 6;

/** Shows a message as a toast: the kept ones a page brings and the stream's alike. */
export function useShowMessage(money?: MerchantCurrency): (message: PlayerMessage) => void {
  const { t } = usePageTranslation("common");
  const { show } = useToasts();
  return (message) => {
    const spec = toastFor(message, (key, values) => t(key, values), money);
    if (spec) show(spec);
  };
}

export function NotificationStream({ open, money }: { open: boolean; money?: MerchantCurrency }) {
  const showMessage = useShowMessage(money);
  const revalidator = useRevalidator();
  const csrf = useAuthenticityToken();
  // The handlers read the latest of these without opening the stream again.
  const latest = useRef({ showMessage, revalidator, csrf });
  latest.current = { showMessage, revalidator, csrf };

  useEffect(() => {
    if (!open || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    // The messages this page has had, newest last: a stream opened again names the last one, and
    // what it sends again that the page already has is not shown twice.
    const had: string[] = [];
    const leaving = new AbortController();
    const onNotice = (event: MessageEvent<string>) => {
      let value: unknown;
      try {
        value = JSON.parse(event.data);
      } catch {
        return;
      }
      const message = readPlayerMessage(value);
      if (message) {
        if (had.includes(message.id)) return;
        had.push(message.id);
        if (had.length > HAD) had.shift();
        latest.current.showMessage(message);
        // Always: a revalidation already under way may have read the figures before this message.
        if (CHANGES_FIGURES.has(message.type)) latest.current.revalidator.revalidate();
        return;
      }
      const task = readSpeedTestTask(value);
      const proof = (value as { proof?: unknown }).proof;
      if (task && typeof proof === "string") {
        void runSpeedTestTask(task, leaving.signal).then((result) => {
          const body = new URLSearchParams({ csrf: latest.current.csrf, taskId: task.taskId, proof, ...stringified(result) });
          return fetch(REPORT_PATH, { method: "POST", body, keepalive: true }).catch(() => undefined);
        });
      }
    };
    const connect = () => {
      clearTimeout(retry);
      source?.close();
      const last = had.at(-1);
      const opened = new EventSource(last ? `${STREAM_PATH}?after=${encodeURIComponent(last)}` : STREAM_PATH);
      source = opened;
      opened.addEventListener("notice", onNotice as EventListener);
      opened.addEventListener("open", () => (failures = 0));
      opened.addEventListener("error", () => {
        // The browser would come back by itself, but without naming the last message this page
        // had: the page comes back instead, with a back-off, and not while it is hidden.
        opened.close();
        if (source !== opened || document.visibilityState === "hidden" || failures >= MAX_RETRIES) return;
        retry = setTimeout(connect, Math.min(MAX_RETRY_MS, RETRY_MS * 2 ** failures++));
      });
    };
    const onShown = () => {
      if (document.visibilityState !== "visible" || source?.readyState !== EventSource.CLOSED) return;
      failures = 0;
      connect();
    };
    const onLeave = () => leaving.abort();
    connect();
    document.addEventListener("visibilitychange", onShown);
    window.addEventListener("pagehide", onLeave);
    return () => {
      clearTimeout(retry);
      document.removeEventListener("visibilitychange", onShown);
      window.removeEventListener("pagehide", onLeave);
      source?.close();
    };
  }, [open]);
  return null;
}

const stringified = (result: { success: boolean; elapsed: number; message: string }) => ({
  success: String(result.success),
  elapsed: String(result.elapsed),
  message: result.message,
});
