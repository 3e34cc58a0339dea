/**
 * The way to customer service (document 001, sections 2 and 5): one entry is a button, several a
 * menu of their names (a <details>, so it opens without scripts). An entry opens in a window of
 * 440×750 with scripts, as the original's pop-up; without, a link to a new tab. The addresses are
 * the operator's own (decrypted on the server, site.server.ts's customerServiceLinks).
 */
import type { MouseEvent } from "react";
import { usePageTranslation } from "~/i18n/translation";
import { isPlainClick } from "~/lib/clicks";
import type { ServiceLink } from "~/features/site/site.server";

export const SERVICE_WINDOW = { width: 440, height: 750 };

function openServiceWindow(event: MouseEvent<HTMLAnchorElement>) {
  if (!isPlainClick(event)) return;
  const features = `popup=yes,width=${SERVICE_WINDOW.width},height=${SERVICE_WINDOW.height}`;
  // A blocked pop-up leaves the link to open its tab. ("noopener" in the features would make
  // every call answer null, so the window is cut from this page by hand.)
  const opened = window.open(event.currentTarget.href, "customer-service", features);
  if (opened === null) return;
  opened.opener = null;
  event.preventDefault();
}

export function ServiceLinks({ links, label, className = "button" }: { links: ServiceLink[]; label?: string; className?: string }) {
  const { t } = usePageTranslation();
  const text = label ?? t("site_contact_us");
  if (!links.length) return null;
  const link = (entry: ServiceLink, content: string, linkClass?: string) => (
    <a key={entry.url} href={entry.url} target="_blank" rel="noopener noreferrer" className={linkClass} onClick={openServiceWindow}>
      {content}
      <span className="visually-hidden"> {t("opens_new_window")}</span>
    </a>
  );
  if (links.length === 1) return link(links[0], text, className);
  return (
    <details className="service-menu">
      <summary className={className}>{text}</summary>
      <ul className="service-menu__list">
        {links.map((entry) => (
          <li key={entry.url}>{link(entry, entry.name, "service-menu__entry")}</li>
        ))}
      </ul>
    </details>
  );
}
