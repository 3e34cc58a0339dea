/**
 * The chat area (decision 048): the CBS relay operations (launchChat, unreadCount,
 * groupPermission), WPSCORE_saveMemberInfoByAuthKey, and a stand-in for the third-party
 * live-chat provider of document 000 section 7 — its verify-token/encode POST (a text token) and
 * the embed page the portal frames, whose messages drive the unread count. A test helper under
 * /__reference/chat adds unread messages, refuses a member's permission, takes the provider down
 * or switches the merchant to the other chat window (the auth key in the query).
 */
import { metaValue, setMetaValue } from "../db";
import { isRecord, ok, rawReply, sessionOf, type Reply, type RouteContext, type RouteDef } from "../http";
import { memberByUsername } from "../member/store";
import type { RelayDef } from "../relay";
import { embedHtml, expiredHtml, EMBED_HEADERS, type EmbedLanguage } from "./embed";
import {
  addMessage,
  chatPermitted,
  memberOfAuthKey,
  memberOfChatToken,
  nicknameOf,
  newAuthKey,
  newChatToken,
  readMessages,
  setChatPermitted,
  unreadOf,
} from "./store";

/** The demo merchant's project at the stand-in provider. */
export const CHAT_PROJECT_ID = "demo-live";
/** meta keys: "down" makes the provider refuse every token; "cbs" serves the other chat window. */
const PROVIDER_STATE = "chat_provider";
const WINDOW_KIND = "chat_window";
const TEXT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

const bodyOf = (ctx: RouteContext): Record<string, unknown> => (isRecord(ctx.body) ? ctx.body : {});
const str = (value: unknown, max: number) => (typeof value === "string" ? value.slice(0, max) : "");

function launchChat(ctx: RouteContext): Reply {
  const { member } = sessionOf(ctx);
  const body = bodyOf(ctx);
  const base = ctx.runtime.settings.publicUrl;
  const cbs = metaValue(ctx.runtime.db, WINDOW_KIND) === "cbs";
  const url = new URL(cbs ? `${base}/livechat/room` : `${base}/livechat/embed/${CHAT_PROJECT_ID}`);
  const language = str(body.language, 8);
  url.searchParams.set("lang", /^(CN|TW)$/i.test(language) ? "zh" : "en");
  if (str(body.title, 60)) url.searchParams.set("title", str(body.title, 60));
  if (str(body.headerColor, 9)) url.searchParams.set("headerColor", str(body.headerColor, 9));
  const unReadCount = unreadOf(ctx.runtime.db, member.id);
  // liveChat (chosen, decision 048): where the portal gets the provider's token; absent for the CBS window.
  return ok(
    cbs
      ? { chatUrl: url.href, unReadCount }
      : { chatUrl: url.href, unReadCount, liveChat: { apiUrl: `${base}/livechat`, projectId: CHAT_PROJECT_ID } },
  );
}

export const chatRelays: RelayDef[] = [
  { service: "CBS", operation: "launchChat", access: "session", handler: launchChat },
  { service: "CBS", operation: "unreadCount", access: "session", handler: (ctx) => ok(unreadOf(ctx.runtime.db, sessionOf(ctx).member.id)) },
  {
    service: "CBS",
    operation: "groupPermission",
    access: "session",
    handler: (ctx) => ok({ hasPermission: chatPermitted(ctx.runtime.db, sessionOf(ctx).member.id) }),
  },
  {
    service: "WPSCORE",
    operation: "saveMemberInfoByAuthKey",
    access: "session",
    handler: (ctx) => ok(newAuthKey(ctx.runtime.db, sessionOf(ctx).member.id, ctx.runtime.now())),
  },
];

/** verify-token/encode: the auth key vouches for the member; the answer is a token as plain text. */
function encodeToken(ctx: RouteContext): Reply {
  const { db } = ctx.runtime;
  if (metaValue(db, PROVIDER_STATE) === "down") return rawReply(503, TEXT["Content-Type"], "unavailable", TEXT);
  const body = bodyOf(ctx);
  const payload = isRecord(body.payload) ? body.payload : {};
  const memberId = ctx.params.projectId === CHAT_PROJECT_ID ? memberOfAuthKey(db, str(body.verifyToken, 128), ctx.runtime.now()) : null;
  if (memberId === null || String(payload.userId) !== String(memberId))
    return rawReply(401, TEXT["Content-Type"], "invalid verify token", TEXT);
  return rawReply(200, TEXT["Content-Type"], newChatToken(db, memberId, ctx.runtime.now()), TEXT);
}

