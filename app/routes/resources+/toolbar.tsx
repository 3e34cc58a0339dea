/**
 * The tool bar's collapse and expand (features/site/toolbar.tsx): a plain post that keeps the
 * choice in a cookie and comes back to the page; with scripts a fetcher posts it and the page
 * stays. Anything but the two states is no change.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { openAction } from "~/server/action.server";
import { toolbarState } from "~/server/preferences.server";

/** Only ever posted to: an address typed in leads home. */
export function loader(_: LoaderFunctionArgs) {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, headers } = await openAction(request, context);
  const kept = await toolbarState.keep(formData.get("toolbar"));
  if (kept) headers.append("Set-Cookie", kept);
  return redirect(safeRedirect(formData.get("back"), "/"), { status: 303, headers });
}

/** Never drawn: a view makes a refused post (another site, no form token) an HTML error page. */
export default function ToolbarSwitch() {
  return null;
}
