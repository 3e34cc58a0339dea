// @vitest-environment jsdom
/** The game tile: icon at a fixed ratio (lazy, sized) or initials, name, vendor, badges, the actions slot. */
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { GameTile, TileGrid, tileInitials, tileTone } from "~/features/games/game-tile";
import type { GameView } from "~/features/games/types";
import { i18nOptions } from "~/i18n/config";
import { resources } from "~/i18n/resources";

afterEach(cleanup);

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ ...i18nOptions, lng: "CN", resources });
const CN = resources.CN.common as Record<string, string>;

// A cast: the lobby branch adds fields (category) that a tile does not read.
const game = {
  key: "SLO:1001",
  name: "Golden Orchard",
  icon: "https://cdn.example/res/games/g1.svg",
  vendor: "SLO",
  vendorName: "Slot Orchard",
  gameType: "RNG",
  gameId: "g1",
  roomId: null,
  nodeId: "1001",
  matchId: null,
  leagueId: null,
  sourceType: null,
  marketingDetailId: null,
  trial: true,
  newWindow: true,
  hot: true,
  isNew: false,
  favourite: false,
} as GameView;

function renderTiles(...games: GameView[]) {
  return render(
    <I18nextProvider i18n={i18n}>
      <TileGrid label="Games">
        {games.map((g) => (
          <GameTile key={g.key} game={g} actions={<button type="submit">Play</button>} />
        ))}
      </TileGrid>
    </I18nextProvider>,
  );
}

describe("<GameTile>", () => {
  it("draws the icon lazily at a fixed size, the name, the vendor, the hot badge and the actions", () => {
    renderTiles(game);
    const list = screen.getByRole("list", { name: "Games" });
    expect(list.className).toBe("tile-grid");
    const img = list.querySelector("img.game-tile__icon")!;
    expect(img.getAttribute("src")).toBe(game.icon);
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("width")).toBe("160");
    expect(img.getAttribute("height")).toBe("160");
    expect(img.getAttribute("alt")).toBe("");
    expect(screen.getByText("Golden Orchard").className).toBe("game-tile__name");
    expect(screen.getByText("Slot Orchard").className).toBe("game-tile__vendor");
    expect(screen.getByText(CN.tile_hot).className).toContain("badge--hot");
    expect(screen.queryByText(CN.tile_new)).toBeNull();
    expect(list.querySelector(".game-tile__actions button")?.textContent).toBe("Play");
  });

  it("draws the initials in a steady colour when there is no icon", () => {
    const { container } = renderTiles({ ...game, icon: null, hot: false, isNew: true });
    expect(container.querySelector("img")).toBeNull();
    const initials = container.querySelector(".game-tile__initials")!;
    expect(initials.textContent).toBe("GO");
    expect(initials.className).toContain(`game-tile__initials--${tileTone(game.key)}`);
    expect(screen.getByText(CN.tile_new)).toBeTruthy();
  });
});

describe("tileInitials", () => {
  it.each([
    ["Golden Orchard", "GO"],
    ["golden", "GO"],
    ["龙虎斗", "龙虎"],
    ["Mahjong 麻将", "M麻"],
    ["  ", "?"],
    ["🐉 Dragon", "🐉"],
  ])("%j → %j", (name, initials) => {
    expect(tileInitials(name)).toBe(initials);
  });
});
