/**
 * /resources/chat: the floating chat button's state (decision 048), read by the widget after the
 * page has drawn — so a slow or failing chat costs the page nothing: whether this player may
 * chat, and the unread count. `fresh=1` (the window closed) reads the count again. A post keeps
 * the corner the button was moved to (a preference of this browser, like the tool bar's).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { chatGate, forgetChatUnread, loadChatUnread } from "~/features/chat/chat.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { openAction } from "~/server/action.server";
import { chatCorner } from "~/server/preferences.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  const gate = await chatGate(request, context);
  if (gate.kind !== "player") return json({ open: false, unread: null }, { headers });
  if (new URL(request.url).searchParams.get("fresh") === "1") forgetChatUnread(gate.operator);
  return json({ open: true, unread: await loadChatUnread(request, gate.operator) }, { headers });
}

/** The widget posts to ?stay and stays; a plain post goes back (anything else is no change). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, headers } = await openAction(request, context, { maxBytes: 8 * 1024 });
  const kept = await chatCorner.keep(formData.get("corner"));
  if (kept) headers.append("Set-Cookie", kept);
  if (new URL(request.url).searchParams.has("stay")) return new Response(null, { status: 204, headers });
  return redirect(safeRedirect(formData.get("back"), "/"), { status: 303, headers });
}
