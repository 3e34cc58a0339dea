/**
 * The one opening of every action: a post from another site is refused (403), the body is read
 * as a form (400 when it is not one), the CSRF token is checked (403), and the route gets who
 * is posting: session, language, device id. `headers` already carries the device-id cookie
 * when this request made one; actions append to it and answer with it.
 *
 * tests/server/every-action.test.ts walks every route module that exports an action and proves
 * it refuses a post without the token and a cross-site post: an action that skips this
 * opening fails CI.
 */
import { getLocale } from "~/i18n/i18n.server";
import type { Features } from "~/lib/features";
import { bindOperator, type BoundOperator } from "~/operator/operator.server";
import { assertSameOrigin, validateCsrf } from "~/server/csrf.server";
import { deviceId, getSession, type PortalSession } from "~/server/session.server";
import type { Locale } from "~/i18n/config";

export interface ActionOpening {
  formData: FormData;
  session: PortalSession;
  locale: Locale;
  device: { id: string; setCookie: string | null };
  headers: Headers;
  /** Path and query the form was posted to: where a refused post goes back to. */
  path: string;
  /** The operator client bound to this post's player, language and device (and switches, when given). */
  operator(features?: Features): BoundOperator;
}

export interface OpeningOptions {
  /** The largest body this action takes; forms of text need far less than the default. */
  maxBytes?: number;
  /** Fields that may rightly come more than once (checkboxes); every other name keeps its first value. */
  repeatable?: readonly string[];
}

/** A form of text fields is a few kilobytes; a quarter of a megabyte leaves room and bounds memory. */
export const MAX_FORM_BYTES = 256 * 1024;
/** How much of a refused body is still read (and dropped) so the refusal can be delivered. */
const DRAIN_BYTES = 4 * 1024 * 1024;

export async function openAction(request: Request, context: unknown, options: OpeningOptions = {}): Promise<ActionOpening> {
  try {
    assertSameOrigin(request);
  } catch (refusal) {
    // The body is read (and dropped) before the answer: a server that answers and closes with
    // unread bytes on the socket resets it, and the browser shows a network error, not our page.
    await readCapped(request, options.maxBytes ?? MAX_FORM_BYTES).catch(() => {});
    throw refusal;
  }
  const formData = await readForm(request, options);
  return finishOpening(request, context, formData);
}

/**
 * The rest of an opening once the body is read (openAction here, openUploadAction in
 * upload.server.ts): who is posting, and the CSRF token of the form.
 */
export async function finishOpening(request: Request, context: unknown, formData: FormData): Promise<ActionOpening> {
  const [session, locale, device] = await Promise.all([getSession(request), getLocale(request), deviceId(request, context)]);
  await validateCsrf(formData, request, session);
  const headers = new Headers();
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  return {
    formData,
    session,
    locale,
    device,
    headers,
    path: `${new URL(request.url).pathname}${new URL(request.url).search}`,
    operator: (features) => bindOperator(session, locale, device.id, features),
  };
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** A refusal of the body itself: the root's error page shows it in the player's language. */
export function refuse(status: 400 | 413 | 415, text: string): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", Connection: "close" } });
}

/**
 * The posted fields. A body that is not a form, is larger than the action takes, or cannot be
 * parsed is the sender's mistake (4xx), never the server's. The body is read with a cap, so a
 * huge post costs at most `maxBytes` of memory; a name sent twice keeps its first value (a
 * second `username` or `csrf` has no meaning a form of ours gives it).
 */
async function readForm(request: Request, options: OpeningOptions): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const maxBytes = options.maxBytes ?? MAX_FORM_BYTES;
  if (!FORM_TYPES.has(contentType.split(";")[0].trim().toLowerCase())) {
    await readCapped(request, maxBytes).catch(() => {});
    throw refuse(415, "This address takes form posts only.");
  }
  const declared = Number(request.headers.get("Content-Length"));
  if (declared > DRAIN_BYTES) throw refuse(413, "The form is too large.");
  const body = await readCapped(request, maxBytes);
  let parsed: FormData;
  try {
    parsed = await new Response(body as unknown as BodyInit, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw refuse(400, "The form could not be read. Go back, reload the page and try again.");
  }
  const repeatable = new Set(options.repeatable ?? []);
  const form = new FormData();
  for (const [name, value] of parsed) {
    if (!repeatable.has(name) && form.has(name)) continue;
    form.append(name, value);
  }
  return form;
}

/**
 * Reads the body, keeping at most `maxBytes`. Past the cap it goes on reading and dropping, up
 * to DRAIN_BYTES, so that the refusal reaches the sender (a socket closed with unread bytes is
 * reset, and the browser would show a network error instead of the page); a body beyond that
 * is cut off.
 */
export async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size <= maxBytes) chunks.push(value);
      else if (size > DRAIN_BYTES) break;
    }
  } catch {
    throw refuse(400, "The form could not be read. Go back, reload the page and try again.");
  }
  if (size > maxBytes) {
    if (size > DRAIN_BYTES) void reader.cancel().catch(() => {});
    throw refuse(413, "The form is too large.");
  }
  return Buffer.concat(chunks);
}
