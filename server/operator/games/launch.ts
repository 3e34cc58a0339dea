/**
 * Launching: the real launch (POST /wps/game/launchGame), the trial launch, the game logout and
 * the demo game page the launch URL opens. A launch mints a one-time random ticket (stored by
 * hash) and answers `<publicUrl>/demo-game/<ticket>`: the operator token never travels in a URL.
 */
import { randomBytes } from "node:crypto";
import { fail, isRecord, ok, rawReply, sessionOf, type Reply, type RouteContext, type RouteDef } from "../http";
import type { RelayDef } from "../relay";
import { demoGameHtml, notFoundHtml, safeBackUrl } from "./demo-game";
import { idField, maintenanceWindow, requestLanguage } from "./shape";
import { closeTickets, createTicket, gameBy, openTicket, recordRecent, vendorByCode, type GameRow } from "./store";
import type { GameLanguage } from "./names";
import { lotteryLaunch } from "../lottery/routes";

/** Agent flag of a free-play (trial) account (document 000, section 3). */
export const TRIAL_ACCOUNT_TYPE = 4;

const HTML_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  // The page may play inside the portal (noOpenWindow vendors), so it may be framed; it loads nothing.
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'",
};

/** The game a launch names: by gameId, else roomId, else nodeId. Null when it names none; undefined when unknown. */
function launchedGame(ctx: RouteContext, body: Record<string, unknown>, lang: GameLanguage): GameRow | null | undefined {
  const { db } = ctx.runtime;
  const gameId = idField(body.gameId);
  const roomId = idField(body.roomId);
  const nodeId = idField(body.nodeId);
  if (gameId) return gameBy(db, lang, "game_id", gameId) ?? (roomId ? gameBy(db, lang, "room_id", roomId) : undefined);
  if (roomId) return gameBy(db, lang, "room_id", roomId);
  if (nodeId) return /^\d+$/.test(nodeId) ? gameBy(db, lang, "node_id", nodeId) : undefined;
  return null;
}

/** The refusal a chosen game (or a vendor under maintenance) answers, or null. */
function launchRefusal(ctx: RouteContext, game: GameRow, trial: boolean): Reply | null {
  const now = ctx.runtime.now();
  const vendor = vendorByCode(ctx.runtime.db, game.vendor);
  if (vendor?.maintenance === 1) return fail(ctx.lang, "vendor_under_maintenance", { value: maintenanceWindow(now) });
  switch (game.launch_error) {
    case "maintenance":
      return fail(ctx.lang, "game_maintenance", { value: { resType: 1, ...maintenanceWindow(now) } });
    case "domain":
      return fail(ctx.lang, "domain_not_available");
    case "balance":
      return trial ? null : fail(ctx.lang, "launch_game_balance_not_enough");
    default:
      return null;
  }
}

function launchUrl(
  ctx: RouteContext,
  game: GameRow,
  body: Record<string, unknown>,
  member: { id: number; username: string } | null,
  lang: GameLanguage,
) {
  const ticket = randomBytes(24).toString("base64url");
  createTicket(ctx.runtime.db, {
    ticket,
    merchantCode: ctx.merchantCode,
    memberId: member?.id ?? null,
    account: member?.username ?? "Trial",
    nodeId: game.node_id,
    vendor: game.vendor,
    mode: member ? "real" : "trial",
    language: lang,
    backUrl: safeBackUrl(body.backUrl),
    now: ctx.runtime.now(),
  });
  return `${ctx.runtime.settings.publicUrl}/demo-game/${ticket}`;
}

function launchGame(ctx: RouteContext): Reply {
  const { member } = sessionOf(ctx);
  if (!isRecord(ctx.body)) return fail(ctx.lang, "request.invalid", { status: 400 });
  const body = ctx.body;
  if (body.launchMode !== "GLS" && body.launchMode !== "LOTT") return fail(ctx.lang, "launch_mode_invalid");
  if (member.agent_type === TRIAL_ACCOUNT_TYPE) return fail(ctx.lang, "in_need_true_account");
  if (body.launchMode === "LOTT") return lotteryLaunch(ctx, body);
  const lang = requestLanguage(ctx, body.language);
  const game = launchedGame(ctx, body, lang);
  if (game === null) return fail(ctx.lang, "in_stay_tuned");
  if (!game) return fail(ctx.lang, "game_not_found");
  const refusal = launchRefusal(ctx, game, false);
  if (refusal) return refusal;
  recordRecent(ctx.runtime.db, member.id, game.node_id, ctx.runtime.now());
  return ok({ content: { game_url: launchUrl(ctx, game, body, member, lang) } });
}

function trialLaunch(ctx: RouteContext): Reply {
  if (!isRecord(ctx.body)) return fail(ctx.lang, "request.invalid", { status: 400 });
  const body = ctx.body;
  const lang = requestLanguage(ctx, body.language);
  const game = launchedGame(ctx, body, lang);
  if (game === null) return fail(ctx.lang, "in_stay_tuned");
  if (!game) return fail(ctx.lang, "game_not_found");
  if (game.support_play !== 0) return fail(ctx.lang, "trial_not_supported");
  const refusal = launchRefusal(ctx, game, true);
  if (refusal) return refusal;
  return ok({ content: { game_url: launchUrl(ctx, game, body, null, lang) } });
}

export const launchRoutes: RouteDef[] = [
  { method: "POST", path: "/wps/game/launchGame", access: "session", body: "json", handler: launchGame },
  {
    method: "GET",
    path: "/demo-game/:ticket",
    access: "public",
    handler(ctx) {
      const { db } = ctx.runtime;
      const ticket = openTicket(db, ctx.params.ticket, ctx.runtime.now());
      const game = ticket ? gameBy(db, ticket.language as GameLanguage, "node_id", String(ticket.node_id)) : undefined;
      if (!ticket || !game) return rawReply(404, "text/html; charset=utf-8", notFoundHtml(), HTML_HEADERS);
      const vendor = vendorByCode(db, game.vendor);
      const html = demoGameHtml({
        gameName: game.name,
        vendorName: vendor?.display_name ?? game.vendor,
        vendorCode: game.vendor,
        gameType: game.game_type,
        nodeId: game.node_id,
        account: ticket.account,
        trial: ticket.mode === "trial",
        backUrl: ticket.back_url,
      });
      return rawReply(200, "text/html; charset=utf-8", html, HTML_HEADERS);
    },
  },
];

export const launchRelays: RelayDef[] = [
  { service: "GCS", operation: "gameTrialLaunch", access: "merchant", handler: trialLaunch },
  {
    // Ends the member's game sessions: of one vendor ({vendor}) or every one.
    service: "GCS",
    operation: "gameLogout",
    access: "session",
    handler(ctx) {
      const { member } = sessionOf(ctx);
      const vendor =
        isRecord(ctx.body) && typeof ctx.body.vendor === "string" && ctx.body.vendor.trim() !== "" ? ctx.body.vendor.trim() : null;
      return ok({ closed: closeTickets(ctx.runtime.db, member.id, vendor, ctx.runtime.now()) });
    },
  },
];
