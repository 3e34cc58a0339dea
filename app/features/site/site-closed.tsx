/**
 * The site-closed page (document 001, section 2 screen 1): maintenance or a region's access
 * denied, as site-state.server.ts answers it for every page. The title in English and Chinese,
 * the text in Thai, Japanese or Chinese (the spec's three), the window's times, the visitor's IP
 * address and the way to customer service; the labels around them in the visitor's language.
 */
import { HTML_LANG } from "~/i18n/config";
import { usePageTranslation } from "~/i18n/translation";
import type { SiteClosedPage } from "~/features/site/site-state.server";
import { ServiceLinks } from "~/features/site/service-links";

export function SiteClosedView({ site }: { site: SiteClosedPage }) {
  const { t } = usePageTranslation();
  const maintenance = site.kind === "maintenance";
  return (
    <section className="panel site-closed" aria-labelledby="site-closed-title" data-testid="site-closed" data-kind={site.kind}>
      <span className={`site-closed__icon site-closed__icon--${site.kind}`} aria-hidden="true" />
      <h1 id="site-closed-title" className="site-closed__title">
        <span lang="en">{site.titles[0]}</span>
        <span lang="zh-CN">{site.titles[1]}</span>
      </h1>
      <p className="site-closed__text" lang={HTML_LANG[site.bodyLocale]}>
        {site.body}
      </p>
      {maintenance && (site.startText || site.endText) ? (
        <dl className="site-closed__window">
          {site.startText ? (
            <div>
              <dt>{t("site_maintenance_start")}</dt>
              <dd>{site.startText}</dd>
            </div>
          ) : null}
          {site.endText ? (
            <div>
              <dt>{t("site_maintenance_end")}</dt>
              <dd data-testid="site-closed-end">{site.endText}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <p className="site-closed__ip">
        {t("site_your_ip")}: <strong data-testid="site-closed-ip">{site.ip}</strong>
      </p>
      <p className="actions">
        <ServiceLinks links={site.service} />
      </p>
    </section>
  );
}
