/**
 * The player's real-time messages in the page (document 002 §4, decision 051): one EventSource
 * on /resources/notifications while a player's page is open. Each message is a toast, and what it
 * changes is read again: the unread badge (INBOX), the reward centre's badge (MANUAL_PROMO,
 * PROMOTION_CLAIM), the balance (DEPOSIT, WITHDRAW, agent transfers) and the waiting receipts,
 * whose dialog then opens by itself (PAYMENT_CONFIRMATION). A speed-test task is run and reported.
 *
 * EventSource comes back by itself after a dropped connection; one the server ended (a 204, a
 * 401) or the browser closed while the phone slept is opened again when the page is shown again.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { usePageTranslation } from "~/i18n/translation";
import { readPlayerMessage, readSpeedTestTask, toastFor, type PlayerMessage, type PlayerMessageType } from "~/features/notify/messages";
import { useToasts } from "~/features/notify/toasts";
import { runSpeedTestTask } from "~/features/notify/speed-test-run";
import type { MerchantCurrency } from "~/lib/money-format";

export const STREAM_PATH = "/resources/notifications";
export const REPORT_PATH = "/resources/speed-test-task";

/** The messages after which the page's data is read again (badges, balance, receipts). */
const REVALIDATES: ReadonlySet<PlayerMessageType> = new Set([
  "INBOX",
  "MANUAL_PROMO",
  "PROMOTION_CLAIM",
  "DEPOSIT",
  "WITHDRAW",
  "AGENT_TRANSFER_AGENT_TO_DOWNLINE",
  "AGENT_TRANSFER_DOWNLINE_TO_AGENT",
  "PAYMENT_CONFIRMATION",
]);

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
        latest.current.showMessage(message);
        // Always: a revalidation already under way may have read the figures before this message.
        if (REVALIDATES.has(message.type)) latest.current.revalidator.revalidate();
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
      source?.close();
      source = new EventSource(STREAM_PATH);
      source.addEventListener("notice", onNotice as EventListener);
    };
    const onShown = () => {
      if (document.visibilityState === "visible" && source?.readyState === EventSource.CLOSED) connect();
    };
    const onLeave = () => leaving.abort();
    connect();
    document.addEventListener("visibilitychange", onShown);
    window.addEventListener("pagehide", onLeave);
    return () => {
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
