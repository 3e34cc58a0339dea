/**
 * The points mall's frame (document 002, section 2): the user card with the point balance (a
 * refresh is a plain link to the same page: it works without scripts, and with them it reloads
 * the balance without a new page) and the mall's own menu — exchange goods, redeem records, point
 * transactions, rules — beside its pages. PTSYS3 switches the whole mall off: every page of it
 * calls requirePointMall.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { loadPointBalance, requirePointMall } from "~/features/points/points.server";
import { formatPoints, pointMallHref } from "~/features/points/mall";

export const handle = { i18n: ["points", "member"] };
export { pointsLinks as links } from "~/styles/areas";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requirePointMall(request);
  const balance = await loadPointBalance(request, member);
  return json({
    balance: formatPoints(balance),
    account: member.facts.member?.nickname || String(member.session.get("account") ?? ""),
  });
}

const MENU = [
  { to: pointMallHref(), key: "points_menu_goods" },
  { to: pointMallHref("records"), key: "points_menu_records" },
  { to: pointMallHref("transactions"), key: "points_menu_transactions" },
  { to: pointMallHref("rules"), key: "points_menu_rules" },
] as const;

const OTHER_PAGES = ["/records", "/transactions", "/rules"];

export default function PointMall() {
  const { t } = usePageTranslation();
  const { balance, account } = useLoaderData<typeof loader>();
  const location = useLocation();
  // Exchange goods is the mall's own address and every product under it.
  const onGoods = !OTHER_PAGES.some((p) => location.pathname.endsWith(p));
  return (
    <section className="member-page points-mall" aria-labelledby="points-title">
      <h1 id="points-title">{t("member_page_pointMall")}</h1>
      <div className="points-mall__grid">
        <aside className="points-mall__side">
          <div className="points-card" data-testid="points-card">
            <span className="points-card__account">{account}</span>
            <span className="points-card__label">{t("points_balance")}</span>
            <strong className="points-card__balance" data-testid="point-balance">
              {balance ?? "—"}
            </strong>
            <Link to={`${location.pathname}${location.search}`} className="points-card__refresh" preventScrollReset replace>
              {t("points_refresh")}
            </Link>
          </div>
          <nav className="points-menu" aria-label={t("points_menu")}>
            {MENU.map((item) => {
              const current = item.key === "points_menu_goods" ? onGoods : location.pathname === item.to;
              return (
                <Link
                  key={item.key}
                  to={item.to}
                  className={current ? "points-menu__link points-menu__link--current" : "points-menu__link"}
                  aria-current={current ? "page" : undefined}
                >
                  {t(item.key)}
                </Link>
              );
            })}
          </nav>
        </aside>
        <div className="points-mall__main">
          <Outlet />
        </div>
      </div>
    </section>
  );
}
