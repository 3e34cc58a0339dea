/**
 * CSRF protection for every POST: remix-utils' signed double-submit token. The root loader
 * puts a token in a signed, HttpOnly cookie and in every form (AuthenticityTokenInput); an
 * action accepts a post only when the two match and the browser does not say it comes from
 * another site (Origin, Sec-Fetch-Site). Actions reach this through openAction.
 */
import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { secureCookies, sessionSecrets } from "~/server/config.server";

let csrf: CSRF | undefined;

export function csrfProtection(): CSRF {
  return (csrf ??= new CSRF({
    cookie: createCookie("csrf", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(),
      secrets: sessionSecrets(),
    }),
    formDataKey: "csrf",
    secret: sessionSecrets()[0],
  }));
}

/** The answer to a refused post: the root's error page with this status. */
export function forbidden(): Response {
  return new Response("This form has expired. Go back, reload the page and try again.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
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
  if (origin === null) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw forbidden(); // "null" and anything that is not an origin
  }
  if (host !== new URL(request.url).host) throw forbidden();
}

/** Throws 403 unless the form carries this browser's token. */
export async function validateCsrf(formData: FormData, request: Request): Promise<void> {
  try {
    await csrfProtection().validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) throw forbidden();
    throw error;
  }
}
