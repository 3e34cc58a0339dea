/**
 * The domain speed test (document 001, section 2 screen 15; section 4): the operator's domain
 * routes, each with its time, its class and an enter button. The server times every domain for
 * the page, so it reads the same without scripts (and says so); with scripts the browser times
 * them itself after 500 ms, and "test again" shows the loader for 1 s before timing again.
 * Without scripts "test again" is a GET of this page: the server measures again.
 */
import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMetaFor } from "~/features/content/page-meta.server";
import { pageMeta } from "~/lib/page-meta";
import { usePageTranslation } from "~/i18n/translation";
import { getLocale } from "~/i18n/i18n.server";
import { measureDomains, readDomainOrigins } from "~/features/content/speed-test.server";
import { speedClass } from "~/features/content/speed-class";
import { useSpeedTest } from "~/features/content/use-speed-test";
import { IMAGE_ORIGINS_HEADER } from "~/server/security-headers.server";

export const handle = { i18n: "content", seo: { index: true } };
export { speedTestLinks as links } from "~/styles/areas";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data, matches);

// The loader's headers are the page's: no-store (the figures are of this moment) and the
// origins its CSP must let the browser's timing load images from.
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const [origins, meta] = await Promise.all([readDomainOrigins(request, locale), pageMetaFor(locale, "speedTest")]);
  const domains = origins ? await measureDomains(origins) : [];
  const headers = new Headers({ "Cache-Control": "no-store" });
  // img-src already allows every https: origin; a plain-http domain must be named.
  const plainHttp = (origins ?? []).filter((origin) => origin.startsWith("http:"));
  if (plainHttp.length) headers.set(IMAGE_ORIGINS_HEADER, plainHttp.join(" "));
  // An operator that did not give the list is a state of the page, not a failure of the portal.
  return json({ domains, unavailable: origins === null, meta }, { headers });
}

export default function SpeedTest() {
  const { t } = usePageTranslation("content");
  const data = useLoaderData<typeof loader>();
  const { domains, source, loading, testAgain } = useSpeedTest(data.domains);
  const empty = data.unavailable ? "speed_unavailable" : domains.length ? null : "speed_none";
  return (
    <section className="panel speed-page" aria-labelledby="speed-title" data-testid="speed-test-page">
      <h1 id="speed-title">{t("speed_title")}</h1>
      <p className="speed-page__intro">{t("speed_intro")}</p>
      {empty ? (
        <p role="status" className="speed-page__none">
          {t(empty)}
        </p>
      ) : (
        <>
          <p className="speed-page__source" data-source={source} aria-live="polite">
            {t(source === "server" ? "speed_from_server" : "speed_from_browser")}
          </p>
          <table className="speed-table" aria-busy={loading || domains.some((d) => d.timing)}>
            <caption className="visually-hidden">{t("speed_caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("speed_domain")}</th>
                <th scope="col">{t("speed_time")}</th>
                <th scope="col">{t("speed_class")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("speed_enter_column")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {domains.map((domain) => {
                const cls = speedClass(domain.ms);
                return (
                  <tr key={domain.origin} data-domain={domain.name} data-class={domain.timing ? "timing" : cls}>
                    <th scope="row" className="speed-table__domain">
                      <DomainName name={domain.name} />
                    </th>
                    <td className="speed-table__time">
                      {domain.timing ? (
                        t("speed_timing")
                      ) : domain.ms > 0 ? (
                        <span className="speed-table__ms">{t("speed_ms", { ms: domain.ms })}</span>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td>{domain.timing ? null : <span className={`speed-class speed-class--${cls}`}>{t(`speed_class_${cls}`)}</span>}</td>
                    <td className="speed-table__enter">
                      <a
                        className="button button--small"
                        href={`${domain.origin}/`}
                        aria-label={t("speed_enter_domain", { domain: domain.name })}
                      >
                        {t("speed_enter")}
                      </a>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <form
            method="get"
            action="/speed-test"
            className="speed-page__again"
            onSubmit={(event) => {
              // With scripts the browser times again; without, this GET has the server measure again.
              event.preventDefault();
              testAgain();
            }}
          >
            <button type="submit" className="button" disabled={loading}>
              {t("speed_again")}
            </button>
            {/* The live region stays in the page so that the loader's words are announced when they come. */}
            <span role="status" className="speed-page__status">
              {loading ? (
                <span className="speed-loader" data-testid="speed-loader">
                  <span className="spinner" aria-hidden="true" />
                  {t("speed_loading")}
                </span>
              ) : null}
            </span>
          </form>
        </>
      )}
    </section>
  );
}

/** A host with its port may break before the port on a narrow screen, never inside a number. */
function DomainName({ name }: { name: string }) {
  const colon = name.lastIndexOf(":");
  if (colon <= 0) return <>{name}</>;
  return (
    <>
      {name.slice(0, colon)}
      <wbr />
      {name.slice(colon)}
    </>
  );
}
