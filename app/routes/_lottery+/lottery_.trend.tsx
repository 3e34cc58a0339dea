/**
 * /lottery/trend?gameUrl=…: the operator's trend chart of a game in the shell (document 001,
 * section 2). Only a page on the operator's own origin is framed: any other address is refused,
 * so that no link can dress a stranger's page in the portal.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getLocale } from "~/i18n/i18n.server";
import { useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { trendUrlAllowed } from "~/features/lottery/launch.server";
import { LotteryFrame } from "~/features/lottery/lottery-frame";

export const handle = { i18n: "lottery" };
export { lotteryLinks as links } from "~/styles/areas";

export async function loader({ request }: LoaderFunctionArgs) {
  const allowed = trendUrlAllowed(new URL(request.url).searchParams.get("gameUrl"));
  if (!allowed) return json({ url: null }, { status: 400 });
  // The chart is the operator's page: it speaks the page's language only when told (as a launch is).
  const url = new URL(allowed);
  url.searchParams.set("language", await getLocale(request));
  return json({ url: url.toString() });
}

export default function LotteryTrend() {
  const { url } = useLoaderData<typeof loader>();
  const { t } = usePageTranslation("lottery");
  return (
    <LotteryFrame
      data={{ url, notice: null, numbersDropped: false, back: "/lott" }}
      title={t("lottery_trend")}
      unavailable={t("lottery_trend_invalid")}
      frameTestId="trend-frame"
    />
  );
}
