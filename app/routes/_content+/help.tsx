/**
 * The help centre (document 001, section 2: /help and /help#{tag}; screen 16). `/help` is the
 * menu list of topics; `/help?tag={tag}` the content view, the tree beside the topic, which the
 * server picks so that every topic is a plain address. With scripts `#{tag}` picks a topic too,
 * and a change of topic is drawn from the tree already in the page (the loader is not asked
 * again). `?only=1` lists the asked topic alone with its children: the deposit and withdrawal
 * pages open their topic so in a window of its own. An unknown tag shows the first topic and
 * says so. The tree is the same for every visitor of a language: one cached shared read.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { pageMetaFor } from "~/features/content/page-meta.server";
import { pageMeta } from "~/lib/page-meta";
import { Link, useLoaderData, useLocation, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { usePageTranslation } from "~/i18n/translation";
import { getLocale } from "~/i18n/i18n.server";
import { merchantOperator, quietly } from "~/operator/operator.server";
import { loadHelp } from "~/features/content/help.server";
import { chooseTopic, helpHref, HELP_PATH, tagOfHash, type HelpTopic } from "~/features/content/help-topics";
import { HelpArticle, HelpMenu, HelpTree } from "~/features/content/help-centre";

export const handle = { i18n: "content", seo: { index: true } };
export { helpLinks as links } from "~/styles/areas";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data, matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const [topics, meta] = await Promise.all([quietly(request, loadHelp(merchantOperator(locale))), pageMetaFor(locale, "help")]);
  // The page stands without the tree, but says to caches and crawlers that it is not all there.
  return json({ topics, meta }, { status: topics ? 200 : 503 });
}

/** The address without what picks a topic: the rest decides the tree (the language may ride in ?lng=). */
function treeAddress(url: URL): string {
  const query = new URLSearchParams(url.search);
  query.delete("tag");
  query.delete("only");
  return `${url.pathname}?${query}`;
}

/** A change of topic is drawn from the tree in the page; anything else reads it again as usual. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.href !== nextUrl.href && treeAddress(currentUrl) === treeAddress(nextUrl) ? false : defaultShouldRevalidate;

export default function Help() {
  const { t } = usePageTranslation("content");
  const { topics } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const hashTag = useHashTag(topics ?? []);
  const only = params.get("only") === "1";
  const choice = chooseTopic(topics ?? [], hashTag ?? params.get("tag"), only);
  const article = useRevealOnChange(choice.topic?.tag);
  return (
    <section className="panel help-page" aria-labelledby="help-title" data-testid="help-page">
      <h1 id="help-title">{t("help_title")}</h1>
      {choice.unknown ? (
        <p role="status" className="notice notice--info">
          {t("help_unknown")}
        </p>
      ) : null}
      {!topics ? (
        <p role="status" className="notice notice--error">
          {t("help_unavailable")}
        </p>
      ) : !topics.length ? (
        <p role="status">{t("help_none")}</p>
      ) : choice.topic ? (
        <div className="help-panes">
          <div className="help-panes__side">
            <Link className="help-panes__back" to={only ? helpHref(choice.topic.tag) : HELP_PATH}>
              {only ? t("help_all_topics") : t("help_menu")}
            </Link>
            <HelpTree topics={choice.listed} path={choice.path} only={only} />
          </div>
          <HelpArticle topic={choice.topic} only={only} ref={article} />
        </div>
      ) : (
        <>
          <p className="help-page__intro">{t("help_intro")}</p>
          <HelpMenu topics={topics} />
        </>
      )}
    </section>
  );
}

/** With scripts, `#tag` picks a topic (read after hydration: a hash never reaches the server). */
function useHashTag(topics: readonly HelpTopic[]): string | null {
  const { hash } = useLocation();
  const [tag, setTag] = useState<string | null>(null);
  useEffect(() => setTag(tagOfHash(topics, hash)), [hash, topics]);
  return tag;
}

/**
 * When the topic changes in the page, its text is brought into view if it is not: on a phone the
 * tree stands above it, and a hash may have scrolled the menu list before the view changed.
 */
function useRevealOnChange(tag: string | undefined) {
  const ref = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const box = ref.current?.getBoundingClientRect();
    if (box && (box.top < 0 || box.top > window.innerHeight * 0.6)) ref.current?.scrollIntoView({ block: "start" });
  }, [tag]);
  return ref;
}
