import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { SubmitButton } from "~/components/forms";
import { operatorFailure } from "~/operator/errors";
import { openAction } from "~/server/action.server";
import { endSession, getSession } from "~/server/session.server";

export const handle = { i18n: "auth" };

/** A GET never logs out (a link preview or a prefetch would); it asks to confirm. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (!session.get("token")) throw redirect("/");
  return json({});
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, operator } = await openAction(request, context);
  if (session.get("token")) {
    try {
      await operator().call("logout");
    } catch (thrown) {
      // The session ends here whatever the operator said; a failed revoke is only logged.
      const error = operatorFailure(thrown);
      console.warn(`operator logout failed: ${error.kind} ${error.code || error.status}`);
    }
  }
  // Logout goes to the site root (document 000, section 2).
  return endSession(session, { key: "logged_out" }, "/");
}

export default function Logout() {
  const { t } = usePageTranslation();
  return (
    <section className="panel" aria-labelledby="logout-title">
      <h1 id="logout-title">{t("logout_confirm_title")}</h1>
      <p>{t("logout_confirm")}</p>
      {/* The header's Log out leads here without scripts: the question, then the POST. */}
      <Form method="post" action="/logout" className="actions confirm-actions confirm-actions--page">
        <AuthenticityTokenInput />
        <Link to="/" className="button button--secondary">
          {t("logout_stay")}
        </Link>
        <SubmitButton pendingLabel={t("logging_out")} action="/logout">
          {t("logout")}
        </SubmitButton>
      </Form>
    </section>
  );
}
