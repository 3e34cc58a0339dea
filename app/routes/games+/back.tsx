/**
 * /games/back?to=…: where an in-page game's own Back button goes (decision 038). The game's
 * frame loads this page, so it is the one portal page that may be framed (by the portal only)
 * and it runs no script: with scripts the page around the frame sees it arrive and goes to `to`
 * itself (game-frame.tsx); without, its one link leaves the frame (target=_top, which the
 * frame's sandbox allows on the player's click).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createHash } from "node:crypto";
import { HTML_LANG } from "~/i18n/config";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { safeRedirect } from "~/lib/safe-redirect";

const STYLE =
  "html,body{height:100%;margin:0}body{display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;" +
  "background:#0b1020;color:#f3f4f6;text-align:center;padding:16px;box-sizing:border-box}p{margin:0 0 16px}" +
  "a{display:inline-block;color:#0b1020;background:#f5b400;padding:10px 24px;border-radius:8px;font-weight:700;text-decoration:none}" +
  "a:focus-visible{outline:3px solid #fff;outline-offset:2px}";
const STYLE_HASH = `sha256-${createHash("sha256").update(STYLE).digest("base64")}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function loader({ request }: LoaderFunctionArgs) {
  const to = safeRedirect(new URL(request.url).searchParams.get("to"), "/");
  const locale = await getLocale(request);
  const t = await fixedT(locale, "games");
  const html = `<!doctype html>
<html lang="${HTML_LANG[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(t("seamless_left"))}</title><style>${STYLE}</style></head>
<body><main><p>${escapeHtml(t("seamless_left"))}</p><a href="${escapeHtml(to)}" target="_top" data-testid="game-back">${escapeHtml(t("seamless_back"))}</a></main></body></html>`;
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      // Framed by the portal's own in-page game only; every other portal page keeps 'none'.
      "Content-Security-Policy": `default-src 'none'; style-src '${STYLE_HASH}'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'`,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "same-origin",
    },
  });
}
