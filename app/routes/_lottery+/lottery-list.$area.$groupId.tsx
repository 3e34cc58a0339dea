/**
 * /lottery-list/:area/:groupId: every game of a lottery group with more than four (document
 * 001, section 2, screen 10). The list's "more" opens it over the page when scripts run;
 * without them, and from a bookmark, it is this page.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { groupListLoader } from "~/features/lottery/lobby-route.server";
import { GroupListView } from "~/features/lottery/lottery-list";

export const handle = { i18n: "lottery" };
export { lotteryLinks as links } from "~/styles/areas";

export const loader = ({ request, params }: LoaderFunctionArgs) => groupListLoader(request, params);

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.group.title }] : []);

export default function LotteryList() {
  return <GroupListView data={useLoaderData<typeof loader>()} />;
}
