/**
 * POST /games/launch: the Play and free-trial forms of every game tile (play-form.tsx). The
 * action is app/features/games/launch.server.ts: the gates of document 001, section 5, the
 * launch, and a 303 to the game (or the in-page view, the login, a failure's dialog); the script
 * of the form gets the same outcome as JSON (decision 024). Nothing to show on a GET.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { NoView } from "~/components/no-view";
import { launchAction } from "~/features/games/launch.server";

export const handle = { i18n: "games" };

export function action({ request, context }: ActionFunctionArgs) {
  return launchAction(request, context);
}

export default NoView;
