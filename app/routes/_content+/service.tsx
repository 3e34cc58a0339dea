/**
 * Customer service (document 001, sections 2 and 5): the merchant's entries for this visitor —
 * a player's club label's own, else those without a label — each opening in the service window
 * with scripts (ServiceLinks), a new tab without. The footer and the site-closed page lead here
 * or to the entries themselves; addresses are decrypted on the server.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { getLocale } from "~/i18n/i18n.server";
import { getSession } from "~/server/session.server";
import { customerServiceLinks, loadSettings } from "~/features/site/site.server";
import { ServiceLinks } from "~/features/site/service-links";

export const handle = { seo: { crawl: true } };

export async function loader({ request }: LoaderFunctionArgs) {
  const [session, locale] = await Promise.all([getSession(request), getLocale(request)]);
  const settings = await loadSettings(locale);
  return json({ service: customerServiceLinks(settings.customerService, session.get("clubLabelId")) });
}

export default function CustomerService() {
  const { t } = usePageTranslation();
  const { service } = useLoaderData<typeof loader>();
  return (
    <section className="panel service-page" aria-labelledby="service-title" data-testid="service-page">
      <h1 id="service-title">{t("customer_service")}</h1>
      {service.length ? (
        <>
          <p>{t("customer_service_intro")}</p>
          <ul className="service-page__list">
            {service.map((entry) => (
              <li key={entry.url}>
                <ServiceLinks links={[entry]} label={entry.name} className="button button--secondary" />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p role="status">{t("service_page_none")}</p>
      )}
    </section>
  );
}
