/**
 * The inbox (messageV2, document 002 sections 2 and 4): the unread count of the last 7 days,
 * asked at most every 500 ms per player (the spec's throttle) since the header draws it on every
 * page, and the message list a page at a time.
 */
import type { Features } from "~/lib/features";
import { quietly, type BoundOperator } from "~/operator/operator.server";
import { playerMemo } from "~/server/state/memo.server";

export const INBOX_PAGE_SIZE = 10;
const UNREAD_THROTTLE_MS = 500;
const unreadByPlayer = playerMemo<number | null>(UNREAD_THROTTLE_MS);

/** The mail centre shows when both its switches are on. */
export const mailOn = (features: Pick<Features, "has">) => features.has("INBOX3") && features.has("MAILCEN");

export async function loadUnreadCount(request: Request, operator: BoundOperator): Promise<number | null> {
  const key = operator.context.clientKey ?? operator.context.token ?? "";
  // On a message's address the count is of after its reading (see readOpenedMessage).
  const opened = openedMessageId(request);
  if (opened) await readOpenedMessage(request, operator, opened).catch(() => null);
  const load = () => quietly(request, operator.call("unreadCount"));
  return key ? unreadByPlayer.get(key, load) : load();
}

const MESSAGE_PATH = /^\/member\/messageV2\/(\d{1,18})\/?$/;

/** The message a request opens (/member/messageV2/<id>), if any. */
export function openedMessageId(request: Request): string | null {
  return MESSAGE_PATH.exec(new URL(request.url).pathname)?.[1] ?? null;
}

const readCall = (operator: BoundOperator, id: string) => operator.call("readMessage", { body: { id: Number(id) } });
const readsByRequest = new WeakMap<Request, ReturnType<typeof readCall>>();

/**
 * Opening a message reads it (marks it read at the operator), once per request. A page load
 * without scripts runs the root's unread count, the inbox list and the message in one request and
 * in parallel: the count and the list wait for this reading, so they show the message read. With
 * scripts each is its own request (the root and the list are asked again when a message opens,
 * refreshesUnread) and each reads first; reading twice changes nothing (decision 029).
 */
export function readOpenedMessage(request: Request, operator: BoundOperator, id: string): ReturnType<typeof readCall> {
  let reading = readsByRequest.get(request);
  if (!reading) {
    reading = readCall(operator, id);
    readsByRequest.set(request, reading);
    reading.then(
      () => forgetUnreadCount(operator.context.clientKey ?? operator.context.token ?? undefined),
      () => undefined,
    );
  }
  return reading;
}

/** After a message is read the count is asked again. */
export function forgetUnreadCount(key: string | undefined): void {
  if (key) unreadByPlayer.forget(key);
}

/** "2026-11-22 18:30" on the operators' clock (UTC+8): the same on the server and in the browser. */
export function sendTimeText(value: number | string | null | undefined): string {
  const ms =
    typeof value === "number" ? value : typeof value === "string" ? (/^\d+$/.test(value) ? Number(value) : Date.parse(value)) : NaN;
  return Number.isFinite(ms) ? new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace("T", " ") : "";
}
