import type { LoaderFunctionArgs } from "@remix-run/node";
import { routes } from "~/lib/seo.server";
import { indexablePaths } from "~/lib/seo";

export const handle = { seo: { crawl: true } };

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** sitemap.xml: the routes whose handle says `seo: { index: true }` (app/lib/seo.ts), on this site's origin. */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const urls = indexablePaths(routes)
    .map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
