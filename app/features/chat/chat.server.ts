/**
 * The chat (decision 048, document 001 sections 4 and 7): who may open it, its unread count,
 * and opening it — the operator's chat address, and for a merchant on the third-party live-chat
 * provider the token flow of document 000 section 7, done here so that neither the provider's
 * token nor the auth key reaches a page, its loader data or an address the browser keeps.
 */
import { frameMember, originNotes } from "~/server/frame-handoff.server";
import { httpUrl } from "~/features/games/launch";
import { loadFeatures, loadSettings } from "~/features/site/site.server";
import type { Locale } from "~/i18n/config";
import type { Features } from "~/lib/features";
import type { Notice } from "~/operator/errors";
import { bindOperator, quietly, type BoundOperator } from "~/operator/operator.server";
import { config } from "~/server/config.server";
import { TRIAL_ACCOUNT } from "~/server/gate.server";
import { playerMemo } from "~/server/state/memo.server";
import type { PortalSession } from "~/server/session.server";
import { CHAT_LANGUAGE } from "./chat";

/** The whitelabel switch of the chat (CHAT3, on in the demo merchants). */
export const chatOn = (features: Pick<Features, "has">) => features.has("CHAT3");

/** What the chat says when it cannot open: a key of the common texts. */
export type ChatNotice = Extract<Notice, { key: string }>;

export type ChatGate =
  | { kind: "guest" }
  | { kind: "trial" }
  | { kind: "off" }
  | { kind: "denied" }
  | { kind: "unavailable" }
  | { kind: "player"; session: PortalSession; operator: BoundOperator; locale: Locale };

/** Permission is the operator's per player: asked once a minute, not on every view. */
const permissionByPlayer = playerMemo<boolean | null>(60_000);
/** The badge is read at most every 3 s per player (the widget asks on each page and on closing). */
const unreadByPlayer = playerMemo<number | null>(3_000);

const keyOf = (operator: BoundOperator) => operator.context.clientKey ?? operator.context.token ?? "";

function permission(request: Request, operator: BoundOperator): Promise<boolean | null> {
  return permissionByPlayer.get(keyOf(operator), () => quietly(request, operator.call("chatPermission")));
}

/**
 * Document 001's gates for chat: a token (else login first), not a trial account
 * (in_need_true_account), the chat switch, and the operator's hasPermission. A forced password
 * change comes first, as on every page.
 */
export async function chatGate(request: Request, context: unknown): Promise<ChatGate> {
  const member = await frameMember(request, context);
  if (member.kind !== "member") return member;
  const { session, locale, features } = member;
  if (!chatOn(features)) return { kind: "off" };
  const operator = bindOperator(session, locale, member.deviceId, features);
  const allowed = await permission(request, operator);
  if (allowed === null) return { kind: "unavailable" };
  return allowed ? { kind: "player", session, operator, locale } : { kind: "denied" };
}

/** The notice of a gate that is not a player's (the frame's page and the widget say it). */
export function gateNotice(kind: Exclude<ChatGate["kind"], "player">): ChatNotice {
  const keys = { guest: "in_sorry_in", trial: "in_need_true_account", off: "chat_off", denied: "chat_denied", unavailable: "chat_failed" };
  return { key: keys[kind] };
}

export function loadChatUnread(request: Request, operator: BoundOperator): Promise<number | null> {
  return unreadByPlayer.get(keyOf(operator), () => quietly(request, operator.call("chatUnread")));
}

/** After the window closes the next count is read fresh (the player has read the chat). */
export function forgetChatUnread(operator: BoundOperator): void {
  unreadByPlayer.forget(keyOf(operator));
}

// ── The frame's origin, for the pages' frame-src ──────────────────────────────────────────
const chatOrigins = originNotes();
let learning: Promise<unknown> | null = null;

/** The chat origins a page whose root data shows the chat adds to frame-src (entry.server). */
export function chatFrameSources(loaderData: Record<string, unknown> | undefined): string[] {
  const root = loaderData?.root as { chat?: unknown } | undefined;
  // The root's `chat` is the corner its button stands in, or null.
  return root?.chat ? chatOrigins.list() : [];
}

/**
 * Whether the root shows this player the chat: a member or agent (not a trial account) with the
 * switch on. The first such page of the process learns the chat's origin (one launch call), so
 * that its frame-src already names it when the window opens; quiet, as every root call.
 */
