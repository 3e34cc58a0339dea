/**
 * The catalogue reads (GET relays: vendors, game list, hot games, game matches, vassalage game
 * types, rooms) and the generated icons (/res/games, /res/vendors, /res/logo: public, for browsers).
 */
import { ok, rawReply, type RouteContext, type RouteDef } from "../http";
import type { RelayDef } from "../relay";
import { merchantByCode, merchantTheme } from "../system/store";
import { GAME_TYPES } from "./catalogue";
import { ICON_HEADERS, initials, logoSvg, squareIcon, SVG_TYPE } from "./icons";
import { CLASSIFY_NAMES, LANE_TITLES } from "./names";
import { gameJson, intParam, pagesOf, requestLanguage, textParam, vendorCard } from "./shape";
import { classifiesOf, gameBy, hotGames, listGames, matches, rooms, trialVendors, vendorByCode, vendors } from "./store";

export const GAME_PAGE_SIZE = 40;
export const MAX_PAGE_SIZE = 100;
export const HOT_GAMES_COUNT = 24;

const flagParam = (ctx: RouteContext, name: string) => ["1", "true", "Y"].includes(ctx.url.searchParams.get(name)?.trim() ?? "");

function gameVendors(ctx: RouteContext) {
  const { db } = ctx.runtime;
  const lang = requestLanguage(ctx);
  const all = vendors(db);
  const trial = trialVendors(db);
  const now = ctx.runtime.now();
  const lanes = GAME_TYPES.map((type) => ({
    title: LANE_TITLES[type][lang],
    gameClassify: type,
    cards: all.filter((v) => v.game_type === type).map((v) => vendorCard(v, trial.has(v.code), now)),
  }));
  return ok({ data: { lanes } });
}

function gameList(ctx: RouteContext) {
  const lang = requestLanguage(ctx);
  const pageNo = intParam(ctx, "pageNo", 1, Number.MAX_SAFE_INTEGER);
  const pageSize = intParam(ctx, "pageSize", GAME_PAGE_SIZE, MAX_PAGE_SIZE);
  const page = listGames(
    ctx.runtime.db,
    lang,
    {
      gameType: textParam(ctx, "gameType"),
      vendor: textParam(ctx, "vassalage"),
      classify: textParam(ctx, "gameClassify"),
      search: textParam(ctx, "gameName"),
      isNew: flagParam(ctx, "isNew"),
    },
    pageNo,
    pageSize,
  );
  return ok({ games: page.rows.map(gameJson), totalPages: pagesOf(page.total, pageSize), pageNum: pageNo, pageSize, total: page.total });
}

const notFoundSvg = () => rawReply(404, "text/plain; charset=utf-8", "Not found", { "Cache-Control": "no-store" });

/** The id of an icon path segment "<id>.svg", or null. */
function svgName(file: string | undefined): string | null {
  const match = /^(.+)\.svg$/.exec(file ?? "");
  return match ? match[1] : null;
}

export const catalogueRelays: RelayDef[] = [
  { service: "GCSGAME", operation: "newGameVendor", method: "GET", access: "merchant", body: "none", handler: gameVendors },
  { service: "GCSGAME", operation: "gameList", method: "GET", access: "merchant", body: "none", handler: gameList },
  {
    service: "GCSGAME",
    operation: "hotGamesV2",
    method: "GET",
    access: "merchant",
    body: "none",
    handler(ctx) {
      const list = hotGames(
        ctx.runtime.db,
        requestLanguage(ctx),
        textParam(ctx, "gameType"),
        intParam(ctx, "count", HOT_GAMES_COUNT, MAX_PAGE_SIZE),
      );
      return ok({ list: list.map(gameJson) });
    },
  },
  {
    // Sports games that carry a match (matchId, leagueId): { list }.
    service: "GCSGAME",
    operation: "getGameMatchV2",
    method: "GET",
    access: "merchant",
    body: "none",
    handler(ctx) {
      const list = matches(ctx.runtime.db, requestLanguage(ctx)).map(gameJson);
      return ok({ list });
    },
  },
  {
    service: "GLS2",
    operation: "getVassGameType",
    method: "GET",
    access: "merchant",
    body: "none",
    handler(ctx) {
      const vendor = textParam(ctx, "vassalage");
      const lang = requestLanguage(ctx);
      const codes = vendor ? classifiesOf(ctx.runtime.db, vendor) : [];
      return ok({ list: codes.map((code) => ({ code, name: CLASSIFY_NAMES[code]?.[lang] ?? code })) });
    },
  },
  {
    service: "GLS2",
    operation: "roomList",
    method: "GET",
    access: "merchant",
    body: "none",
    handler(ctx) {
      const list = rooms(ctx.runtime.db, requestLanguage(ctx), textParam(ctx, "vassalage")).map((g) => ({
        roomId: g.room_id,
        roomName: g.name,
        gameId: g.game_id,
        showIcon: gameJson(g).showIcon,
      }));
      return ok({ list });
    },
  },
];

export const iconRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/res/games/:file",
    access: "public",
    handler(ctx) {
      const id = svgName(ctx.params.file);
      if (id === null) return notFoundSvg();
      const { db } = ctx.runtime;
      const game = gameBy(db, "en", "game_id", id) ?? (/^\d+$/.test(id) ? gameBy(db, "en", "node_id", id) : undefined);
      if (!game) return notFoundSvg();
      return rawReply(200, SVG_TYPE, squareIcon(`game:${game.node_id}`, initials(game.name), game.vendor), ICON_HEADERS);
    },
  },
  {
    method: "GET",
    path: "/res/vendors/:file",
    access: "public",
    handler(ctx) {
      const code = svgName(ctx.params.file);
      const vendor = code === null ? undefined : vendorByCode(ctx.runtime.db, code);
      if (!vendor) return notFoundSvg();
      return rawReply(200, SVG_TYPE, squareIcon(`vendor:${vendor.code}`, vendor.code, vendor.display_name), ICON_HEADERS);
    },
  },
  {
    method: "GET",
    path: "/res/logo/:file",
    access: "public",
    handler(ctx) {
      const code = svgName(ctx.params.file);
      const merchant = code === null ? undefined : merchantByCode(ctx.runtime.db, code);
      if (!merchant) return notFoundSvg();
      const theme = merchantTheme(merchant);
      const colour = (value: string | undefined, fallback: string) => (value && /^#[0-9a-fA-F]{3,8}$/.test(value) ? value : fallback);
      const svg = logoSvg(merchant.code, merchant.site_title, colour(theme?.primary, "#f5b400"), colour(theme?.accent, "#14b8a6"));
      return rawReply(200, SVG_TYPE, svg, ICON_HEADERS);
    },
  },
];
