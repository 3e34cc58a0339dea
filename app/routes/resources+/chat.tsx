/**
 * /resources/chat: the floating chat button's state (decision 048), read by the widget after the
 * page has drawn — so a slow or failing chat costs the page nothing: whether this player may
 * chat, and the unread count. `fresh=1` (the window closed) reads the count again.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { chatGate, forgetChatUnread, loadChatUnread } from "~/features/chat/chat.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  const gate = await chatGate(request, context);
  if (gate.kind !== "player") return json({ open: false, unread: null }, { headers });
  if (new URL(request.url).searchParams.get("fresh") === "1") forgetChatUnread(gate.operator);
  return json({ open: true, unread: await loadChatUnread(request, gate.operator) }, { headers });
}
