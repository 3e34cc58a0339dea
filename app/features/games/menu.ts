/**
 * The main game menu bar (document 001, section 2, screen 2) as plain data: one group per lane of
 * the vendor list (`gameVendors`, value.data.lanes), each with its lane's cards as children (a
 * card hidden by isShow 0 or isHide 1 is left out), the children's icons and rebate badges, the
 * long layout for more than 4 children, and the agent entry for the agent kinds of isAgent.
 * Pure: the root loader builds it, the header draws it (game-menu.tsx), the tests read it.
 * Loader data reaches the browser: nothing here carries more than names, links and icons.
 */
import type { VendorCard, VendorLane } from "~/operator/answers";
import type { LotteryMenu } from "~/features/lottery/lottery.server";
import { resolveImage } from "./images";
import { LOBBY_ROUTES, lobbyHref, vendorGamesHref } from "./links";
import { isGameType, type GameType } from "./types";

/** isAgent values that show the agent entry (document 001, section 1: 1, 2, 41, 42). */
export const AGENT_MENU_KINDS: readonly number[] = [1, 2, 41, 42];

/** More children than this gives a group the long layout (a wider, multi-column panel). */
export const LONG_LAYOUT_ABOVE = 4;

export const AGENT_HREF = "/agent";

/** The rebate badge text: digits, a dot, and an optional percent sign ("1.2%", "0.5"). */
const REBATE_TEXT = /^[\d.]+%?$/;

export interface GameMenuChild {
  /** The vendor code (accountTypeName). */
  code: string;
  name: string;
  icon: string | null;
  /** Its lobby, or for a vassalage vendor its popup list of games. */
  href: string;
  rebate: string | null;
  hot: boolean;
  vassalage: boolean;
}

export interface GameMenuGroup {
  /** A stable key for the group (its game type, or the lane's position). */
  id: string;
  title: string;
  gameType: GameType | null;
  /** The group's own link: its game type's lobby; null when the lane names no known type. */
  href: string | null;
  long: boolean;
  children: GameMenuChild[];
}

export interface GameMenu {
  groups: GameMenuGroup[];
  /** The lottery mega-menu (lottery-menu.tsx); absent or null when the operator offers no lottery. */
  lottery?: LotteryMenu | null;
  /** The agent entry (link AGENT_HREF) is shown. */
  agent: boolean;
}

export interface ImageSources {
  imageCDNs?: readonly string[] | null;
  operatorOrigin?: string | null;
  random?: () => number;
}

export function showsAgentEntry(isAgent: number | null | undefined): boolean {
  return typeof isAgent === "number" && AGENT_MENU_KINDS.includes(isAgent);
}

/** isShow 0 or isHide 1 keeps a card out of the menu. */
export function cardShown(card: Pick<VendorCard, "isShow" | "isHide">): boolean {
  return card.isShow !== 0 && card.isHide !== 1;
}

/** The badge text when it is digits, dot and percent; anything else is not shown. */
export function rebateText(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text && REBATE_TEXT.test(text) && /\d/.test(text) ? text : null;
}

export function isVassalage(card: Pick<VendorCard, "isGame">): boolean {
  return card.isGame?.trim().toUpperCase() === "VASSALAGE";
}

/** The menu for a visitor of this isAgent (null: a guest) from the vendor list's lanes. */
export function buildGameMenu(
  lanes: readonly VendorLane[] | null | undefined,
  isAgent: number | null | undefined,
  images: ImageSources = {},
): GameMenu {
  const groups: GameMenuGroup[] = [];
  (lanes ?? []).forEach((lane, index) => {
    const laneType = lane.gameClassify?.trim().toUpperCase() ?? "";
    const gameType = isGameType(laneType) ? laneType : null;
    const children = lane.cards
      .filter(cardShown)
      .map((card) => menuChild(card, gameType, images))
      .filter((child): child is GameMenuChild => child !== null);
    const title = lane.title?.trim() || gameType || "";
    if (!children.length || !title) return;
    groups.push({
      id: gameType ?? `lane-${index}`,
      title,
      gameType,
      href: gameType ? lobbyHref(gameType) : null,
      long: children.length > LONG_LAYOUT_ABOVE,
      children,
    });
  });
  return { groups, agent: showsAgentEntry(isAgent) };
}

function menuChild(card: VendorCard, laneType: GameType | null, images: ImageSources): GameMenuChild | null {
  const cardType = card.gameType?.trim().toUpperCase();
  const gameType = isGameType(cardType) ? cardType : laneType;
  const vassalage = isVassalage(card);
  const code = card.accountTypeName;
  if (!vassalage && !gameType) return null;
  return {
    code,
    name: card.displayName?.trim() || card.title?.trim() || code,
    icon: resolveImage(card.smallIcon || card.lagerIcon, images.imageCDNs, images.operatorOrigin, images.random),
    href: vassalage ? vendorGamesHref(code) : lobbyHref(gameType!, code),
    rebate: rebateText(card.rebeat),
    hot: card.isHot === 1,
    vassalage,
  };
}

/** The group whose lobby the page is (marked on the bar): the game type of the lobby path, SEO paths included. */
export function currentGroupId(menu: GameMenu, pathname: string): string | null {
  const gameType = LOBBY_ROUTES[pathname.toLowerCase()]?.gameType;
  return (gameType && menu.groups.find((g) => g.gameType === gameType)?.id) || null;
}

const LOTTERY_PATHS = ["/lott", "/elott", "/lottery", "/vnlottery"];

/**
 * The menu entry (data-menu of game-menu.tsx) a page marks as current: home, the lottery, or the
 * game type of its lobby, which is the id of that type's group (buildGameMenu). Worked out from
 * the path alone: the page may not hold the menu's data (a document carries its markup).
 */
export function currentMenuEntry(pathname: string): string | null {
  const path = pathname.toLowerCase();
  if (path === "/") return "home";
  if (LOTTERY_PATHS.includes(path)) return "lottery";
  return LOBBY_ROUTES[path]?.gameType ?? null;
}
