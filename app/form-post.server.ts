/**
 * The opening of every account form's action: the posted fields with the CSRF token checked
 * (403 otherwise), and who is posting (session, language, device id). `headers` already carries
 * the device-id cookie when this request made one; actions append to it and answer with it.
 */
import { getLocale } from "~/i18n/i18n.server";
import { validateCsrf } from "~/security.server";
import { deviceId, getSession } from "~/session.server";

export async function readFormPost(request: Request, context: unknown) {
  const formData = await request.formData();
  await validateCsrf(formData, request);
  const [session, locale, device] = await Promise.all([getSession(request), getLocale(request), deviceId(request, context)]);
  const headers = new Headers();
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  return { formData, session, locale, device, headers };
}
