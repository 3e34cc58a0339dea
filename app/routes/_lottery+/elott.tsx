/** /elott: the lottery lobby of the ELOTT prize modes (an SEO path of document 001, section 2). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/page-meta";
import { useLoaderData } from "@remix-run/react";
import { lobbyLoader } from "~/features/lottery/lobby-route.server";
import { LotteryLobby } from "~/features/lottery/lobby-view";

export const handle = { i18n: "lottery", seo: { index: true } };
export { lotteryLinks as links } from "~/styles/areas";

export const loader = ({ request }: LoaderFunctionArgs) => lobbyLoader(request, "ELOTT");

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data, matches);

export default function Elott() {
  return <LotteryLobby lottery={useLoaderData<typeof loader>().lottery} />;
}
