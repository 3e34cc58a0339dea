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
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { CentreFrame } from "~/components/centre-frame";
import { usePageTranslation } from "~/i18n/translation";
import { BalanceControls } from "~/features/member/balance-controls";
import { openCentre } from "~/features/member/centre.server";
import { memberMenu, pageOpen } from "~/features/member/menu";
import { memberHref, MEMBER_PATH, titleKey, type RouteKey } from "~/features/member/routes";
import { loadInfoBar } from "~/features/member/info-bar.server";
import { WalletList } from "~/features/member/wallet-list";
import { useOperatorColour } from "~/lib/operator-colour";
import { loadWallets } from "~/features/member/wallets.server";

export const handle = { i18n: "member" };
export { memberLinks as links } from "~/styles/areas";

export async function loader({ request }: LoaderFunctionArgs) {
  const centre = await openCentre(request);
  // With MYWALL off the wallet list is not shown, so not asked for (decision 037).
  const [facts, info, wallets] = await Promise.all([
    centre.facts,
    loadInfoBar(request, centre),
    centre.features.has("MYWALL") ? loadWallets(request, centre.operator) : null,
  ]);
  const badges: Partial<Record<RouteKey, number>> = {};
  if (facts.missionCount) badges.missionLeaderboard = facts.missionCount;
  if (info.unread) badges.messageV2 = info.unread;
  if (facts.availableCount) badges.rewardCenter = facts.availableCount;
  // A wallet's click opens My wallet only where that page is open to the player.
  return json({ menu: memberMenu(facts), badges, info, wallets, walletLinks: pageOpen("transferFund", facts) });
}

/** The unread count is read again when the centre or a message closes (refreshesUnread). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || refreshesUnread(currentUrl, nextUrl);

export default function MemberLayout() {
  const { t } = usePageTranslation();
  const { menu, badges, info, wallets, walletLinks } = useLoaderData<typeof loader>();
  const vipBadge = useOperatorColour<HTMLSpanElement>(info.vipColor);
  return (
    <CentreFrame
      path={MEMBER_PATH}
      title={t("member_centre")}
      menuLabel={t("member_menu")}
      testId="member"
      menu={menu.map((group) => ({
        title: t(group.title),
        links: group.routeKeys.map((key) => ({ key, href: memberHref(key), label: t(titleKey(key)), badge: badges[key] })),
      }))}
      info={
        <div className="member-info" data-testid="member-info">
          <span className="member-info__name">{info.nickname || info.account}</span>
          {info.vipLabel ? (
            <span className="player-badge player-badge--vip" ref={vipBadge}>
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
                <WalletList view={wallets} hidden={info.balanceHidden} links={walletLinks} />
              </div>
            </details>
          ) : null}
        </div>
      }
    >
      <Outlet />
    </CentreFrame>
  );
}
