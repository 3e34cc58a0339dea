/**
 * /lottery/trend?gameUrl=…: the operator's trend chart of a game in the shell (document 001,
 * section 2). Only a page on the operator's own origin is framed: any other address is refused,
 * so that no link can dress a stranger's page in the portal.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { trendUrlAllowed } from "~/features/lottery/launch.server";

export const handle = { i18n: "lottery" };

export function loader({ request }: LoaderFunctionArgs) {
  const url = trendUrlAllowed(new URL(request.url).searchParams.get("gameUrl"));
  return json({ url }, { status: url ? 200 : 400 });
}

export default function LotteryTrend() {
  const { url } = useLoaderData<typeof loader>();
  const { t } = usePageTranslation("lottery");
  if (!url) {
    return (
      <section className="panel lottery-closed" aria-labelledby="trend-title">
        <h1 id="trend-title">{t("lottery_trend")}</h1>
        <p role="alert">{t("lottery_trend_invalid")}</p>
        <p className="actions">
          <Link to="/lott" className="button">
            {t("lottery_back")}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="seamless lottery-frame" aria-labelledby="trend-title">
      <div className="seamless__bar">
        <Link to="/lott" className="button button--small button--secondary">
          {t("lottery_back")}
        </Link>
        <h1 id="trend-title" className="seamless__title">
          {t("lottery_trend")}
        </h1>
      </div>
      <iframe className="seamless__frame" src={url} title={t("lottery_trend")} referrerPolicy="no-referrer" data-testid="trend-frame" />
    </section>
  );
}
