/**
 * Platform messages (messageV2, document 002 sections 2 and 3): the inbox, newest first, ten a
 * page, unread ones marked; all or unread only. Filter and pages are links (?read=unread&page=2).
 * A message opens as its own route (messageV2/<id>): a dialog over the list with scripts.
 */
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { refreshesUnread } from "~/features/member/routes";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { Pager } from "~/components/pager";
import { DialogLink } from "~/components/route-dialog";
import { TabLinks } from "~/components/tabs";
import { usePageTranslation } from "~/i18n/translation";
import { requireMemberPage } from "~/features/member/centre.server";
import { INBOX_PAGE_SIZE, readOpenedMessage, sendTimeText } from "~/features/member/inbox.server";
import { memberHref } from "~/features/member/routes";
import { formFailure } from "~/operator/operator.server";
import { askPaged } from "~/lib/paging";
import { querySchema } from "./messageV2.server";

export function inboxHref(read: "all" | "unread", page = 1): string {
  return memberHref("messageV2", { ...(read === "unread" ? { read } : {}), ...(page > 1 ? { page: String(page) } : {}) });
}

/** A message, remembering the list's filter and page for the way back. */
export function messageHref(id: string, read: "all" | "unread", page: number): string {
  const list = inboxHref(read, page);
  const query = list.includes("?") ? list.slice(list.indexOf("?")) : "";
  return `${memberHref("messageV2")}/${encodeURIComponent(id)}${query}`;
}

type Item = { id: string; subject: string; read: boolean; sent: string };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMemberPage(request, "messageV2");
  const search = new URL(request.url).searchParams;
  // The first value of each name: a repeated parameter is not an error.
  const query = querySchema.parse({ read: search.get("read") ?? undefined, page: search.get("page") ?? undefined });
  const { read } = query;
  // A message open over the list is listed as read: its reading goes first (its own loader shows
  // a failure).
  if (params.id && /^\d{1,18}$/.test(params.id)) await readOpenedMessage(request, member.operator, params.id).catch(() => null);
  try {
    const ask = (page: number) =>
      member.operator.call("inbox", {
        body: { page, size: INBOX_PAGE_SIZE, sort: "sendTime:desc", ...(read === "unread" ? { read: false } : {}) },
      });
    const { answer: inbox, ...paging } = await askPaged(ask, query.page, INBOX_PAGE_SIZE);
    const messages: Item[] = inbox.list.map((m) => ({ id: m.id, subject: m.subject, read: m.read, sent: sendTimeText(m.sendTime) }));
    return json({ read, ...paging, messages, error: null });
  } catch (error) {
    const { status, message } = await formFailure(request, error);
    return json({ read, page: query.page, totalPages: 1, total: 0, messages: [] as Item[], error: message }, { status });
  }
}

/** The unread count is read again when the centre or a message closes (refreshesUnread). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || refreshesUnread(currentUrl, nextUrl);

export default function Inbox() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <section className="member-page inbox-page" aria-labelledby="inbox-title">
      <h1 id="inbox-title">{t("member_page_messageV2")}</h1>
      {/* An open message: a dialog with scripts, without them first on the page (above the list). */}
      <Outlet />
      <TabLinks
        label={t("inbox_filter")}
        tabs={[
          { id: "all", label: t("inbox_all"), to: inboxHref("all") },
          { id: "unread", label: t("inbox_unread"), to: inboxHref("unread") },
        ]}
        current={data.read}
      />
      {data.error ? (
        <p className="notice notice--error" role="alert">
          {t(data.error)}
        </p>
      ) : data.messages.length === 0 ? (
        <p className="empty-state">{data.read === "unread" ? t("inbox_empty_unread") : t("inbox_empty")}</p>
      ) : (
        <ul className="inbox-list">
          {data.messages.map((m) => (
            <li key={m.id} className={m.read ? "inbox-item" : "inbox-item inbox-item--unread"} data-message={m.id}>
              <DialogLink to={messageHref(m.id, data.read, data.page)} preventScrollReset>
                <span className="inbox-item__mark" aria-hidden="true" />
                <span className="inbox-item__subject">{m.subject}</span>
                {m.read ? null : <span className="visually-hidden">{t("inbox_unread_mark")}</span>}
                <time className="inbox-item__time">{m.sent}</time>
              </DialogLink>
            </li>
          ))}
        </ul>
      )}
      <Pager page={data.page} totalPages={data.totalPages} hrefFor={(page) => inboxHref(data.read, page)} label={t("inbox_pages")} />
    </section>
  );
}
