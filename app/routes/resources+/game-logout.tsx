/**
 * POST /resources/game-logout: the beacon of the in-page game (document 001, section 4: leaving
 * /seamless with a token logs the game out). The page sends it with `navigator.sendBeacon` when
 * it goes away, with the CSRF token and the launch key; the vendor comes from the session, never
 * from the beacon. The root loader does the same on the next page view (seamless.server.ts):
 * whichever comes first logs the game out, the other finds nothing to do.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { logoutGameByKey } from "~/features/games/seamless.server";
import { openAction } from "~/server/action.server";
import { commitSession } from "~/server/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  // A beacon of two short fields (multipart, as FormData travels).
  const { formData, session, headers, operator } = await openAction(request, context, { maxBytes: 2048 });
  const key = formData.get("key");
  if (typeof key === "string" && key.length <= 64 && (await logoutGameByKey(session, operator(), key))) {
    headers.append("Set-Cookie", await commitSession(session));
  }
  headers.set("Cache-Control", "no-store");
  return new Response(null, { status: 204, headers });
}
