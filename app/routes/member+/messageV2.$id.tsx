/**
 * One message (document 002, section 3: subject, read, sendTime): opening it marks it read at
 * the operator (CSP_readMessage; decision 029: reading is what the player did, so the page's
 * GET does it, and doing it twice changes nothing). With scripts a dialog over the inbox; the
 * close goes back to the list, whose unread marks and count are read again.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { RouteDialog } from "~/components/route-dialog";
import { usePageTranslation } from "~/i18n/translation";
import { requireMemberPage } from "~/features/member/centre.server";
import { readOpenedMessage, sendTimeText } from "~/features/member/inbox.server";
import { memberHref } from "~/features/member/routes";
import { formFailure } from "~/operator/operator.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMemberPage(request, "messageV2");
  const id = params.id ?? "";
  if (!/^\d{1,18}$/.test(id)) throw json({ notice: { key: "inbox_not_found" } }, { status: 404 });
  try {
    const m = await readOpenedMessage(request, member.operator, id);
    return json({ message: { id: m.id, subject: m.subject, content: m.content ?? "", sent: sendTimeText(m.sendTime) }, error: null });
  } catch (error) {
    const { status, message } = await formFailure(request, error);
    return json({ message: null, error: message }, { status: status === 503 ? 503 : 404 });
  }
}

export default function Message() {
  const { t } = usePageTranslation();
  const { message, error } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const back = `${memberHref("messageV2")}${search}`;
  const body = (inDialog: boolean) => (
    <article className="inbox-message" aria-labelledby="message-title">
      <h2 id="message-title">{message?.subject ?? t("inbox_not_found")}</h2>
      {message ? <p className="inbox-message__time">{message.sent}</p> : null}
      {error ? <p className="notice notice--error">{t(error)}</p> : null}
      {message ? <div className="inbox-message__content">{message.content}</div> : null}
      {inDialog ? null : (
        <p>
          <Link to={back} className="button button--secondary">
            {t("inbox_back")}
          </Link>
        </p>
      )}
    </article>
  );
  return (
    <RouteDialog back={back} titleId="message-title">
      {(inDialog) => <div className={inDialog ? "panel" : "panel inbox-message-page"}>{body(inDialog)}</div>}
    </RouteDialog>
  );
}
