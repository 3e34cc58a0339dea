/**
 * /lottery: the operator's lottery client in the shell (document 001, section 2) — a game
 * (?playType=…&gameCode=…), the long dragon (?gameCode=long_dragon), a quick bet
 * (?gameId=…&gameCode=…&bet_param=…) or, with no game named, the lottery lobby.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { lotteryFrame } from "~/features/lottery/launch.server";
import { LotteryFrame } from "~/features/lottery/lottery-frame";
import { LONG_DRAGON } from "~/features/lottery/lottery";

export const handle = { i18n: "lottery" };
export { lotteryLinks as links } from "~/styles/areas";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { data, status } = await lotteryFrame(request, context);
  return json(data, { status, headers: { "Cache-Control": "no-store" } });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? data?.gameCode ?? "" }];

export default function Lottery() {
  const data = useLoaderData<typeof loader>();
  const { t } = usePageTranslation("lottery");
  const title = data.gameCode === LONG_DRAGON ? t("lottery_long_dragon") : (data.title ?? t("lottery_lobby_title"));
  return <LotteryFrame data={data} title={title} />;
}
