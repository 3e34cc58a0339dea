import { Link } from "@remix-run/react";

/**
 * Tabs as links (?tab=…): they work without scripts, can be bookmarked, and the back button
 * returns to the previous tab. A new tab is a new page, so its inputs start empty.
 */
export function TabLinks({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: Array<{ id: string; label: string; to: string }>;
  current: string;
}) {
  if (tabs.length < 2) return null;
  return (
    <nav className="tabs" aria-label={label}>
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
