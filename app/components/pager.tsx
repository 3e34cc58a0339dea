import { Link } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";

/**
 * Pages as links (?page=2): they work without scripts, can be bookmarked, and the back button
 * returns to the previous page. The first and last pages always show, the current one with
 * `around` pages each side, and an ellipsis for each gap of more than one page (a gap of one is
 * that page's number: an ellipsis would hide no more than it takes).
 */
export type PagerItem = { kind: "page"; page: number; current: boolean } | { kind: "gap"; key: string };

export function pagerItems(page: number, totalPages: number, around = 1): PagerItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total < 1) return [];
  const current = clampPage(page, total);
  const shown = new Set<number>([1, total]);
  for (let n = current - around; n <= current + around; n++) if (n >= 1 && n <= total) shown.add(n);
  // Near an end, the window keeps its width: 1 2 3 4 … 20 rather than 1 2 … 20.
  const width = 2 * around + 1;
  if (current - around <= 2) for (let n = 1; n <= Math.min(total, width + 1); n++) shown.add(n);
  if (current + around >= total - 1) for (let n = Math.max(1, total - width); n <= total; n++) shown.add(n);
  const pages = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  pages.forEach((n, i) => {
    const previous = pages[i - 1];
    if (previous !== undefined && n - previous === 2) items.push({ kind: "page", page: n - 1, current: false });
    else if (previous !== undefined && n - previous > 2) items.push({ kind: "gap", key: `gap-${previous}` });
    items.push({ kind: "page", page: n, current: n === current });
  });
  return items;
}

function clampPage(page: number, total: number): number {
  const n = Number.isFinite(page) ? Math.floor(page) : 1;
  return Math.min(Math.max(n, 1), total);
}

/**
 * `<Pager page totalPages hrefFor label />`: nothing for a single page. `hrefFor(n)` builds the
 * address of page n (keeping the page's other filters); `label` names the navigation ("Pages of
 * games"). Previous and next are links, or inert text at either end.
 */
export function Pager({
  page,
  totalPages,
  hrefFor,
  label,
  around = 1,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  label: string;
  around?: number;
}) {
  const { t } = usePageTranslation();
  const total = Math.max(0, Math.floor(totalPages));
  if (total < 2) return null;
  const current = clampPage(page, total);
  return (
    <nav className="pager" aria-label={label}>
      <ul className="pager__list">
        <li className="pager__step">
          {current > 1 ? (
            <Link to={hrefFor(current - 1)} className="pager__link pager__link--step" rel="prev">
              <span aria-hidden="true">‹</span> {t("pager_previous")}
            </Link>
          ) : (
            <span className="pager__link pager__link--step pager__link--disabled" aria-disabled="true">
              <span aria-hidden="true">‹</span> {t("pager_previous")}
            </span>
          )}
        </li>
        {pagerItems(current, total, around).map((item) =>
          item.kind === "gap" ? (
            <li key={item.key} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to={hrefFor(item.page)}
                className={item.current ? "pager__link pager__link--current" : "pager__link"}
                aria-current={item.current ? "page" : undefined}
                aria-label={t("pager_page", { page: item.page, total })}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li className="pager__step">
          {current < total ? (
            <Link to={hrefFor(current + 1)} className="pager__link pager__link--step" rel="next">
              {t("pager_next")} <span aria-hidden="true">›</span>
            </Link>
          ) : (
            <span className="pager__link pager__link--step pager__link--disabled" aria-disabled="true">
              {t("pager_next")} <span aria-hidden="true">›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
