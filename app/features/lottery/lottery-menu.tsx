/**
 * The lottery mega-menu of the main game menu (document 001, section 2, screen 2): the groups
 * of the templates' prize mode with new and hot labels, the other lotteries (Vietnamese, SEA in
 * a new window) and the long-dragon button. On wide screens a panel that opens on hover and
 * focus like the other groups; on phones a <details> of the header's menu. No scripts needed.
 */
import { Link, useLocation } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { MenuChevron } from "~/features/games/menu-chevron";
import { LotteryGameLink, LotteryTag } from "./lottery-list";
import type { LotteryGameView, LotteryMenu } from "./lottery.server";

const LOTTERY_PATHS = ["/lott", "/elott", "/lottery", "/vnlottery"];

function GameEntry({ game }: { game: LotteryGameView }) {
  return (
    <LotteryGameLink game={game} className="lottery-menu__game">
      <span>{game.name}</span>
      <LotteryTag tag={game.tag} />
    </LotteryGameLink>
  );
}

function Panel({ menu }: { menu: LotteryMenu }) {
  const { t } = usePageTranslation();
  return (
    <div className="lottery-menu">
      {menu.groups.map((group) => (
        <section key={group.id} className="lottery-menu__group" aria-label={group.title}>
          <h3 className="lottery-menu__title">{group.title}</h3>
          <ul>
            {group.games.map((game) => (
              <li key={game.gameCode}>
                <GameEntry game={game} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {menu.vn || menu.sea.length ? (
        <section className="lottery-menu__group lottery-menu__group--other" aria-label={t("menu_lottery_other")}>
          <h3 className="lottery-menu__title">{t("menu_lottery_other")}</h3>
          <ul>
            {menu.vn ? (
              <li>
                <Link to={menu.vn} className="lottery-menu__game" data-testid="menu-vn-lottery">
                  {t("menu_vn_lottery")}
                </Link>
              </li>
            ) : null}
            {menu.sea.map((game) => (
              <li key={game.gameCode}>
                <GameEntry game={game} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="lottery-menu__actions">
        <Link to={menu.longDragon} className="button button--small" data-testid="menu-long-dragon">
          {t("menu_long_dragon")}
        </Link>
        <Link to={menu.lobby} className="button button--small button--secondary">
          {t("menu_lottery_all")}
        </Link>
      </p>
    </div>
  );
}

export function LotteryMenuItem({ menu }: { menu: LotteryMenu }) {
  const { t } = usePageTranslation();
  const { pathname } = useLocation();
  const current = LOTTERY_PATHS.includes(pathname.toLowerCase());
  return (
    <li className="game-menu__item game-menu__item--group game-menu__item--long game-menu__item--lottery" data-testid="menu-lottery">
      <Link
        to={menu.lobby}
        className={current ? "game-menu__link game-menu__link--current" : "game-menu__link"}
        aria-current={current ? "true" : undefined}
      >
        {t("menu_lottery")}
        <MenuChevron />
      </Link>
      <div className="game-menu__panel game-menu__panel--lottery">
        <Panel menu={menu} />
      </div>
    </li>
  );
}

export function LotteryMenuListItem({ menu }: { menu: LotteryMenu }) {
  const { t } = usePageTranslation();
  return (
    <li>
      <details className="game-menu-list__group">
        <summary className="game-menu-list__link">
          {t("menu_lottery")}
          <MenuChevron />
        </summary>
        <Panel menu={menu} />
      </details>
    </li>
  );
}
