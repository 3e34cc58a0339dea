/**
 * The lottery gateway (/lgw/…, /lotto/lgw/…; document 001, section 7 and operator-api.md): the
 * games, menus, recent and popular games, the open issue by the lottery clock, draws and near
 * issues, the Vietnamese lottery's menu and issue; the lottery launch (launchGame with
 * launchMode LOTT, from games/launch.ts), the demo lottery page it opens, the trend chart, the
 * generated icons, and the test clock under /__reference/lottery.
 */
import { randomBytes } from "node:crypto";
import type { MessageLanguage } from "../catalog";
import { safeBackUrl } from "../games/demo-game";
import { ICON_HEADERS, initials, squareIcon, SVG_TYPE } from "../games/icons";
import { gameLanguageOf, type GameLanguage } from "../games/names";
import { requestLanguage } from "../games/shape";
import { failWith, isRecord, ok, rawReply, sessionOf, type Reply, type RouteContext, type RouteDef } from "../http";
import {
  areaOf,
  gamesOfArea,
  groupName,
  LONG_DRAGON,
  LOTTERY_GAMES,
  LOTTERY_GROUPS,
  lotteryGameBy,
  type LotteryArea,
  type LotteryGame,
} from "./catalogue";
import { issueAt, issueState } from "./clock";
import { demoLotteryHtml, lotteryNotFoundHtml, miniLotteryHtml, trendHtml } from "./pages";
import {
  createLotteryTicket,
  drawOf,
  lastDraws,
  lotteryNow,
  openLotteryTicket,
  recentLotteries,
  recordRecentLottery,
  setClockOffset,
} from "./store";

const MESSAGES: Record<string, Record<MessageLanguage, string>> = {
  "lottery.game.not.found": { zh: "彩种不存在或未开放", en: "This lottery game does not exist or is not offered" },
  "lottery.area.invalid": { zh: "彩票区域无效", en: "Unknown lottery area" },
};
const refuse = (lang: MessageLanguage, code: string, status = 200) => failWith(MESSAGES, lang, code, status);

/** The mini page's own form posts back to itself (a GET of the same ticket). */
const MINI_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'",
};
const HTML_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
};

const RECENT_LIMIT = 8;
const DRAW_LIST_MAX = 30;

const iconPath = (game: LotteryGame) => `/res/lottery/${game.gameCode}.svg`;

function gameJson(game: LotteryGame, lang: GameLanguage) {
  return {
    gameId: game.gameId,
    gameCode: game.gameCode,
    code: game.gameCode,
    remark: game.names[lang],
    defaultPlayType: game.defaultPlayType,
    tag: game.tag,
    webIconUrl: iconPath(game),
    gameGroupId: game.groupId,
    lotteryType: game.kind,
    period: game.period,
    // Where the game is played: the Vietnamese and SEA lotteries open their own pages.
    area: game.areas[0],
  };
}

function menusOf(area: LotteryArea, lang: GameLanguage) {
  const games = gamesOfArea(area);
  return LOTTERY_GROUPS.flatMap((group) => {
    const menus = games.filter((g) => g.groupId === group.gameGroupId);
    return menus.length
      ? [
          {
            gameGroupId: group.gameGroupId,
            gameGroupCode: group.gameGroupCode,
            labelName: group.names[lang],
            gameMenus: menus.map((g) => gameJson(g, lang)),
          },
        ]
      : [];
  });
}

const query = (ctx: RouteContext, name: string) => ctx.url.searchParams.get(name)?.trim() ?? "";

/** The game a call names by gameId or gameCode (query), within an area when given. */
function namedGame(ctx: RouteContext): LotteryGame | undefined {
  const id = query(ctx, "gameId");
  return lotteryGameBy({ gameId: /^\d{1,9}$/.test(id) ? Number(id) : null, gameCode: query(ctx, "gameCode") || query(ctx, "code") });
}

