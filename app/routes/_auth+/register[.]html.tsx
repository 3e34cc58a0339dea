import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

export const handle = { seo: { crawl: true } };

/** /register.html is the spec's other name for registration: one page, one address (query kept, ?r= and ?referralCode= included). */
export function loader({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(`/register${search}`, 301);
}
