/**
 * The notice viewer (document 001, section 2, screen 4): the operator's notices to every player,
 * ten to a page, newest first, each row opening in place (one at a time). `?id=` opens that
 * notice on its page (home's strip links here). The page strip shows seven page numbers at once
 * and moves with the current page beyond them.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { pageMetaFor } from "~/features/content/page-meta.server";
import { pageMeta } from "~/lib/page-meta";
import { Link, useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { getLocale } from "~/i18n/i18n.server";
import { getSession } from "~/server/session.server";
import { bindOperator } from "~/operator/operator.server";
import { loadSiteContent } from "~/features/content/content.server";
import { newsPage } from "~/features/content/news.server";
import { NEWS_PATH, NoticeRows, stripPages } from "~/features/content/notices";

export const handle = { i18n: "content", seo: { index: true } };
export { contentLinks as links } from "~/styles/areas";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data, matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const [session, locale] = await Promise.all([getSession(request), getLocale(request)]);
  const [{ notices }, meta] = await Promise.all([loadSiteContent(request, bindOperator(session, locale)), pageMetaFor(locale, "news")]);
  return json({ ...newsPage(notices, new URL(request.url)), meta });
}

export default function News() {
  const { t } = usePageTranslation("content");
  const { notices, page, totalPages, open } = useLoaderData<typeof loader>();
  return (
    <section className="panel news-page" aria-labelledby="news-title" data-testid="news-page">
      <h1 id="news-title">{t("notices")}</h1>
      {notices.length ? <NoticeRows notices={notices} open={open} /> : <p role="status">{t("notices_none")}</p>}
      <PageStrip page={page} totalPages={totalPages} />
    </section>
  );
}

function PageStrip({ page, totalPages }: { page: number; totalPages: number }) {
  const { t } = usePageTranslation("content");
  if (totalPages < 2) return null;
  const href = (n: number) => (n === 1 ? NEWS_PATH : `${NEWS_PATH}?page=${n}`);
  return (
    <nav className="page-strip" aria-label={t("notices_pages")}>
      {page > 1 ? (
        <Link to={href(page - 1)} className="page-strip__step" rel="prev" aria-label={t("pager_previous")}>
          ‹
        </Link>
      ) : (
        <span className="page-strip__step" aria-hidden="true">
          ‹
        </span>
      )}
      <ol>
        {stripPages(page, totalPages).map((n) => (
          <li key={n}>
            <Link to={href(n)} aria-current={n === page ? "page" : undefined} aria-label={t("pager_page", { page: n, total: totalPages })}>
              {n}
            </Link>
          </li>
        ))}
      </ol>
      {page < totalPages ? (
        <Link to={href(page + 1)} className="page-strip__step" rel="next" aria-label={t("pager_next")}>
          ›
        </Link>
      ) : (
        <span className="page-strip__step" aria-hidden="true">
          ›
        </span>
      )}
    </nav>
  );
}
