import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { LogoutButton } from "~/components/layout";
import { getLocale } from "~/i18n/i18n.server";
import { loadPlayerFigures, playerSummary } from "~/features/site/player.server";
import { loadSettings } from "~/features/site/site.server";
import { bindOperator } from "~/operator/operator.server";
import { requirePlayer } from "~/server/gate.server";

/** The member centre's landing page: members and agents; trial accounts are refused. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await requirePlayer(request, { member: true });
  const locale = await getLocale(request);
  // The member's own values first; the session's copy is what login saw.
  const [settings, figures] = await Promise.all([loadSettings(locale), loadPlayerFigures(request, bindOperator(session, locale))]);
  return json(playerSummary(session, figures, settings));
}

export default function Member() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <section className="panel member-centre" aria-labelledby="member-title">
      <h1 id="member-title">{t("member_centre")}</h1>
      <dl className="member-facts">
        <dt>{t("account")}</dt>
        <dd data-testid="member-account">{data.account}</dd>
        <dt>{t("nickname")}</dt>
        <dd data-testid="member-nickname">{data.nickname || "—"}</dd>
        <dt>{t("vip_level")}</dt>
        <dd data-testid="member-vip">{data.vipLabel ?? t("vip_none")}</dd>
        <dt>{t("balance")}</dt>
        <dd data-testid="member-balance">{data.balance ?? t("balance_unavailable")}</dd>
      </dl>
      <p className="actions">
        <Link to="/change-password" className="button button--secondary">
          {t("change_password")}
        </Link>
      </p>
      <LogoutButton />
    </section>
  );
}
