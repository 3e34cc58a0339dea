/**
 * POST /games/launch: the Play and free-trial forms of every game tile (play-form.tsx). The
 * action is app/features/games/launch.server.ts: the gates of document 001, section 5, the
 * launch, and a 303 to the game (or the in-page view, the login, a failure's dialog); the script
 * of the form gets the same outcome as JSON (decision 024). Nothing to show on a GET.
 *
 * One plain post is answered with a page instead: a game on a host the page the form was on did
 * not yet name in its form-action, which the browser would refuse as the 303's target. The page
 * opens the game by a refresh (not governed by form-action), with a link for a browser that
 * does not follow refreshes.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { launchAction } from "~/features/games/launch.server";

export const handle = { i18n: "games" };
export { gamesLinks as links } from "~/styles/areas";

export function action({ request, context }: ActionFunctionArgs) {
  return launchAction(request, context);
}

export default function Launch() {
  const { t } = usePageTranslation("games");
  const data = useActionData<{ opening?: string }>();
  if (!data?.opening) return null;
  return (
    <section className="panel dialog-page" aria-labelledby="launch-opening-title">
      <meta httpEquiv="refresh" content={`0;url=${data.opening}`} />
      <h1 id="launch-opening-title">{t("launch_opening")}</h1>
      <p className="actions">
        <a href={data.opening} className="button" data-testid="launch-open-game">
          {t("launch_play")}
        </a>
      </p>
    </section>
  );
}
