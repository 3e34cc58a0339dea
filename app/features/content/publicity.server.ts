/**
 * Publicity pop-ups after a login (document 000, section 4): after a player's first login those
 * with execution A or F, after any other login only A; none once the publicity-close flag is
 * set. The flag is set by the page view that shows them, so they show once a login — as a
 * sequence of dialogs with scripts, as a list at the top of that page without — and a page that
 * opens the contract requests by themselves leaves them for the next view (one dialog at a time).
 */
import type { BoundOperator } from "~/operator/operator.server";
import type { PortalSession } from "~/server/session.server";
import { offerLink, readSiteContent, type OfferLink } from "~/features/content/content.server";

/** What a pop-up shows; `go` is where its button leads (null: no button). */
export interface PublicityPopup {
  id: string;
  title: string;
  html: string;
  image: string | null;
  go: OfferLink | null;
}

/** The executions a login shows: F only after the player's very first login. */
export function executionsFor(firstTimeLogin: boolean): readonly string[] {
  return firstTimeLogin ? ["A", "F"] : ["A"];
}

/**
 * The pop-ups this view shows, or null. Only a page view (GET) shows them; `deferred` (another
 * dialog opens by itself on this view) keeps them for the next. Sets the close flag on the
 * session when it returns any or when there are none to show; the caller commits it.
 */
export async function takePublicity(
  request: Request,
  session: PortalSession,
  operator: BoundOperator,
  deferred: boolean,
): Promise<PublicityPopup[] | null> {
  if (session.get("publicity") !== "due" || request.method !== "GET" || deferred || session.get("cpw")) return null;
  // An operator that could not be asked has not said "none": the next view asks again.
  const content = await readSiteContent(request, operator);
  if (!content) return null;
  const shown = executionsFor(Boolean(session.get("loginInfo")?.firstTimeLogin));
  session.set("publicity", "closed");
  const due = content.popups.filter((p) => shown.includes(p.execution));
  return due.length ? due.map((p) => ({ id: p.id, title: p.title, html: p.html, image: p.image, go: offerLink(p, true) })) : null;
}
