import { Link } from "@remix-run/react";

/** More tabs than this scroll sideways in one row (document 001: vendor tabs scroll past 8). */
export const SCROLL_TABS_ABOVE = 8;

/** The class of a tab row: equal parts, or the sideways-scrolling row for many tabs. */
export function tabsClass(count: number, scroll?: boolean): string {
  return (scroll ?? count > SCROLL_TABS_ABOVE) ? "tabs tabs--scroll" : "tabs";
}

/**
 * Tabs as links (?tab=…): they work without scripts, can be bookmarked, and the back button
 * returns to the previous tab. A new tab is a new page, so its inputs start empty. More than
 * eight tabs (or `scroll`) make one row that scrolls sideways instead of squeezing the labels.
 */
export function TabLinks({
  label,
  tabs,
  current,
  scroll,
}: {
  label: string;
  tabs: Array<{ id: string; label: string; to: string }>;
  current: string;
  scroll?: boolean;
}) {
  if (tabs.length < 2) return null;
  return (
    <nav className={tabsClass(tabs.length, scroll)} aria-label={label}>
      {tabs.map((tab) => (
        <Link
          key={tab.id}
          to={tab.to}
          className={tab.id === current ? "tab tab--current" : "tab"}
          aria-current={tab.id === current ? "page" : undefined}
          replace
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
