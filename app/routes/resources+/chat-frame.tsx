/**
 * /resources/chat-frame: what the chat's frame loads (decision 048). The server opens the chat
 * (the operator's address, and the live-chat provider's token) and answers a 302 to it, so the
 * token is in no page, no loader data and no address of the portal's own history; `no-store`
 * keeps the redirect out of caches and `no-referrer` keeps the address from the next request.
 * When the chat cannot open, a small page of the portal says why in the frame — framed by the
 * portal only, without script — and the widget, which can read it (same origin), closes the
 * window and shows the same words.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { CHAT_FAILED_MARK } from "~/features/chat/chat";
import { chatGate, gateNotice, openChat } from "~/features/chat/chat.server";
import { handoffFailure, handoffRedirect } from "~/server/frame-handoff.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const gate = await chatGate(request, context);
  if (gate.kind !== "player") return handoffFailure(request, CHAT_FAILED_MARK, gateNotice(gate.kind), gate.kind === "guest" ? 401 : 403);
  const opened = await openChat(request, gate);
  // A chat that cannot open is not the portal failing: 200 with the words, never a 5xx.
  if ("notice" in opened) return handoffFailure(request, CHAT_FAILED_MARK, opened.notice, 200);
  return handoffRedirect(opened.url);
}
