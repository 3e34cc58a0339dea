/**
 * The one opening of every action: a post from another site is refused (403), a post without
 * the CSRF cookie too (403, before its body is read), the body is read as a form (400 when it is
 * not one, 413 past its size or field count), the CSRF token is checked (403), and the route
 * gets who is posting: session, language, device id. `headers` already carries the device-id
 * cookie when this request made one; actions append to it and answer with it.
 *
 * A refused body is not read here: the Express floor (server/app.ts, `dropUnreadBody`) reads
 * and drops what is left once the answer is sent, so the refusal reaches the sender and no
 * refused byte is held.
 *
 * An action for a player (the member and agent centres, contracts) opens with openPlayerAction
 * (app/server/gate.server.ts): this opening, then the page's gate on the session read here.
 *
 * tests/server/every-action.test.ts walks every route module that exports an action and proves
 * it refuses a post without the token and a cross-site post: an action that skips this
 * opening fails CI.
 */
import { getLocale } from "~/i18n/i18n.server";
import type { Features } from "~/lib/features";
import { bindOperator, type BoundOperator } from "~/operator/operator.server";
import { assertSameOrigin, forbidden, validateCsrf } from "~/server/csrf.server";
import { refuse } from "~/server/refuse.server";
import { siteGate } from "~/features/site/site-state.server";
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
/**
 * Our largest form has a few dozen fields. Parsing is linear, but a cap keeps a body of
 * thousands of empty fields (issue 22: 35,000 of them froze the portal for 3 s) from costing
 * anything beyond its count.
 */
export const MAX_FORM_FIELDS = 256;

export async function openAction(request: Request, context: unknown, options: OpeningOptions = {}): Promise<ActionOpening> {
  assertSameOrigin(request);
  // No token can pass without its cookie: such a post is refused before a byte of it is parsed.
  if (!hasCookie(request, "csrf")) throw forbidden();
  const formData = await readForm(request, options);
  return finishOpening(request, context, formData);
}

/** Whether the request carries a cookie of that name (its value is checked later, by its owner). */
export function hasCookie(request: Request, name: string): boolean {
  const header = request.headers.get("Cookie") ?? "";
  return header.split(";").some((pair) => pair.slice(0, pair.indexOf("=")).trim() === name);
}

/**
 * The rest of an opening once the body is read (openAction here, openUploadAction in
 * upload.server.ts): who is posting, and the CSRF token of the form. `read` is the session when
 * the caller has read it already (an upload checks the token before its files).
 */
export async function finishOpening(request: Request, context: unknown, formData: FormData, read?: PortalSession): Promise<ActionOpening> {
  const [session, locale, device] = await Promise.all([read ?? getSession(request), getLocale(request), deviceId(request, context)]);
  await validateCsrf(formData, request, session);
  // A closed site takes no post (site-state.server.ts): its page answers instead.
  const closed = await siteGate(context, session, locale);
  if (closed) throw closed;
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

/**
 * The posted fields. A body that is not a form, is larger than the action takes, has more than
 * MAX_FORM_FIELDS fields, or cannot be parsed is the sender's mistake (4xx), never the server's.
 * The body is read with a cap, so a huge post costs at most `maxBytes` of memory, and its fields
 * are counted before it is parsed; a name sent twice keeps its first value (a second `username`
 * or `csrf` has no meaning a form of ours gives it).
 */
async function readForm(request: Request, options: OpeningOptions): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const maxBytes = options.maxBytes ?? MAX_FORM_BYTES;
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.has(type)) throw refuse(415, "This address takes form posts only.");
  if (Number(request.headers.get("Content-Length")) > maxBytes) throw tooLarge();
  const body = await readCapped(request, maxBytes);
  if (fieldCount(body, type, contentType) > MAX_FORM_FIELDS) throw tooLarge();
  let parsed: FormData;
  try {
    parsed = await new Response(body as unknown as BodyInit, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw refuse(400, "The form could not be read. Go back, reload the page and try again.");
  }
  return firstOfEachName(parsed, options.repeatable);
}

export const tooLarge = () => refuse(413, "The form is too large.");

/**
 * An upper bound of the fields in a body, without parsing it: separators for a urlencoded body,
 * boundary lines for a multipart one.
 */
function fieldCount(body: Uint8Array, type: string, contentType: string): number {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (type === "application/x-www-form-urlencoded") {
    let count = 1;
    for (let at = bytes.indexOf(0x26); at !== -1; at = bytes.indexOf(0x26, at + 1)) count++;
    return count;
  }
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) return 0;
  const line = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let count = -1; // the closing boundary is not a field
  for (let at = bytes.indexOf(line); at !== -1; at = bytes.indexOf(line, at + line.length)) count++;
  return count;
}

/**
 * Keeps the first value of every name (all of them for `repeatable` names), in one pass:
 * FormData.has scans every entry, which made this quadratic in the number of fields.
 */
export function firstOfEachName(parsed: Iterable<[string, FormDataEntryValue]>, repeatable: readonly string[] = []): FormData {
  const many = new Set(repeatable);
  const seen = new Set<string>();
  const form = new FormData();
  for (const [name, value] of parsed) {
    if (seen.has(name) && !many.has(name)) continue;
    seen.add(name);
    form.append(name, value);
  }
  return form;
}

/**
 * Reads the body, at most `maxBytes` of it: past that it stops reading and answers 413. The
 * stream is not cancelled (that would destroy the socket, and the browser would show a network
 * error instead of the page); the Express floor drops what is left after the answer.
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
      if (size > maxBytes) break;
      chunks.push(value);
    }
  } catch {
    throw refuse(400, "The form could not be read. Go back, reload the page and try again.");
  } finally {
    reader.releaseLock();
  }
  if (size > maxBytes) throw tooLarge();
  return Buffer.concat(chunks);
}
