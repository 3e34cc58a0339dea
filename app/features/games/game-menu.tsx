/**
 * The main game menu (document 001, section 2, screen 2), drawn from the model of menu.ts, in two
 * shapes that work without scripts:
 * - `GameMenuBar`, wide screens: a bar under the header; each group's panel opens on hover and on
 *   keyboard focus (CSS :hover and :focus-within), a wider multi-column panel for the long layout;
 * - `GameMenuList`, phones: inside the header's <details> menu, a vertical list whose groups are
 *   themselves <details>.
 * CSS shows one of the two at a time (app.css, "Game menu"); the hidden one is display: none, out
 * of the accessibility tree.
 */
import { Link, useLocation } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { MenuChevron } from "./menu-chevron";
import { tileInitials, tileTone } from "~/features/games/game-tile";
import { LotteryMenuItem, LotteryMenuListItem } from "~/features/lottery/lottery-menu";
import { AGENT_HREF, currentGroupId, type GameMenu, type GameMenuChild, type GameMenuGroup } from "./menu";

export function GameMenuBar({ menu }: { menu: GameMenu }) {
  const { t } = usePageTranslation();
  const { pathname } = useLocation();
  const current = currentGroupId(menu, pathname);
  return (
    <nav className="game-menu" aria-label={t("menu_label")} data-testid="game-menu">
      <ul className="game-menu__bar">
        <li className="game-menu__item">
          <Link to="/" className="game-menu__link" aria-current={pathname === "/" ? "page" : undefined}>
            {t("menu_home")}
          </Link>
        </li>
        {menu.groups.map((group) => (
          <li
            key={group.id}
            className={
              group.long ? "game-menu__item game-menu__item--group game-menu__item--long" : "game-menu__item game-menu__item--group"
            }
          >
            <GroupLink group={group} current={group.id === current} />
            <div className="game-menu__panel">
              <ul className="game-menu__children">
                {group.children.map((child) => (
                  <li key={child.code}>
                    <ChildLink child={child} />
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ))}
        {menu.lottery ? <LotteryMenuItem menu={menu.lottery} /> : null}
        {menu.agent ? (
          <li className="game-menu__item game-menu__item--agent">
            <Link to={AGENT_HREF} className="game-menu__link" data-testid="menu-agent">
              {t("menu_agent")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** The group's own link (its lobby), with a chevron; a lane of no known type is a focusable label that still opens its panel. */
function GroupLink({ group, current }: { group: GameMenuGroup; current: boolean }) {
  const chevron = <MenuChevron />;
  return group.href ? (
    <Link
      to={group.href}
      className={current ? "game-menu__link game-menu__link--current" : "game-menu__link"}
      aria-current={current ? "true" : undefined}
    >
      {group.title}
      {chevron}
    </Link>
  ) : (
    // Focusable, so that keyboard focus opens the panel (:focus-within) without scripts.
    <span className="game-menu__link" tabIndex={0}>
      {group.title}
      {chevron}
    </span>
  );
}

function ChildLink({ child }: { child: GameMenuChild }) {
  const { t } = usePageTranslation();
  return (
    <Link to={child.href} className="game-menu__child" data-vendor={child.code}>
      {child.icon ? (
        <img className="game-menu__icon" src={child.icon} alt="" width="36" height="36" loading="lazy" decoding="async" />
      ) : (
        <span className={`game-menu__icon game-menu__initials game-tile__initials--${tileTone(child.code)}`} aria-hidden="true">
          {tileInitials(child.name)}
        </span>
      )}
      <span className="game-menu__text">
        <span className="game-menu__name">{child.name}</span>
        {child.rebate || child.hot ? (
          <span className="game-menu__badges">
            {child.hot ? <span className="badge badge--hot">{t("tile_hot")}</span> : null}
            {child.rebate ? <span className="badge badge--rebate">{t("menu_rebate", { rate: child.rebate })}</span> : null}
          </span>
        ) : null}
      </span>
    </Link>
  );
}

/** The phone's menu: home, each group a <details> of its lobby and children, the agent entry. */
export function GameMenuList({ menu }: { menu: GameMenu }) {
  const { t } = usePageTranslation();
  const { pathname } = useLocation();
  const current = currentGroupId(menu, pathname);
  return (
    <nav className="game-menu-list" aria-label={t("menu_label")}>
      <ul className="game-menu-list__items">
        <li>
          <Link to="/" className="game-menu-list__link" aria-current={pathname === "/" ? "page" : undefined}>
            {t("menu_home")}
          </Link>
        </li>
        {menu.groups.map((group) => (
          <li key={group.id}>
            <details className="game-menu-list__group" open={group.id === current || undefined}>
              <summary className="game-menu-list__link">
                {group.title}
                <MenuChevron />
              </summary>
              <ul className="game-menu-list__children">
                {group.href ? (
                  <li>
                    <Link to={group.href} className="game-menu__child game-menu__child--all">
                      {t("menu_all_of", { title: group.title })}
                    </Link>
                  </li>
                ) : null}
                {group.children.map((child) => (
                  <li key={child.code}>
                    <ChildLink child={child} />
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
        {menu.lottery ? <LotteryMenuListItem menu={menu.lottery} /> : null}
        {menu.agent ? (
          <li>
            <Link to={AGENT_HREF} className="game-menu-list__link">
              {t("menu_agent")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
