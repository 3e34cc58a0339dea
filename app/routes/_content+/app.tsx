import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

export const handle = { seo: { crawl: true } };

/**
 * /app is the spec's other name for the download page (document 001, section 2). A permanent
 * redirect rather than a second copy of the page: one address for search engines and caches to
 * keep, as /index does for home.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(`/download${search}`, 301);
}
