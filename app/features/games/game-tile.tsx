/**
 * The game tile, the main visual unit of the games pages (design.md, "The look"): the icon at a
 * fixed 1:1 ratio (lazy, with its size set so the grid never jumps), or the game's initials when
 * the operator gives no usable icon; the name, the vendor line, hot and new badges, and an
 * actions area where the page puts its Play, free-trial and favourite forms. Tiles stand in a
 * TileGrid: 2 columns on a phone, 4 to 6 on a desktop.
 */
import type { ReactNode } from "react";
import { usePageTranslation } from "~/i18n/translation";
import type { GameView } from "~/features/games/types";

/** The icon's drawn size in CSS pixels (the tile scales it; width and height keep the ratio). */
export const TILE_ICON_SIZE = 160;

/** Up to two letters for a tile without an icon: the first of two words, or two characters of one. */
export function tileInitials(name: string): string {
  const words = name
    .trim()
    .split(/[\s\-_·・:：]+/u)
    .filter(Boolean);
  if (!words.length) return "?";
  const first = Array.from(words[0]);
  const letters =
    words.length > 1 && /^[\p{L}\p{N}]/u.test(words[1]) && /^[\p{Script=Latin}\p{N}]/u.test(words[0])
      ? [first[0], Array.from(words[1])[0]]
      : first.slice(0, 2);
  return letters.join("").toUpperCase();
}

/** One of six fallback colours, the same for a game every time (CSS picks it by class: no inline style under the CSP). */
export function tileTone(key: string): number {
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return hash % 6;
}

export function GameTile({ game, actions }: { game: GameView; actions?: ReactNode }) {
  const { t } = usePageTranslation();
  const badges = (
    <>
      {game.hot ? <span className="badge badge--hot">{t("tile_hot")}</span> : null}
      {game.isNew ? <span className="badge badge--new">{t("tile_new")}</span> : null}
    </>
  );
  return (
    <li className="game-tile" data-game={game.key}>
      <div className="game-tile__media">
        {game.icon ? (
          <img
            className="game-tile__icon"
            src={game.icon}
            alt=""
            width={TILE_ICON_SIZE}
            height={TILE_ICON_SIZE}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className={`game-tile__initials game-tile__initials--${tileTone(game.key)}`} aria-hidden="true">
            {tileInitials(game.name)}
          </span>
        )}
        {game.hot || game.isNew ? <span className="game-tile__badges">{badges}</span> : null}
      </div>
      <div className="game-tile__body">
        <p className="game-tile__name" title={game.name}>
          {game.name}
        </p>
        {game.vendorName ? <p className="game-tile__vendor">{game.vendorName}</p> : null}
      </div>
      {actions ? <div className="game-tile__actions">{actions}</div> : null}
    </li>
  );
}

/** The grid of tiles: a list, named for assistive technology by `label`. */
export function TileGrid({ label, children, className }: { label?: string; children: ReactNode; className?: string }) {
  return (
    <ul className={className ? `tile-grid ${className}` : "tile-grid"} aria-label={label}>
      {children}
    </ul>
  );
}
