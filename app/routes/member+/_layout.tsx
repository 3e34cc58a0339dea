/**
 * The member centre's frame (document 002, section 2): the info bar, the left menu of the pages
 * open to this player, the page, and a close button. With scripts it is an overlay over the page
 * the player came from (Escape closes it); without, a page whose close leads home.
 *
 * The layout's loader draws the menu; it does not guard the pages: layouts and pages load side
 * by side, so every page's loader and action calls requireMember or requireMemberPage itself
 * (they share the facts fetched here for a few seconds).
 */
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { refreshesUnread } from "~/features/member/routes";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, NavLink, Outlet, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { usePageTranslation } from "~/i18n/translation";
import { LogoutButton } from "~/components/layout";
import { BalanceControls } from "~/features/member/balance-controls";
import { useBackdrop } from "~/components/backdrop";
import { openCentre } from "~/features/member/centre.server";
import { memberMenu } from "~/features/member/menu";
import { memberHref, MEMBER_PATH, titleKey, type RouteKey } from "~/features/member/routes";
import { loadInfoBar } from "~/features/member/info-bar.server";
import { WalletList } from "~/features/member/wallet-list";
import { loadWallets } from "~/features/member/wallets.server";

export const handle = { i18n: "member" };

/** React 18 does not know `inert`; an empty string passes it through as the attribute. */
const INERT = { inert: "" } as object;

export async function loader({ request }: LoaderFunctionArgs) {
  const centre = await openCentre(request);
  const [facts, info, wallets] = await Promise.all([centre.facts, loadInfoBar(request, centre), loadWallets(request, centre.operator)]);
  const badges: Partial<Record<RouteKey, number>> = {};
  if (facts.missionCount) badges.missionLeaderboard = facts.missionCount;
  if (info.unread) badges.messageV2 = info.unread;
  if (facts.availableCount) badges.rewardCenter = facts.availableCount;
  return json({ menu: memberMenu(facts), badges, info, wallets });
}

/** The unread count is read again when the centre or a message closes (refreshesUnread). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || refreshesUnread(currentUrl, nextUrl);

export default function MemberLayout() {
  const { t } = usePageTranslation();
  const { menu, badges, info, wallets } = useLoaderData<typeof loader>();
  const backdrop = useBackdrop();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const closeTo = backdrop?.from ?? "/";
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith(MEMBER_PATH);

  useEffect(() => {
    if (!backdrop) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !document.querySelector("dialog[open]")) navigate(closeTo);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [backdrop, closeTo, navigate]);

  return (
    <>
      {backdrop ? (
        // The page the player came from, as it looked: a picture behind the centre, never used.
        <div className="member-backdrop" aria-hidden="true" {...INERT} dangerouslySetInnerHTML={{ __html: backdrop.html }} />
      ) : null}
      <div
        className={backdrop ? "member-centre member-centre--overlay" : "member-centre"}
        role={backdrop ? "dialog" : undefined}
        aria-modal={backdrop ? true : undefined}
        aria-labelledby="member-centre-title"
      >
        <div className="member-centre__head">
          <p className="member-centre__title" id="member-centre-title">
            <Link to={MEMBER_PATH}>{t("member_centre")}</Link>
          </p>
          <div className="member-info" data-testid="member-info">
            <span className="member-info__name">{info.nickname || info.account}</span>
            {info.vipLabel ? (
              <span
                className="player-badge player-badge--vip"
                style={info.vipColor ? { borderColor: info.vipColor, color: info.vipColor } : undefined}
              >
                {info.vipLabel}
              </span>
            ) : null}
            {info.unread !== null ? (
              <Link to={memberHref("messageV2")} className="member-info__unread" aria-label={t("member_unread", { count: info.unread })}>
                {t("member_page_messageV2")}
                {info.unread > 0 ? (
                  <span className="count-badge" data-testid="unread-count">
                    {info.unread}
                  </span>
                ) : null}
              </Link>
            ) : null}
            <BalanceControls balance={info.balance} hidden={info.balanceHidden} testId="info-balance" />
            {wallets ? (
              <details className="wallet-menu">
                <summary className="button button--small button--ghost">{t("wallet_list")}</summary>
                <div className="wallet-menu__panel">
                  <WalletList view={wallets} hidden={info.balanceHidden} />
                </div>
              </details>
            ) : null}
            <LogoutButton small />
          </div>
          <Link to={closeTo} className="member-centre__close" aria-label={t("dialog_close")} data-testid="member-close">
            ×
          </Link>
        </div>
        <div className="member-centre__body">
          <nav className="member-menu" aria-label={t("member_menu")}>
            {menu.map((group) => (
              <div key={group.title} className="member-menu__group">
                <p className="member-menu__heading">{t(group.title)}</p>
                <ul>
                  {group.routeKeys.map((key) => (
                    <li key={key}>
                      <NavLink to={memberHref(key)} className="member-menu__link" data-route-key={key}>
                        <span>{t(titleKey(key))}</span>
                        {badges[key] ? <span className="count-badge">{badges[key]}</span> : null}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
          <div className={loading ? "member-centre__content is-loading" : "member-centre__content"} aria-busy={loading || undefined}>
            <Outlet />
          </div>
        </div>
      </div>
    </>
  );
}
