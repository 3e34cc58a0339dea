/**
 * /chat: the chat as a page (decision 048) — what the corner link opens without scripts, and a
 * page of its own with them. The frame loads /resources/chat-frame, which opens the chat on the
 * server; a guest logs in first, a trial account is told in_need_true_account, a site without
 * the chat switch answers 404, a player the operator refuses is told so.
 */
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { NoticeText } from "~/components/notice";
import { CHAT_FRAME } from "~/features/chat/chat";
import { chatGate, gateNotice } from "~/features/chat/chat.server";
import { ChatFrame } from "~/features/chat/chat-window";
import { usePageTranslation } from "~/i18n/translation";
import { fixedT, getLocale } from "~/i18n/i18n.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const gate = await chatGate(request, context);
  if (gate.kind === "guest") {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, 303);
  }
  if (gate.kind === "off") throw new Response(null, { status: 404 });
  const title = (await fixedT(await getLocale(request), "common"))("chat_title");
  const headers = { "Cache-Control": "no-store" };
  if (gate.kind !== "player") {
    return json({ title, frame: null, notice: gateNotice(gate.kind) }, { status: gate.kind === "unavailable" ? 503 : 403, headers });
  }
  return json({ title, frame: CHAT_FRAME, notice: null }, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

export default function Chat() {
  const { t } = usePageTranslation();
  const { frame, notice } = useLoaderData<typeof loader>();
  return (
    <section className="panel chat-page" aria-labelledby="chat-page-title" data-testid="chat-page">
      <h1 id="chat-page-title">{t("chat_title")}</h1>
      {frame ? (
        <ChatFrame className="chat-page__frame" src={frame} testId="chat-page-frame" />
      ) : (
        <>
          <p role="alert" data-testid="chat-page-notice">
            {notice ? <NoticeText notice={notice} /> : null}
          </p>
          <p className="actions">
            <Link to="/" className="button">
              {t("error_page_home")}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
