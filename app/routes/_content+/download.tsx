/**
 * App download (document 001, section 2: /download, screen 12; /app answers it too): a QR code
 * for each of the iOS, Android and H5 apps the operator offers (its `resources`), with the
 * platform's name and a plain link, and the optional install guide (`downloadGuide` of the same
 * settings). The QR codes are drawn on the server (download.server.ts): no script is needed to
 * read the page, and the browser carries no QR library.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { pageMetaFor } from "~/features/content/page-meta.server";
import { pageMeta } from "~/lib/page-meta";
import { useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { getLocale } from "~/i18n/i18n.server";
import { quietly } from "~/operator/operator.server";
import { loadSettings } from "~/features/site/site.server";
import { appDownloads, installGuide, type AppDownload, type AppPlatform } from "~/features/content/download.server";
import { InstallGuide } from "~/features/content/install-guide";

export const handle = { i18n: "content", seo: { index: true } };
export { downloadLinks as links } from "~/styles/areas";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data, matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const [settings, meta] = await Promise.all([quietly(request, loadSettings(locale)), pageMetaFor(locale, "download")]);
  const downloads = await appDownloads(settings?.resources);
  // Without the settings the page cannot say whether there is an app: not a page to keep.
  return json({ downloads, guide: installGuide(settings?.downloadGuide), meta }, { status: settings ? 200 : 503 });
}

const PLATFORM_NAME = { IOS: "download_ios", Android: "download_android", H5: "download_h5" } as const satisfies Record<
  AppPlatform,
  string
>;

export default function Download() {
  const { t } = usePageTranslation("content");
  const { downloads, guide } = useLoaderData<typeof loader>();
  return (
    <section className="panel download-page" aria-labelledby="download-title" data-testid="download-page">
      <h1 id="download-title">{t("download_title")}</h1>
      <div className="download-page__body">
        <div className="download-page__apps">
          {downloads.length ? (
            <>
              <p className="download-page__intro">{t("download_intro")}</p>
              <ul className="download-grid">
                {downloads.map((download) => (
                  <li key={download.platform}>
                    <DownloadCard download={download} name={t(PLATFORM_NAME[download.platform])} />
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p role="status" className="download-page__none">
              {t("download_none")}
            </p>
          )}
        </div>
        {/* A guide to installing an app the page does not offer would lead nowhere. */}
        {downloads.length && guide.length ? <InstallGuide steps={guide} /> : null}
      </div>
    </section>
  );
}

function DownloadCard({ download, name }: { download: AppDownload; name: string }) {
  const { t } = usePageTranslation("content");
  const titleId = `download-${download.platform.toLowerCase()}`;
  return (
    <article className="download-card" aria-labelledby={titleId} data-platform={download.platform}>
      <h2 id={titleId}>{name}</h2>
      <img className="download-card__qr" src={download.qr} alt={t("download_qr_alt", { platform: name })} width={180} height={180} />
      <a href={download.url} target="_blank" rel="noopener noreferrer" aria-describedby={titleId}>
        {t("download_open")}
      </a>
    </article>
  );
}
