/**
 * The store could not be reached (Redis down, refused, too slow). Never read as "nothing kept":
 * a session that cannot be read is not an empty session, a one-time key that cannot be claimed
 * is not a new one.
 *
 * It is a Response (503, Retry-After, the retry text's key) so that wherever it is thrown — a
 * loader, an action, the session read of any route — Remix answers it as it answers every thrown
 * response: the error page with the retry text for a page, the JSON for a fetch. No route has to
 * catch it, and no page becomes a 500.
 */
export const STATE_RETRY_AFTER_S = 5;

export class StateUnavailable extends Response {
  readonly reason: string;
  constructor(cause: unknown) {
    super(JSON.stringify({ notice: { key: "state_unavailable" } }), {
      status: 503,
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Retry-After": String(STATE_RETRY_AFTER_S),
        "Cache-Control": "no-store",
      },
    });
    this.reason = cause instanceof Error ? cause.message : String(cause);
  }
}
