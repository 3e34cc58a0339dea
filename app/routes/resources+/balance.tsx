/**
 * The balance's two buttons in the info bar (document 002, section 2): refresh, and hide/show.
 * Without scripts each is a plain post that comes back to the page it was sent from; with
 * scripts a fetcher posts it, and the loaders that draw the balance run again after it.
 * Hiding is remembered in a cookie (a preference of this browser, not of the account).
 */
import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { openAction } from "~/server/action.server";
import { requirePlayer } from "~/server/gate.server";
import { balanceHidden } from "~/server/preferences.server";

/** The address parameter of a script's post; the plain form never carries it. */
const STAY = "stay";

export async function action({ request, context }: ActionFunctionArgs) {
  const opening = await openAction(request, context, { maxBytes: 8 * 1024 });
  await requirePlayer(request, {}, opening.session);
  const intent = opening.formData.get("intent");
  const headers = opening.headers;
  const kept = await balanceHidden.keep(intent === "hide" ? "1" : intent === "show" ? "0" : null);
  if (kept) headers.append("Set-Cookie", kept);
  // "refresh" needs nothing here: the balance is never cached, so the next loader reads it fresh.
  const back = safeRedirect(opening.formData.get("redirectTo"), "/");
  // A script's fetcher posts to ?stay and stays on the page while its loaders run again. (Remix
  // strips its own ?_data before the action sees the address, so that cannot tell.)
  if (new URL(request.url).searchParams.has(STAY)) return json({ intent }, { headers });
  return redirect(back, { status: 303, headers });
}

export function loader() {
  return redirect("/", 303);
}
