import type { LoaderFunctionArgs } from "@remix-run/node";
import { getLocale } from "~/i18n/i18n.server";
import { loadSettings } from "~/features/site/site.server";
import { themeCss } from "~/styles/theme";
import { themeStylesheet } from "~/styles/theme.server";

/**
 * GET /resources/theme.css: the merchant's colours as CSS custom properties (decision 022), each
 * checked by a strict pattern, linked by the root after app.css with the theme's hash as `?v=`.
 * Cached by browsers and proxies for five minutes (the settings behind it for three), with an
 * ETag so a revalidation costs a 304. When the settings cannot be read, the default theme
 * (an empty rule) answers and is not kept.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const headers = new Headers({ "Content-Type": "text/css; charset=utf-8", "X-Content-Type-Options": "nosniff" });
  const settings = await loadSettings(await getLocale(request)).catch(() => null);
  if (!settings) {
    headers.set("Cache-Control", "no-cache");
    return new Response(themeCss(null), { status: 200, headers });
  }
  const { css, version } = themeStylesheet(settings.theme);
  const etag = `"${version}"`;
  headers.set("Cache-Control", "public, max-age=300");
  headers.set("ETag", etag);
  const asked = request.headers.get("If-None-Match");
  if (asked && asked.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(css, { status: 200, headers });
}
