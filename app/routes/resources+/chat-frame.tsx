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
import { createHash } from "node:crypto";
import { CHAT_FAILED_MARK } from "~/features/chat/chat";
import { chatGate, gateNotice, openChat, type ChatNotice } from "~/features/chat/chat.server";
import { HTML_LANG } from "~/i18n/config";
import { fixedT, getLocale } from "~/i18n/i18n.server";

const STYLE =
  "html,body{height:100%;margin:0}body{display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;" +
  "background:#f4f5f7;color:#111827;text-align:center;padding:16px;box-sizing:border-box}p{margin:0;max-width:32ch;line-height:1.5}";
const STYLE_HASH = `sha256-${createHash("sha256").update(STYLE).digest("base64")}`;
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff" };

async function failurePage(request: Request, notice: ChatNotice, status: number): Promise<Response> {
  const locale = await getLocale(request);
  const t = await fixedT(locale, "common");
  const text = escapeHtml(t(notice.key));
  const html = `<!doctype html>
<html lang="${HTML_LANG[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${text}</title><style>${STYLE}</style></head>
<body><p role="alert" ${CHAT_FAILED_MARK}="${escapeHtml(notice.key)}">${text}</p></body></html>`;
  return new Response(html, {
    status,
    headers: {
      ...PRIVATE,
      "Content-Type": "text/html; charset=utf-8",
      // Framed by the portal's own chat window only; every other portal page keeps 'none'.
      "Content-Security-Policy": `default-src 'none'; style-src '${STYLE_HASH}'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'`,
    },
  });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const gate = await chatGate(request, context);
  if (gate.kind !== "player") return failurePage(request, gateNotice(gate.kind), gate.kind === "guest" ? 401 : 403);
  const opened = await openChat(request, gate);
  // A chat that cannot open is not the portal failing: 200 with the words, never a 5xx.
  if ("notice" in opened) return failurePage(request, opened.notice, 200);
  return new Response(null, { status: 302, headers: { ...PRIVATE, Location: opened.url } });
}
