import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

export const handle = { seo: { crawl: true } };

/** /index is the spec's other name for home (the forced password change ends there). */
export function loader({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(`/${search}`, 301);
}
