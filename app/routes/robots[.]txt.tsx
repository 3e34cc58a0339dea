import type { LoaderFunctionArgs } from "@remix-run/node";
import { disallowRules, PRIVATE_PATHS } from "~/lib/seo";

/** robots.txt: the player's own pages and the steps of flows stay out of search engines; the sitemap names the rest. */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const lines = [
    "User-agent: *",
    ...PRIVATE_PATHS.flatMap(disallowRules).map((rule) => `Disallow: ${rule}`),
    "Allow: /",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