function openedIssue(ctx: RouteContext, game: LotteryGame) {
  const { db } = ctx.runtime;
  const t = lotteryNow(db, ctx.runtime.now());
  const current = issueAt(game, t);
  const previous = issueAt(game, t, -1);
  const draw = drawOf(db, game, previous.numero, t);
  return ok({
    gameId: game.gameId,
    gameCode: game.gameCode,
    currentNumero: issueState(game, current, t),
    nextNumero: { numero: issueAt(game, t, 1).numero },
    previousNumero: { numero: previous.numero, winNo: draw?.win_no ?? null },
  });
}

function drawJson(game: LotteryGame, row: { numero: string; win_no: string; draw_at: number }) {
  return {
    gameId: game.gameId,
    gameCode: game.gameCode,
    numero: row.numero,
    winNo: row.win_no,
    openTime: new Date(row.draw_at).toISOString(),
  };
}

function sizeParam(ctx: RouteContext, fallback: number): number {
  const size = Number(query(ctx, "size") || query(ctx, "count") || fallback);
  return Number.isInteger(size) && size > 0 ? Math.min(size, DRAW_LIST_MAX) : fallback;
}

function openedRoute(path: string): RouteDef {
  return {
    method: "GET",
    path,
    access: "merchant",
    handler(ctx) {
      const game = namedGame(ctx);
      return game ? openedIssue(ctx, game) : refuse(ctx.lang, "lottery.game.not.found");
    },
  };
}

// ── the launch ───────────────────────────────────────────────────────────────────────────────

const PRIZE_MODES = new Set(["Traditional", "Entertainment", "Elott_Traditional", "Elott_Entertainment", "SEA_Tradition", "VN"]);

/**
 * launchGame with launchMode LOTT: {lottoArea, lottoPrizeMode, lottoGameCode, lottoView, backUrl,
 * language, bet_param?}. A game code the area does not offer is refused; no code (or
 * long_dragon) opens the lobby (or the long-dragon view).
 */
export function lotteryLaunch(ctx: RouteContext, body: Record<string, unknown>): Reply {
  const { member } = sessionOf(ctx);
  const text = (name: string) => (typeof body[name] === "string" ? (body[name] as string).trim() : "");
  const areaText = text("lottoArea").toUpperCase();
  if (!["LOTT", "ELOTT", "SEA", "VN"].includes(areaText)) return refuse(ctx.lang, "lottery.area.invalid");
  const area = areaText as LotteryArea;
  const prizeMode = text("lottoPrizeMode");
  if (!PRIZE_MODES.has(prizeMode)) return refuse(ctx.lang, "lottery.area.invalid");
  const code = text("lottoGameCode");
  const longDragon = code.toLowerCase() === LONG_DRAGON;
  const game = code && !longDragon ? lotteryGameBy({ gameCode: code }) : undefined;
  if (code && !longDragon && (!game || !game.areas.includes(area))) return refuse(ctx.lang, "lottery.game.not.found");
  const asked = text("lottoView");
  // The mini view (the portal's mini-game) shows one game: without a game it is the lobby.
  const view = longDragon ? LONG_DRAGON : asked === "lobby" ? "lobby" : asked === "mini" && game ? "mini" : "betting";
  const betParam = text("bet_param");
  const now = ctx.runtime.now();
  const ticket = randomBytes(24).toString("base64url");
  createLotteryTicket(
    ctx.runtime.db,
    ticket,
    {
      member_id: member.id,
      account: member.username,
      game_code: game?.gameCode ?? null,
      area,
      prize_mode: prizeMode,
      view,
      bet_param: /^[0-9,]{1,64}$/.test(betParam) ? betParam : null,
      back_url: safeBackUrl(body.backUrl),
      language: requestLanguage(ctx, body.language),
    },
    now,
  );
  if (game) recordRecentLottery(ctx.runtime.db, member.id, game.gameCode, now);
  return ok({ content: { game_url: `${ctx.runtime.settings.publicUrl}/demo-lottery/${ticket}` } });
}

// ── routes ───────────────────────────────────────────────────────────────────────────────────

