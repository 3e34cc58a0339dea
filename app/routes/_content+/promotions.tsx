/**
 * /promotions (document 001, sections 1 and 2): the operator's promotions — an indexable page.
 * `?id={id}` or `#{id}` opens one; `?t={category}` keeps the grid to a category. Data and view:
 * features/content/promotions-page(.server).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/page-meta";
import { loadPromotionsPage } from "~/features/content/promotions-page.server";
import { PromotionsPage } from "~/features/content/promotions-page";

export const handle = { i18n: "content", seo: { index: true } };
export { contentLinks as links } from "~/styles/areas";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data, matches);

export function loader({ request }: LoaderFunctionArgs) {
  return loadPromotionsPage(request, "promotions");
}

export default function Promotions() {
  return <PromotionsPage heading="promotions" />;
}
