/**
 * A frame the server opens and hands to another site (the chat, decision 048; the mini-game,
 * decision 049): the 302 that keeps its ticket out of every page, loader data and address of the
 * portal's own history (`no-store` keeps it out of caches, `no-referrer` out of the next request),
 * the small page of the portal that says why it could not open (framed by the portal only,
 * without script; the widget reads its mark, same origin), and the few origins the pages that show
 * the frame add to frame-src.
 */
import { redirect } from "@remix-run/node";
import { createHash } from "node:crypto";
import { loadFeatures } from "~/features/site/site.server";
import { HTML_LANG, type Locale } from "~/i18n/config";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import type { Features } from "~/lib/features";
import { TRIAL_ACCOUNT } from "~/server/gate.server";
import { deviceId, getSession, type PortalSession } from "~/server/session.server";

const STYLE =
  "html,body{height:100%;margin:0}body{display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;" +
  "background:#f4f5f7;color:#111827;text-align:center;padding:16px;box-sizing:border-box}p{margin:0;max-width:32ch;line-height:1.5}";
const STYLE_HASH = `sha256-${createHash("sha256").update(STYLE).digest("base64")}`;
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff" };

export type FrameMember =
  | { kind: "guest" }
  | { kind: "trial" }
  | { kind: "unavailable" }
  | { kind: "member"; session: PortalSession; locale: Locale; deviceId: string; features: Features };

/**
 * The gates every handed-off frame opens with: a token (else log in first), a forced password
 * change before anything, not a trial account, and the merchant's switches read (unavailable
 * when they cannot be). Each frame then checks its own switch.
 */
export async function frameMember(request: Request, context: unknown): Promise<FrameMember> {
  const session = await getSession(request);
  if (!session.get("token")) return { kind: "guest" };
  if (session.get("cpw")) throw redirect("/change-password", 303);
  if (Number(session.get("isAgent") ?? 0) === TRIAL_ACCOUNT) return { kind: "trial" };
  const [locale, device] = await Promise.all([getLocale(request), deviceId(request, context)]);
  const features = await loadFeatures(locale).catch(() => null);
  if (!features) return { kind: "unavailable" };
  return { kind: "member", session, locale, deviceId: device.id, features };
}

/** The hand-off itself. */
export function handoffRedirect(url: string): Response {
  return new Response(null, { status: 302, headers: { ...PRIVATE, Location: url } });
}

/**
 * The page that says why the frame could not open: the message of `key` in the visitor's language
 * (or the operator's own `text`), marked with `mark` = key for the widget.
 */
export async function handoffFailure(
  request: Request,
  mark: string,
  notice: { key: string; text?: string },
  status: number,
): Promise<Response> {
  const locale = await getLocale(request);
  const text = escapeHtml(notice.text ?? (await fixedT(locale, "common"))(notice.key));
  const html = `<!doctype html>
<html lang="${HTML_LANG[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${text}</title><style>${STYLE}</style></head>
<body><p role="alert" ${mark}="${escapeHtml(notice.key)}">${text}</p></body></html>`;
  return new Response(html, {
    status,
    headers: {
      ...PRIVATE,
      "Content-Type": "text/html; charset=utf-8",
      // Framed by the portal's own widget only; every other portal page keeps 'none'.
      "Content-Security-Policy": `default-src 'none'; style-src '${STYLE_HASH}'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'`,
    },
  });
}

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/;

/**
 * The origins a frame was handed to, newest last, a few at most (a merchant's frame has one
 * address; a few are kept in case it moves). Per process: a process that has not opened the frame
 * yet names none, and the page relies on the origins frame-src names anyway.
 */
export function originNotes(max = 4) {
  const origins = new Set<string>();
  return {
    note(origin: string): void {
      if (!ORIGIN.test(origin)) return;
      origins.delete(origin);
      origins.add(origin);
      if (origins.size > max) origins.delete(origins.values().next().value!);
    },
    get size(): number {
      return origins.size;
    },
    list: (): string[] => [...origins],
  };
}
