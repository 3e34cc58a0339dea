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
  /** The operator client bound to this post's player, language and device (and switches, when given). */
  operator(features?: Features): BoundOperator;
}

export async function openAction(request: Request, context: unknown): Promise<ActionOpening> {
  assertSameOrigin(request);
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const [session, locale, device] = await Promise.all([getSession(request), getLocale(request), deviceId(request, context)]);
  const headers = new Headers();
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  return {
    formData,
    session,
    locale,
    device,
    headers,
    operator: (features) => bindOperator(session, locale, device.id, features),
  };
}

/** The posted fields; a body that is not a form is the sender's mistake, not the server's. */
async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read. Go back, reload the page and try again.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
