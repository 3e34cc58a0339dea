/**
 * /resources/mini-game-frame?game=LOTT|SEA: what the mini-game's frame loads (decision 049). The
 * server runs the gates and launches the lottery's mini view, then answers a 302 to the
 * operator's mini page, so its ticket is in no page, no loader data and no address of the
 * portal's own history (`no-store`, `no-referrer`, as the chat's frame). When it cannot open, a
 * small page of the portal says why in the frame, without script; never a 5xx.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createHash } from "node:crypto";
import { isMiniGame, MINI_GAME_FAILED_MARK } from "~/features/mini-game/mini-game";
import { miniGameGate, miniGameNotice, openMiniGame } from "~/features/mini-game/mini-game.server";
import { HTML_LANG } from "~/i18n/config";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import type { Notice } from "~/operator/errors";

const STYLE =
  "html,body{height:100%;margin:0}body{display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;" +
  "background:#f4f5f7;color:#111827;text-align:center;padding:16px;box-sizing:border-box}p{margin:0;max-width:32ch;line-height:1.5}";
const STYLE_HASH = `sha256-${createHash("sha256").update(STYLE).digest("base64")}`;
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff" };

async function failurePage(request: Request, notice: Notice, status: number): Promise<Response> {
  const locale = await getLocale(request);
  const t = await fixedT(locale, "common");
  const key = "key" in notice ? notice.key : "mini_game_failed";
  const text = escapeHtml("key" in notice ? t(notice.key) : notice.text);
  const html = `<!doctype html>
<html lang="${HTML_LANG[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${text}</title><style>${STYLE}</style></head>
<body><p role="alert" ${MINI_GAME_FAILED_MARK}="${escapeHtml(key)}">${text}</p></body></html>`;
  return new Response(html, {
    status,
    headers: {
      ...PRIVATE,
      "Content-Type": "text/html; charset=utf-8",
      // Framed by the portal's own mini-game only; every other portal page keeps 'none'.
      "Content-Security-Policy": `default-src 'none'; style-src '${STYLE_HASH}'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'`,
    },
  });
}

const GATE_STATUS = { guest: 401, trial: 403, off: 404, unavailable: 200 } as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get("game");
  const game = isMiniGame(asked) ? asked : null;
  const gate = await miniGameGate(request, context, game);
  if (gate.kind !== "player") return failurePage(request, miniGameNotice(gate.kind), GATE_STATUS[gate.kind]);
  const opened = await openMiniGame(request, gate, game!);
  // A mini-game that cannot open is not the portal failing: 200 with the words, never a 5xx.
  if ("notice" in opened) return failurePage(request, opened.notice, 200);
  return new Response(null, { status: 302, headers: { ...PRIVATE, Location: opened.url } });
}