export const lotteryRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/lgw/games",
    access: "merchant",
    handler(ctx) {
      const lang = requestLanguage(ctx);
      const area = query(ctx, "prizeMode") ? [areaOf(query(ctx, "prizeMode"))] : null;
      const games = area ? gamesOfArea(area[0]) : LOTTERY_GAMES;
      return ok(games.map((g) => ({ ...gameJson(g, lang), areas: g.areas })));
    },
  },
  {
    method: "GET",
    path: "/lgw/games/game_menus",
    access: "merchant",
    handler(ctx) {
      return ok(menusOf(areaOf(query(ctx, "prizeMode")), requestLanguage(ctx)));
    },
  },
  {
    method: "GET",
    path: "/lgw/games/game_menus/recent",
    access: "session",
    handler(ctx) {
      const lang = requestLanguage(ctx);
      return ok(recentLotteries(ctx.runtime.db, sessionOf(ctx).member.id, RECENT_LIMIT).map((g) => gameJson(g, lang)));
    },
  },
  {
    method: "GET",
    path: "/lgw/games/popular",
    access: "merchant",
    handler(ctx) {
      const lang = requestLanguage(ctx);
      const count = sizeParam(ctx, 4);
      const games = gamesOfArea(areaOf(query(ctx, "prizeMode")))
        .filter((g) => g.popular > 0 || g.tag === "hot")
        .sort((a, b) => (a.popular || 99) - (b.popular || 99))
        .slice(0, count);
      return ok(
        games.map((g) => ({
          gameId: g.gameId,
          gameCode: g.gameCode,
          webIconUrl: iconPath(g),
          remark: g.names[lang],
          defaultPlayType: g.defaultPlayType,
        })),
      );
    },
  },
  openedRoute("/lgw/games/opened/numero"),
  openedRoute("/lotto/lgw/games/opened/numero"),
  {
    // The latest draw of every game of an area.
    method: "GET",
    path: "/lgw/draw",
    access: "merchant",
    handler(ctx) {
      const { db } = ctx.runtime;
      const t = lotteryNow(db, ctx.runtime.now());
      const games = gamesOfArea(areaOf(query(ctx, "prizeMode")));
      return ok(games.flatMap((g) => lastDraws(db, g, t, 1).map((row) => drawJson(g, row))));
    },
  },
  {
    method: "GET",
    path: "/lgw/draw/code/:gameCode",
    access: "merchant",
    handler(ctx) {
      const game = lotteryGameBy({ gameCode: ctx.params.gameCode });
      if (!game) return refuse(ctx.lang, "lottery.game.not.found");
      const { db } = ctx.runtime;
      const t = lotteryNow(db, ctx.runtime.now());
      return ok(lastDraws(db, game, t, sizeParam(ctx, 5)).map((row) => drawJson(game, row)));
    },
  },
  {
    // Two drawn issues, the open one and the next two, oldest first.
    method: "GET",
    path: "/lgw/numeros/near",
    access: "merchant",
    handler(ctx) {
      const game = namedGame(ctx);
      if (!game) return refuse(ctx.lang, "lottery.game.not.found");
      const { db } = ctx.runtime;
      const t = lotteryNow(db, ctx.runtime.now());
      return ok(
        [-2, -1, 0, 1, 2].map((offset) => {
          const issue = issueAt(game, t, offset);
          return {
            numero: issue.numero,
            startTime: new Date(issue.startsAt).toISOString(),
            endTime: new Date(issue.drawAt).toISOString(),
            status: offset < 0 ? "drawn" : offset === 0 ? "open" : "upcoming",
            winNo: offset < 0 ? (drawOf(db, game, issue.numero, t)?.win_no ?? null) : null,
          };
        }),
      );
    },
  },
  {
    method: "GET",
    path: "/lgw/vn/games/game_menu",
    access: "merchant",
    handler(ctx) {
      return ok(menusOf("VN", requestLanguage(ctx)));
    },
  },
  {
    method: "GET",
    path: "/lgw/vn/numeros/opened/game",
    access: "merchant",
    handler(ctx) {
      const game = namedGame(ctx);
      return game && game.areas.includes("VN") ? openedIssue(ctx, game) : refuse(ctx.lang, "lottery.game.not.found");
    },
  },
  {
    method: "GET",
    path: "/res/lottery/:file",
    access: "public",
    handler(ctx) {
      const code = /^([A-Za-z0-9_]+)\.svg$/.exec(ctx.params.file)?.[1];
      const game = code ? lotteryGameBy({ gameCode: code }) : undefined;
      if (!game) return rawReply(404, "text/plain; charset=utf-8", "Not found", { "Cache-Control": "no-store" });
      return rawReply(
        200,
        SVG_TYPE,
        squareIcon(`lottery:${game.gameCode}`, initials(game.names.en), groupName(game.groupId, "en")),
        ICON_HEADERS,
      );
    },
  },
  {
    method: "GET",
    path: "/demo-lottery/:ticket",
    access: "public",
    handler(ctx) {
      const { db } = ctx.runtime;
      const ticket = openLotteryTicket(db, ctx.params.ticket, ctx.runtime.now());
      if (!ticket) return rawReply(404, "text/html; charset=utf-8", lotteryNotFoundHtml(), HTML_HEADERS);
      // The page speaks the language the launch asked for.
      const lang = gameLanguageOf(ticket.language) ?? requestLanguage(ctx);
      const game = ticket.game_code ? (lotteryGameBy({ gameCode: ticket.game_code }) ?? null) : null;
      const t = lotteryNow(db, ctx.runtime.now());
      if (game && ticket.view === "mini") {
        const html = miniLotteryHtml({
          area: ticket.area,
          game,
          issue: issueState(game, issueAt(game, t), t),
          lastDraw: lastDraws(db, game, t, 1)[0] ?? null,
          picked: ctx.url.searchParams.getAll("n"),
          bet: ctx.url.searchParams.has("bet"),
          portalUrl: ticket.back_url,
          lang,
        });
        return rawReply(200, "text/html; charset=utf-8", html, MINI_HEADERS);
      }
      const html = demoLotteryHtml({
        account: ticket.account,
        area: ticket.area,
        prizeMode: ticket.prize_mode,
        view: ticket.view,
        game,
        games: game ? [] : gamesOfArea(ticket.area as LotteryArea).filter((g) => ticket.view !== LONG_DRAGON || g.kind === "SSC"),
        issue: game ? issueState(game, issueAt(game, t), t) : null,
        lastDraw: game ? (lastDraws(db, game, t, 1)[0] ?? null) : null,
        betParam: ticket.bet_param,
        backUrl: ticket.back_url,
        lang,
      });
      return rawReply(200, "text/html; charset=utf-8", html, HTML_HEADERS);
    },
  },
  {
    method: "GET",
    path: "/lottery-trend/:gameCode",
    access: "public",
    handler(ctx) {
      const game = lotteryGameBy({ gameCode: ctx.params.gameCode });
      if (!game) return rawReply(404, "text/html; charset=utf-8", lotteryNotFoundHtml(), HTML_HEADERS);
      const { db } = ctx.runtime;
      const t = lotteryNow(db, ctx.runtime.now());
      return rawReply(
        200,
        "text/html; charset=utf-8",
        trendHtml(game, lastDraws(db, game, t, DRAW_LIST_MAX), requestLanguage(ctx)),
        HTML_HEADERS,
      );
    },
  },
  {
    // The test clock: { offsetMs } moves the lottery's time (tests drive countdowns without waiting).
    method: "POST",
    path: "/__reference/lottery",
    access: "reference",
    body: "json",
    handler(ctx) {
      const offset = isRecord(ctx.body) ? ctx.body.offsetMs : undefined;
      if (typeof offset !== "number" || !Number.isInteger(offset) || Math.abs(offset) > 30 * 86_400_000)
        return refuse(ctx.lang, "lottery.area.invalid", 400);
      setClockOffset(ctx.runtime.db, offset);
      return ok({ now: lotteryNow(ctx.runtime.db, ctx.runtime.now()) });
    },
  },
  {
    method: "GET",
    path: "/__reference/lottery",
    access: "reference",
    handler(ctx) {
      return ok({ now: lotteryNow(ctx.runtime.db, ctx.runtime.now()) });
    },
  },
];