/** Who the embed page is for: the provider's token, or (the CBS window) an auth key. */
function chatMember(ctx: RouteContext, fields: Record<string, unknown>): number | null {
  const now = ctx.runtime.now();
  const token = str(fields.token, 128);
  if (token) return memberOfChatToken(ctx.runtime.db, token, now);
  const key = str(fields.authKey, 128);
  return key ? memberOfAuthKey(ctx.runtime.db, key, now) : null;
}

function embedPage(ctx: RouteContext, action: string): Reply {
  const q = Object.fromEntries(ctx.url.searchParams);
  const lang: EmbedLanguage = q.lang === "zh" ? "zh" : "en";
  const memberId = chatMember(ctx, q);
  if (memberId === null) return rawReply(401, "text/html; charset=utf-8", expiredHtml(lang), EMBED_HEADERS);
  let userName = "";
  try {
    const extras: unknown = JSON.parse(q.extras ?? "{}");
    if (isRecord(extras)) userName = str(extras.userName, 40);
  } catch {
    // no extras: the page names the player "You"
  }
  const keep = Object.fromEntries(
    ["token", "authKey", "merchantCode", "lang", "title", "headerColor", "extras"].flatMap((k) => (q[k] ? [[k, q[k]]] : [])),
  );
  const html = embedHtml({
    lang,
    title: q.title ?? "",
    headerColor: q.headerColor ?? null,
    userName: userName || nicknameOf(ctx.runtime.db, memberId),
    messages: readMessages(ctx.runtime.db, memberId),
    action,
    hidden: keep,
  });
  return rawReply(200, "text/html; charset=utf-8", html, EMBED_HEADERS);
}

/** A message from the player, and the service desk's automatic answer; then the page again. */
function postMessage(ctx: RouteContext, page: string): Reply {
  const fields = bodyOf(ctx);
  const memberId = chatMember(ctx, fields);
  const lang: EmbedLanguage = fields.lang === "zh" ? "zh" : "en";
  if (memberId === null) return rawReply(401, "text/html; charset=utf-8", expiredHtml(lang), EMBED_HEADERS);
  const text = str(fields.body, 500).trim();
  const now = ctx.runtime.now();
  if (text) {
    addMessage(ctx.runtime.db, memberId, "player", text, now);
    addMessage(
      ctx.runtime.db,
      memberId,
      "agent",
      lang === "zh" ? "收到，客服稍后回复您。" : "Thanks, an agent will answer shortly.",
      now + 1,
    );
  }
  const back = new URL(page, ctx.runtime.settings.publicUrl);
  for (const [k, v] of Object.entries(fields)) if (k !== "body" && typeof v === "string") back.searchParams.set(k, v);
  return rawReply(303, "text/plain; charset=utf-8", "", { ...EMBED_HEADERS, Location: back.href });
}

const embedPath = `/livechat/embed/${CHAT_PROJECT_ID}`;

export const chatRoutes: RouteDef[] = [
  { method: "POST", path: "/livechat/v1/projects/:projectId/verify-token/encode", access: "public", body: "json", handler: encodeToken },
  { method: "GET", path: "/livechat/embed/:projectId", access: "public", handler: (ctx) => embedPage(ctx, embedPath) },
  { method: "POST", path: "/livechat/embed/:projectId", access: "public", body: "form", handler: (ctx) => postMessage(ctx, embedPath) },
  { method: "GET", path: "/livechat/room", access: "public", handler: (ctx) => embedPage(ctx, "/livechat/room") },
  { method: "POST", path: "/livechat/room", access: "public", body: "form", handler: (ctx) => postMessage(ctx, "/livechat/room") },
  {
    // { account, unread?: n (agent messages added), permission?: bool, provider?: "up"|"down", window?: "livechat"|"cbs" }
    method: "POST",
    path: "/__reference/chat",
    access: "reference",
    body: "json",
    handler(ctx) {
      const { db } = ctx.runtime;
      const body = bodyOf(ctx);
      if (body.provider === "up" || body.provider === "down") setMetaValue(db, PROVIDER_STATE, body.provider);
      if (body.window === "livechat" || body.window === "cbs") setMetaValue(db, WINDOW_KIND, body.window);
      const member = typeof body.account === "string" ? memberByUsername(db, ctx.runtime.settings.merchantCode, body.account) : undefined;
      if (member) {
        const unread = typeof body.unread === "number" ? Math.min(Math.max(0, Math.floor(body.unread)), 500) : 0;
        for (let i = 1; i <= unread; i++) addMessage(db, member.id, "agent", `Message ${i} from the service desk`, ctx.runtime.now());
        if (typeof body.permission === "boolean") setChatPermitted(db, member.id, body.permission);
      }
      return ok({ unread: member ? unreadOf(db, member.id) : null });
    },
  },
];
