import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { formFailure } from "~/operator/operator.server";
import { openAction } from "~/server/action.server";
import { commitSession } from "~/server/session.server";
import { loginHref } from "~/features/auth/login-href";
import { Link, useActionData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { parseFavourite } from "./favourite.server";

export const handle = { i18n: "games" };
export { gamesLinks as links } from "~/styles/areas";

/** Post-only; what a refused post without scripts shows (an enhanced form reads the same data in place). */
export default function Favourite() {
  const { t } = usePageTranslation("games");
  const data = useActionData<typeof action>();
  if (!data || data.ok) return null;
  return (
    <section className="panel dialog-page" aria-labelledby="favourite-title">
      <h1 id="favourite-title">{t("favourite_failed")}</h1>
      <p role="alert">{t(data.message)}</p>
      <p className="actions">
        <Link to={data.back} className="button">
          {t("back_to_games")}
        </Link>
      </p>
    </section>
  );
}

/**
 * Add (POST) or remove (DELETE) a favourite (document 001, section 7). Favourites need a login:
 * a guest goes to the login page and comes back to the lobby. The answer returns to the lobby
 * page the form was on, filters and all; the enhanced form gets data instead and stays put.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, session, operator, headers } = await openAction(request, context);
  const submission = parseFavourite(formData);
  const back = safeRedirect(formData.get("redirectTo"), "/electron?page=favGameList");
  if (!session.get("token")) throw redirect(loginHref({ redirectTo: back }), { status: 303, headers });
  if (submission.status !== "success") return json({ ok: false, message: "favourite_invalid", back }, { status: 400, headers });
  const { intent, nodeId, vendor, gameType, _fetcher } = submission.value;
  try {
    await operator().call(intent === "add" ? "favouriteAdd" : "favouriteRemove", { body: { nodeId, vendor, gameType } });
  } catch (error) {
    const failure = await formFailure(request, error);
    if (_fetcher) return json({ ok: false, message: failure.message, back }, { status: failure.status, headers });
    session.flash("notice", { text: failure.message });
    headers.append("Set-Cookie", await commitSession(session));
    throw redirect(back, { status: 303, headers });
  }
  if (_fetcher) return json({ ok: true, message: "", back }, { headers });
  return redirect(back, { status: 303, headers });
}
