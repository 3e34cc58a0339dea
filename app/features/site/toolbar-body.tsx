/**
 * The tool bar's entries (toolbar.tsx), as a shared fragment draws them (decision 041): plain
 * anchors and the messaging apps' QR cards, props only. The browser draws them only when the
 * key is new to the page (lazy-part.tsx).
 */
import { usePageTranslation } from "~/i18n/translation";
import { loginHref } from "~/features/auth/login-href";
import type { ToolbarEntry } from "./toolbar";

/** Names that are the same in every language (WeChat has its own in Chinese: it is translated). */
const BRAND_NAMES = { qq: "QQ", zalo: "Zalo" };
function Icon({ id }: { id: string }) {
  const paths: Record<string, string> = {
    wechat:
      "M9 4C5 4 2 6.7 2 10c0 1.9 1 3.5 2.6 4.6L4 17l2.8-1.4c.7.2 1.4.3 2.2.3M15 9c3.9 0 7 2.5 7 5.5 0 1.6-.9 3-2.3 4l.5 2.2-2.5-1.3c-.9.3-1.8.4-2.7.4-3.9 0-7-2.5-7-5.5S11.1 9 15 9z",
    qq: "M12 3c3 0 5 2.4 5 5.5 0 1 .4 1.8 1 2.7 1 1.5 1.5 3 1 4.3-.5-.3-1-.8-1.3-1.4-.5 1.7-1.4 3-2.7 3.8.8.4 1.5 1 1.5 1.6 0 .8-2 1.5-4.5 1.5S7.5 21.3 7.5 20.5c0-.6.7-1.2 1.5-1.6-1.3-.8-2.2-2.1-2.7-3.8-.3.6-.8 1.1-1.3 1.4-.5-1.3 0-2.8 1-4.3.6-.9 1-1.7 1-2.7C7 5.4 9 3 12 3z",
    zalo: "M4 5h16v11H9l-5 4zM8 9h5l-5 4h5",
    service: "M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v6H5a1 1 0 0 1-1-1zM20 13h-3v6h2a1 1 0 0 0 1-1zM17 19c0 1.5-2 2-4 2",
    download: "M12 3v12M7 10l5 5 5-5M5 20h14",
    promotions: "M4 9h16v4H4zM6 13v8h12v-8M12 9v12M12 9c-2-4-6-4-6-1.5S9 9 12 9zm0 0c2-4 6-4 6-1.5S15 9 12 9z",
    speed: "M4 17a8 8 0 1 1 16 0M12 17l4-6",
    news: "M4 5h13v14H6a2 2 0 0 1-2-2zM17 9h3v8a2 2 0 0 1-2 2M7 9h7M7 13h7",
    help: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01",
    deposit: "M3 7h18v12H3zM3 11h18M7 15h4",
    member: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 3.6-6 8-6s8 2 8 6",
  };
  return (
    <svg className="toolbar__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={paths[id] ?? paths.help} />
    </svg>
  );
}

/** The entries, as a shared fragment draws them: plain anchors, props only. */
export function ToolbarBody({ entries }: { entries: readonly ToolbarEntry[] }) {
  const labels = useToolbarLabels();
  return (
    <ul className="toolbar__list">
      {entries.map((entry) => (
        <li key={entry.id} className="toolbar__item">
          {"qr" in entry ? (
            <div className="toolbar__qr">
              <button type="button" className="toolbar__link" title={labels[entry.id]}>
                <Icon id={entry.id} />
                <span className="toolbar__label">{labels[entry.id]}</span>
              </button>
              <div className="toolbar__qr-card">
                <img src={entry.qr} alt={labels[`${entry.id}_qr`]} width={128} height={128} loading="lazy" />
                {entry.href ? (
                  <a href={entry.href} target="_blank" rel="noopener noreferrer">
                    {labels.open}
                  </a>
                ) : null}
              </div>
            </div>
          ) : (
            <a
              className="toolbar__link"
              href={entry.gated ? loginHref({ redirectTo: entry.href }) : entry.href}
              data-gated={entry.gated ? "" : undefined}
              // The speed test is loaded as a document: its CSP names the domains it times, which
              // a client navigation would not bring (decision 047). A target the fragment's click
              // leaves to the browser.
              target={entry.id === "speed" ? "_self" : undefined}
              title={labels[entry.id]}
            >
              <Icon id={entry.id} />
              <span className="toolbar__label">{labels[entry.id]}</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

function useToolbarLabels(): Record<string, string> {
  const { t } = usePageTranslation("common");
  const ids = ["wechat", "service", "download", "promotions", "speed", "news", "help", "deposit", "member"];
  const labels: Record<string, string> = { ...BRAND_NAMES, ...Object.fromEntries(ids.map((id) => [id, t(`toolbar_${id}`)])) };
  for (const id of ["wechat", "qq", "zalo"]) labels[`${id}_qr`] = t("toolbar_qr", { app: labels[id] });
  labels.open = t("toolbar_open_app");
  return labels;
}
