/**
 * CSRF protection for every POST: remix-utils' signed double-submit token. The root loader
 * puts a token in a signed, HttpOnly cookie and in every form (AuthenticityTokenInput); an
 * action accepts a post only when the two match and the browser does not say it comes from
 * another site (Origin, Sec-Fetch-Site). Actions reach this through openAction.
 */
import { createCookie, type Cookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { secureCookies, sessionSecrets } from "~/server/config.server";
import { refuse } from "~/server/refuse.server";
import { sameOrigin } from "~/server/same-origin.server";
import type { PortalSession } from "~/server/session.server";

let csrf: { protection: CSRF; cookie: Cookie } | undefined;

function made() {
  if (!csrf) {
    const cookie = createCookie("csrf", { path: "/", httpOnly: true, sameSite: "lax", secure: secureCookies(), secrets: sessionSecrets() });
    csrf = { cookie, protection: new CSRF({ cookie, formDataKey: "csrf", secret: sessionSecrets()[0] }) };
  }
  return csrf;
}

export function csrfProtection(): CSRF {
  return made().protection;
}

/** The answer to a refused post: the root's error page with this status. */
export function forbidden(): Response {
  return refuse(403, "This form has expired. Go back, reload the page and try again.");
}

/**
 * A post that a browser says comes from another site is refused before its body is read: the
 * token would refuse it too, but this check costs nothing and also covers `Origin: null`
 * (sandboxed frames, some redirects).
 */
export function assertSameOrigin(request: Request): void {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site === "cross-site") throw forbidden();
  const origin = request.headers.get("Origin");
  if (origin !== null && !sameOrigin(origin, new URL(request.url).host)) throw forbidden();
}

/**
 * Throws 403 unless the form carries this browser's token, and, once logged in, the token of
 * this login: one planted before it (a cookie written by a sibling sub-domain) stops working.
 */
export async function validateCsrf(formData: FormData, request: Request, session: PortalSession): Promise<void> {
  try {
    await csrfProtection().validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) throw forbidden();
    throw error;
  }
  const bound = session.get("csrf");
  if (bound && formData.get("csrf") !== bound) throw forbidden();
}

/** A new token for a new login, kept in its session; answers the cookie that carries it. */
export async function bindCsrfToken(session: PortalSession): Promise<string> {
  const token = csrfProtection().generate();
  session.set("csrf", token);
  return made().cookie.serialize(token);
}

/** The token for the page's forms: the login's own when there is one, the cookie's otherwise. */
export async function csrfTokenFor(request: Request, session: PortalSession): Promise<[token: string, setCookie: string | null]> {
  const bound = session.get("csrf");
  if (!bound) {
    const [token, setCookie] = await csrfProtection().commitToken(request);
    return [token, setCookie];
  }
  const current = await made().cookie.parse(request.headers.get("Cookie"));
  return [bound, current === bound ? null : await made().cookie.serialize(bound)];
}
