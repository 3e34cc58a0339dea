/**
 * The member centre's landing page (/member): who the player is, the balance, and every page open
 * to them as a card, with the counts that ask for attention (available promotions, missions,
 * unread messages). Members and agents; trial accounts are refused by the gate.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { openCentre } from "~/features/member/centre.server";
import { loadInfoBar } from "~/features/member/info-bar.server";
import { memberMenu } from "~/features/member/menu";
import { memberHref, titleKey } from "~/features/member/routes";
import { MASKED_BALANCE } from "~/features/member/balance-controls";

export async function loader({ request }: LoaderFunctionArgs) {
  const centre = await openCentre(request);
  const [facts, info] = await Promise.all([centre.facts, loadInfoBar(request, centre)]);
  return json({
    info,
    menu: memberMenu(facts),
    counts: { rewardCenter: facts.availableCount, missionLeaderboard: facts.missionCount ?? 0, messageV2: info.unread ?? 0 },
  });
}

export default function Member() {
  const { t } = usePageTranslation();
  const { info, menu, counts } = useLoaderData<typeof loader>();
  return (
    <section className="member-page member-home" aria-labelledby="member-title">
      <h1 id="member-title">{t("member_overview")}</h1>
      <dl className="member-facts stat-grid">
        <div>
          <dt>{t("account")}</dt>
          <dd data-testid="member-account">{info.account}</dd>
        </div>
        <div>
          <dt>{t("nickname")}</dt>
          <dd data-testid="member-nickname">{info.nickname || "—"}</dd>
        </div>
        <div>
          <dt>{t("vip_level")}</dt>
          <dd data-testid="member-vip">{info.vipLabel ?? t("vip_none")}</dd>
        </div>
        <div>
          <dt>{t("balance")}</dt>
          <dd data-testid="member-balance">{info.balanceHidden ? MASKED_BALANCE : (info.balance ?? t("balance_unavailable"))}</dd>
        </div>
      </dl>
      {menu.map((group) => (
        <section key={group.title} className="member-home__group" aria-labelledby={`home-${group.title}`}>
          <h2 id={`home-${group.title}`}>{t(group.title)}</h2>
          <ul className="member-cards">
            {group.routeKeys.map((key) => {
              const count = counts[key as keyof typeof counts];
              return (
                <li key={key}>
                  <Link to={memberHref(key)} className="member-card" data-route-key={key}>
                    <span className="member-card__title">{t(titleKey(key))}</span>
                    <span className="member-card__hint">{t(`member_hint_${key}`)}</span>
                    {count ? <span className="count-badge">{count}</span> : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <p className="actions">
        <Link to="/change-password" className="button button--secondary">
          {t("change_password")}
        </Link>
      </p>
    </section>
  );
}
