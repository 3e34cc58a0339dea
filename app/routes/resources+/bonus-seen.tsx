/**
 * Dismissing the bonus pop-up: GET /resources/bonus-seen?ids=1.2.3&back=/path adds the ids to the
 * `bonus_seen` cookie and goes back (without scripts, a link); without `back` it answers 204
 * (the pop-up's close button with scripts). Only a preference of this browser changes.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { parseIds, seenCookieWith } from "~/features/member/bonus.server";
import { safeRedirect } from "~/lib/safe-redirect";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const cookie = await seenCookieWith(request, parseIds(url.searchParams.get("ids")));
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (cookie) headers.append("Set-Cookie", cookie);
  const back = url.searchParams.get("back");
  if (back === null) return new Response(null, { status: 204, headers });
  return redirect(safeRedirect(back, "/"), { status: 303, headers });
}
