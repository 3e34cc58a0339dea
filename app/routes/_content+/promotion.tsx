/**
 * /promotion, the activity centre (document 001, section 2): the same promotions under the
 * operator's category tabs (`?t={category}`, as a banner's promotion link names one). Not one of
 * the spec's indexable paths: /promotions is the page search engines list. Data and view:
 * features/content/promotions-page(.server).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/page-meta";
import { loadPromotionsPage } from "~/features/content/promotions-page.server";
import { PromotionsPage } from "~/features/content/promotions-page";

export const handle = { i18n: "content" };
export { contentLinks as links } from "~/styles/areas";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data, matches);

export function loader({ request }: LoaderFunctionArgs) {
  return loadPromotionsPage(request, "promotion");
}

export default function ActivityCentre() {
  return <PromotionsPage heading="activity_centre" />;
}
