/**
 * The lottery mega-menu of the main game menu (document 001, section 2, screen 2): the groups
 * of the templates' prize mode with new and hot labels, the other lotteries (Vietnamese, SEA in
 * a new window) and the long-dragon button. On wide screens a panel that opens on hover and
 * focus like the other groups; on phones a <details> of the header's menu. No scripts needed.
 */
import { usePageTranslation } from "~/i18n/translation";
import { GroupHead } from "~/features/games/menu-head";
import { loginHref } from "~/features/auth/login-href";
import type { LotteryGameView, LotteryMenu } from "./lottery.server";

/** A game's entry: a new window for the SEA lotteries; for a guest, the login first (gated: the pop-up with scripts). */
function GameEntry({ game, guest }: { game: LotteryGameView; guest: boolean }) {
  const { t } = usePageTranslation();
  const body = (
    <>
      <span>{game.name}</span>
      {game.tag ? <span className={`badge badge--${game.tag}`}>{t(game.tag === "hot" ? "tile_hot" : "tile_new")}</span> : null}
    </>
  );
  if (game.newWindow) {
    return (
      <a href={game.href} className="lottery-menu__game" target="_blank" rel="noopener">
        {body}
      </a>
    );
  }
  return guest ? (
    <a href={loginHref({ redirectTo: game.href })} className="lottery-menu__game" data-gated="">
      {body}
    </a>
  ) : (
    <a href={game.href} className="lottery-menu__game">
      {body}
    </a>
  );
}

function Panel({ menu, guest }: { menu: LotteryMenu; guest: boolean }) {
  const { t } = usePageTranslation();
  return (
    <div className="lottery-menu">
      {menu.groups.map((group) => (
        <section key={group.id} className="lottery-menu__group" aria-label={group.title}>
          <h3 className="lottery-menu__title">{group.title}</h3>
          <ul>
            {group.games.map((game) => (
              <li key={game.gameCode}>
                <GameEntry game={game} guest={guest} />
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
                <a href={menu.vn} className="lottery-menu__game" data-testid="menu-vn-lottery">
                  {t("menu_vn_lottery")}
                </a>
              </li>
            ) : null}
            {menu.sea.map((game) => (
              <li key={game.gameCode}>
                <GameEntry game={game} guest={guest} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="lottery-menu__actions">
        <a href={menu.longDragon} className="button button--small" data-testid="menu-long-dragon">
          {t("menu_long_dragon")}
        </a>
        <a href={menu.lobby} className="button button--small button--secondary">
          {t("menu_lottery_all")}
        </a>
      </p>
    </div>
  );
}

/** The lottery's entry of the game menu (game-menu.tsx): its head, and the mega-menu as its panel. */
export function LotteryMenuItem({ menu, guest }: { menu: LotteryMenu; guest: boolean }) {
  const { t } = usePageTranslation();
  return (
    <li className="game-menu__item game-menu__item--group game-menu__item--long game-menu__item--lottery" data-testid="menu-lottery">
      <GroupHead group={{ id: "lottery", title: t("menu_lottery"), href: menu.lobby }} />
      <div className="game-menu__panel game-menu__panel--lottery">
        <Panel menu={menu} guest={guest} />
      </div>
    </li>
  );
}