export async function chatShown(request: Request, operator: BoundOperator, isAgent: number | null, locale: Locale): Promise<boolean> {
  if (isAgent === null || isAgent === TRIAL_ACCOUNT) return false;
  const features = await loadFeatures(locale).catch(() => null);
  if (!features || !chatOn(features)) return false;
  if (chatOrigins.size === 0) {
    learning ??= quietly(request, operator.call("chatLaunch", { body: launchBody(locale, null) })).then((launched) => {
      const url = httpUrl(launched?.chatUrl);
      if (url) chatOrigins.note(url.origin);
      learning = null;
    });
    await learning;
  }
  return true;
}

// ── Opening the chat ─────────────────────────────────────────────────────────────────────────
const COLOUR = /^#[0-9a-fA-F]{3,8}$/;
const TOKEN = /^[A-Za-z0-9._~+/=-]{8,2048}$/;

function launchBody(locale: Locale, settings: { siteTitle?: string | null; theme?: { primary?: string | null } | null } | null) {
  const colour = settings?.theme?.primary;
  return {
    b2c: true,
    title: settings?.siteTitle ?? "",
    language: CHAT_LANGUAGE[locale],
    ...(colour && COLOUR.test(colour) ? { headerColor: colour } : {}),
  };
}

/** The third-party provider's token (document 000, section 7): a POST, a text answer; null on any failure. */
async function providerToken(liveChat: { apiUrl: string; projectId: string }, userId: string, verifyToken: string): Promise<string | null> {
  const base = httpUrl(liveChat.apiUrl);
  if (!base || !/^[A-Za-z0-9_-]{1,64}$/.test(liveChat.projectId)) return null;
  const url = new URL(`${base.href.replace(/\/+$/, "")}/v1/projects/${liveChat.projectId}/verify-token/encode`);
  try {
    // The live-chat provider is a third party, not the operator: the endpoint table does not know it.
    // eslint-disable-next-line no-restricted-globals
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/plain" },
      body: JSON.stringify({ payload: { userId }, verifyToken }),
      redirect: "error",
      signal: AbortSignal.timeout(Math.min(config().OPERATOR_TIMEOUT_MS ?? 20_000, 10_000)),
    });
    const text = (await response.text()).trim();
    if (!response.ok) {
      console.warn(`chat: the live-chat provider answered ${response.status}`);
      return null;
    }
    return TOKEN.test(text) ? text : null;
  } catch (error) {
    console.warn(`chat: the live-chat provider did not answer (${error instanceof Error ? error.name : "error"})`);
    return null;
  }
}

/**
 * The address the chat frame goes to, or why it cannot open. On the live-chat provider: the
 * auth key vouches for the player, the provider's token goes in the query with an `extras` of
 * user id and name; without a token the window closes (a warning logged). The other window
 * (no liveChat): the auth key and merchantCode in the query, or merchantCode alone when the key
 * fails.
 */
export async function openChat(
  request: Request,
  gate: Extract<ChatGate, { kind: "player" }>,
): Promise<{ url: string } | { notice: ChatNotice }> {
  const { operator, session, locale } = gate;
  const settings = await loadSettings(locale).catch(() => null);
  const launched = await quietly(request, operator.call("chatLaunch", { body: launchBody(locale, settings) }));
  const url = httpUrl(launched?.chatUrl);
  if (!launched || !url) return { notice: { key: "chat_failed" } };
  chatOrigins.note(url.origin);
  forgetChatUnread(operator);
  const authKey = await quietly(request, operator.call("chatAuthKey"));
  if (launched.liveChat) {
    const userId = session.get("customerId") ?? "";
    const token = authKey && userId ? await providerToken(launched.liveChat, userId, authKey) : null;
    if (!token) return { notice: { key: "chat_failed" } };
    url.searchParams.set("token", token);
    url.searchParams.set("extras", JSON.stringify({ userId, userName: session.get("nickname") || session.get("account") || "" }));
  } else {
    url.searchParams.set("merchantCode", session.get("merchantCode") || config().MERCHANT_CODE || "");
    if (authKey) url.searchParams.set("authKey", authKey);
  }
  return { url: url.href };
}
