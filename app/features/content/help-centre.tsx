/**
 * The help centre's two forms (document 001, section 2, screen 16): the menu list of topics, and
 * the content view — the topic tree beside the chosen topic's text. Every topic is a plain link
 * to `/help?tag=…` (the server picks it); with scripts Remix follows it without a reload. A
 * topic with children is a <details> in the tree, open on the chosen topic's branch. The
 * operator's HTML was cleaned on the server (help.server.ts).
 */
import { Link } from "@remix-run/react";
import { forwardRef } from "react";
import { usePageTranslation } from "~/i18n/translation";
import { helpHref, type HelpTopic } from "./help-topics";

/** The menu list: each top-level topic with the first words of its text and its children. */
export function HelpMenu({ topics }: { topics: readonly HelpTopic[] }) {
  const { t } = usePageTranslation("content");
  return (
    <ul className="help-menu" aria-label={t("help_topics")}>
      {topics.map((topic) => (
        // The id lets `/help#tag` without scripts scroll to the topic's card.
        <li key={topic.tag} id={topic.tag} className="help-menu__card">
          <h2>
            <Link to={helpHref(topic.tag)}>{topic.title}</Link>
          </h2>
          {topic.summary ? <p className="help-menu__summary">{topic.summary}</p> : null}
          {topic.children.length ? (
            <ul className="help-menu__children">
              {topic.children.map((child) => (
                <li key={child.tag}>
                  <Link to={helpHref(child.tag)}>{child.title}</Link>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The tree of the content view; `only` keeps the deposit or withdrawal window's single topic in its links. */
export function HelpTree({ topics, path, only }: { topics: readonly HelpTopic[]; path: readonly string[]; only: boolean }) {
  const { t } = usePageTranslation("content");
  return (
    <nav className="help-tree" aria-label={t("help_topics")}>
      <TreeLevel topics={topics} path={path} only={only} />
    </nav>
  );
}

function TreeLevel({ topics, path, only }: { topics: readonly HelpTopic[]; path: readonly string[]; only: boolean }) {
  const chosen = path[path.length - 1];
  return (
    <ul>
      {topics.map((topic) => {
        const link = (
          <Link to={helpHref(topic.tag, only)} aria-current={topic.tag === chosen ? "page" : undefined} preventScrollReset>
            {topic.title}
          </Link>
        );
        if (!topic.children.length) return <li key={topic.tag}>{link}</li>;
        return (
          <li key={topic.tag}>
            {/* The key follows the branch: a new topic's branch opens even after the player closed it. */}
            {/* The summary only opens the branch (a link inside it would be a control in a control):
                the topic itself is the branch's first link. */}
            <details key={String(path.includes(topic.tag))} open={path.includes(topic.tag) || only}>
              <summary>{topic.title}</summary>
              <TreeLevel topics={[{ ...topic, children: [] }, ...topic.children]} path={path} only={only} />
            </details>
          </li>
        );
      })}
    </ul>
  );
}

/** The chosen topic: its text, and its children as links to read on. */
export const HelpArticle = forwardRef<HTMLElement, { topic: HelpTopic; only: boolean }>(function HelpArticle({ topic, only }, ref) {
  const { t } = usePageTranslation("content");
  return (
    <article className="help-article" aria-labelledby="help-topic-title" ref={ref} tabIndex={-1}>
      <h2 id="help-topic-title">{topic.title}</h2>
      <div className="operator-html" dangerouslySetInnerHTML={{ __html: topic.html }} />
      {topic.children.length ? (
        <nav className="help-article__more" aria-labelledby="help-more-title">
          <h3 id="help-more-title">{t("help_in_topic")}</h3>
          <ul>
            {topic.children.map((child) => (
              <li key={child.tag}>
                <Link to={helpHref(child.tag, only)} preventScrollReset>
                  {child.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  );
});
