import type { LoaderFunctionArgs } from "@remix-run/node";
import { routes } from "~/lib/seo.server";
import { disallowRules, privatePaths } from "~/lib/seo";

export const handle = { seo: { crawl: true } };

/** robots.txt: the routes whose handle does not open them (app/lib/seo.ts) stay out of search engines; the sitemap names the indexable ones. */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const lines = [
    "User-agent: *",
    ...privatePaths(routes)
      .flatMap(disallowRules)
      .map((rule) => `Disallow: ${rule}`),
    "Allow: /",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
