/**
 * GET /banner/{id}: an off-site banner's address (document 001, section 3), with a player's
 * username added as a query parameter. The banners themselves are shared fragments, the same for
 * every visitor, so the username is added here, on the way out, and never written into them.
 * Only the operator's own banner addresses are followed: an unknown id is a 404, not a redirect.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getLocale } from "~/i18n/i18n.server";
import { getSession } from "~/server/session.server";
import { bindOperator } from "~/operator/operator.server";
import { awayTarget, loadSiteContent } from "~/features/content/content.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [session, locale] = await Promise.all([getSession(request), getLocale(request)]);
  const { banners } = await loadSiteContent(request, bindOperator(session, locale));
  const banner = banners.find((b) => b.id === params.id);
  if (!banner || banner.action.kind !== "away") throw new Response("Not Found", { status: 404 });
  const username = session.get("token") ? session.get("account") : undefined;
  return redirect(awayTarget(banner.action.target, username), {
    headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}
