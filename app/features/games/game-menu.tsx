/**
 * The main game menu (document 001, section 2, screen 2), drawn from the model of menu.ts in one
 * markup for every width (issue 25). CSS lays it out (app.css, "Game menu"):
 * - wide screens: a bar under the header row; each group's panel opens on hover and on keyboard
 *   focus inside it (:hover, :focus-within), a wider multi-column panel for the long layout;
 * - phones and tablets: a list inside the header's menu, where each group's <details> opens the
 *   panel beside it (the sibling selector [open] ~ panel), with an "all of" link to the lobby.
 * No scripts needed for either. It is a shared fragment (decision 041): drawn from props only, with
 * plain anchors (the fragment's one handler keeps clicks client-side) and the current entry marked
 * by data-menu, never by the page's location.
 */
import { usePageTranslation } from "~/i18n/translation";
import { GroupHead } from "./menu-head";
import { tileInitials, tileTone } from "~/features/games/game-tile";
import { LotteryMenuItem } from "~/features/lottery/lottery-menu";
import { AGENT_HREF, type GameMenu, type GameMenuChild } from "./menu";

/** `guest`: the lottery's games lead to the login first (gated links). */
export function GameMenuNav({ menu, guest }: { menu: GameMenu; guest: boolean }) {
  const { t } = usePageTranslation();
  return (
    <nav className="game-menu game-menu-list" aria-label={t("menu_label")} data-testid="game-menu">
      <ul className="game-menu__bar">
        <li className="game-menu__item game-menu__item--home">
          <a data-menu="home" href="/" className="game-menu__link">
            {t("menu_home")}
          </a>
        </li>
        {menu.groups.map((group) => (
          <li
            key={group.id}
            className={
              group.long ? "game-menu__item game-menu__item--group game-menu__item--long" : "game-menu__item game-menu__item--group"
            }
          >
            <GroupHead group={group} />
            <div className="game-menu__panel">
              {group.href ? (
                <a href={group.href} className="game-menu__child game-menu__child--all">
                  {t("menu_all_of", { title: group.title })}
                </a>
              ) : null}
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
        {menu.lottery ? <LotteryMenuItem menu={menu.lottery} guest={guest} /> : null}
        {menu.agent ? (
          <li className="game-menu__item game-menu__item--agent">
            <a href={AGENT_HREF} className="game-menu__link" data-testid="menu-agent">
              {t("menu_agent")}
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

function ChildLink({ child }: { child: GameMenuChild }) {
  const { t } = usePageTranslation();
  return (
    <a href={child.href} className="game-menu__child" data-vendor={child.code}>
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
    </a>
  );
}
