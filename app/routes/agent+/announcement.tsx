/** Agent announcements (AGENTANNOUNCE3, decision 032): the operator's notices to its agents, newest first. */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAgentPage } from "~/features/agent/centre.server";
import { dateOf } from "~/features/agent/format.server";
import { recordsFailure } from "~/features/reports/records.server";
import { usePageTranslation } from "~/i18n/translation";

export const handle = { i18n: ["agent", "member"] };

interface Item {
  id: string;
  title: string;
  content: string;
  date: string;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { operator } = await requireAgentPage(request, "announcement");
  try {
    const { list } = await operator.call("agentAnnouncements");
    return json({
      notice: null,
      items: list.map((a): Item => ({ id: a.id, title: a.title, content: a.content, date: dateOf(a.publishTime) })),
    });
  } catch (error) {
    const { notice, status } = await recordsFailure(request, error);
    return json({ notice, items: [] as Item[] }, { status });
  }
}

export default function Announcements() {
  const { t } = usePageTranslation();
  const { notice, items } = useLoaderData<typeof loader>();
  return (
    <section className="member-page" aria-labelledby="announce-title">
      <h1 id="announce-title">{t("agent_page_announcement")}</h1>
      {notice ? <p className="notice notice--error">{"key" in notice ? t(notice.key) : notice.text}</p> : null}
      {!notice && items.length === 0 ? <p className="empty-state">{t("agent_announcements_empty")}</p> : null}
      <ul className="agent-announcements">
        {items.map((a) => (
          <li key={a.id}>
            <article>
              <h2>{a.title}</h2>
              <p className="agent-announcements__date">
                <time>{a.date}</time>
              </p>
              <p>{a.content}</p>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
