/** A member's games: favourites (list, add, remove), recent games, and the merchant wallet. */
import { isSingleWallet } from "../wallets/routes";
import { fail, isRecord, ok, sessionOf, type Reply, type RouteContext } from "../http";
import type { RelayDef } from "../relay";
import { GAME_PAGE_SIZE, MAX_PAGE_SIZE } from "./routes";
import { gameJson, idField, intParam, pagesOf, requestLanguage } from "./shape";
import { addFavourite, favourites, gameBy, recentGames, removeFavourite, type GameRow } from "./store";

/** The game of a favourite change ({nodeId, vendor, gameType}); a vendor or type that does not match is no game. */
function favouriteGame(ctx: RouteContext): GameRow | undefined {
  const body = isRecord(ctx.body) ? ctx.body : {};
  const nodeId = idField(body.nodeId);
  if (!nodeId || !/^\d+$/.test(nodeId)) return undefined;
  const game = gameBy(ctx.runtime.db, requestLanguage(ctx), "node_id", nodeId);
  const vendor = typeof body.vendor === "string" && body.vendor.trim() !== "" ? body.vendor.trim() : null;
  const gameType = typeof body.gameType === "string" && body.gameType.trim() !== "" ? body.gameType.trim() : null;
  if (!game || (vendor && vendor !== game.vendor) || (gameType && gameType !== game.game_type)) return undefined;
  return game;
}

function changeFavourite(ctx: RouteContext, add: boolean): Reply {
  const { member } = sessionOf(ctx);
  const game = favouriteGame(ctx);
  if (!game) return fail(ctx.lang, "game_not_found");
  if (add) addFavourite(ctx.runtime.db, member.id, game.node_id, ctx.runtime.now());
  else removeFavourite(ctx.runtime.db, member.id, game.node_id);
  return ok(null);
}

export const memberGameRelays: RelayDef[] = [
  {
    service: "MCSFE",
    operation: "getFavoriteGamesList",
    method: "GET",
    access: "session",
    body: "none",
    handler(ctx) {
      const pageNo = intParam(ctx, "pageNo", 1, Number.MAX_SAFE_INTEGER);
      const pageSize = intParam(ctx, "pageSize", GAME_PAGE_SIZE, MAX_PAGE_SIZE);
      const page = favourites(ctx.runtime.db, requestLanguage(ctx), sessionOf(ctx).member.id, pageNo, pageSize);
      return ok({
        content: page.rows.map(gameJson),
        pageNum: pageNo,
        pageSize,
        totalPages: pagesOf(page.total, pageSize),
        total: page.total,
      });
    },
  },
  { service: "MCSFE", operation: "addFavoriteGameV2", access: "session", handler: (ctx) => changeFavourite(ctx, true) },
  {
    service: "MCSFE",
    operation: "removeFavoriteGameV2",
    method: "DELETE",
    access: "session",
    handler: (ctx) => changeFavourite(ctx, false),
  },
  {
    service: "GCS",
    operation: "recentGame",
    method: "GET",
    access: "session",
    body: "none",
    handler(ctx) {
      return ok({ list: recentGames(ctx.runtime.db, requestLanguage(ctx), sessionOf(ctx).member.id).map(gameJson) });
    },
  },
  {
    // One wallet per vendor: the portal offers transfers (walletTransfer is issue 10's).
    service: "GCS",
    operation: "merchantWallet",
    method: "GET",
    access: "session",
    body: "none",
    // A member of a single-wallet setup (the wallets area's single01) gets isSingle.
    handler: (ctx) => ok({ isSingle: isSingleWallet(ctx) }),
  },
];
