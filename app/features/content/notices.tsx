/**
 * The operator's notices to every player (document 001, section 2, screen 4): home's strip of the
 * newest titles, and the rows of the notice viewer (/news) — expandable, one open at a time by the
 * browser itself (<details name>), so they work without scripts. The HTML was cleaned on the
 * server (content.server.ts).
 */
import { Namespaces, usePageTranslation } from "~/i18n/translation";
import type { NoticeView } from "./content.server";

/** How many titles home's strip carries. */
export const STRIP_NOTICES = 5;

export const NEWS_PATH = "/news";
export const noticeHref = (id: string) => `${NEWS_PATH}?id=${encodeURIComponent(id)}#notice-${encodeURIComponent(id)}`;

/** Home's strip: a shared fragment's part, drawn from props only with plain links. */
export function NoticeStrip({ notices }: { notices: NoticeView[] }) {
  return (
    <Namespaces ns="content">
      <StripBody notices={notices} />
    </Namespaces>
  );
}

function StripBody({ notices }: { notices: NoticeView[] }) {
  const { t } = usePageTranslation("content");
  return (
    <nav className="notice-strip" aria-label={t("notices")}>
      <svg className="menu-icon notice-strip__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M3 10v4h3l6 4V6L6 10H3zM16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" />
      </svg>
      <div className="notice-strip__window">
        <ul className="notice-strip__list">
          {notices.slice(0, STRIP_NOTICES).map((notice) => (
            <li key={notice.id}>
              <a href={noticeHref(notice.id)}>{notice.title}</a>
            </li>
          ))}
        </ul>
      </div>
      <a href={NEWS_PATH} className="notice-strip__more">
        {t("notices_all")}
      </a>
    </nav>
  );
}

/** Document 001, section 9: seven page numbers in the viewer's strip. */
export const STRIP_PAGES = 7;

/** The pages a strip of `width` shows around the current one. */
export function stripPages(page: number, totalPages: number, width = STRIP_PAGES): number[] {
  const first = Math.min(Math.max(1, page - Math.floor(width / 2)), Math.max(1, totalPages - width + 1));
  return Array.from({ length: Math.min(width, totalPages) }, (_, i) => first + i);
}

/** The viewer's rows; `open` is the one opened by the address (?id=). */
export function NoticeRows({ notices, open }: { notices: NoticeView[]; open: string | null }) {
  return (
    <ul className="notice-rows">
      {notices.map((notice) => (
        <li key={notice.id}>
          <details name="notice" id={`notice-${notice.id}`} className="notice-row" open={notice.id === open}>
            <summary>
              <span className="notice-row__title">{notice.title}</span>
              {notice.date ? (
                <time className="notice-row__date" dateTime={notice.startDate ? new Date(notice.startDate).toISOString() : undefined}>
                  {notice.date}
                </time>
              ) : null}
            </summary>
            <div className="notice-row__body operator-html" dangerouslySetInnerHTML={{ __html: notice.html }} />
          </details>
        </li>
      ))}
    </ul>
  );
}
