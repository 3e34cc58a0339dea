import type { GameMenuGroup } from "./menu";
import { MenuChevron } from "./menu-chevron";

/**
 * A group's two heads, one shown per width: the <details> that opens its panel in the phone's
 * list, and its own link (its lobby) with a chevron on the bar; a lane of no known type has a
 * focusable label instead, which still opens its panel.
 */
export function GroupHead({ group }: { group: Pick<GameMenuGroup, "id" | "title" | "href"> }) {
  return (
    <>
      <details data-menu={group.id} className="game-menu__toggle">
        <summary className="game-menu__summary">
          {group.title}
          <MenuChevron />
        </summary>
      </details>
      {group.href ? (
        <a data-menu={group.id} href={group.href} className="game-menu__link game-menu__link--group">
          {group.title}
          <MenuChevron />
        </a>
      ) : (
        // Focusable, so that keyboard focus opens the panel (:focus-within) without scripts.
        <span className="game-menu__link game-menu__link--group" tabIndex={0}>
          {group.title}
          <MenuChevron />
        </span>
      )}
    </>
  );
}
