/**
 * Whether a post's Origin names this site: the one comparison of the Express floor
 * (server/app.ts restates a foreign Origin as Sec-Fetch-Site: cross-site) and of the actions'
 * opening (app/server/csrf.server.ts refuses it). It imports nothing, so the server can load it
 * without the app's aliases.
 */

/** True when `origin` is an origin whose host is `host`; "null" and anything unparsable are foreign. */
export function sameOrigin(origin: string, host: string | null | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
