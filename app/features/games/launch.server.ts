/**
 * The launch action (POST /games/launch, app/routes/games+/launch.tsx): the gates of document
 * 001, section 5 in the spec's order, the launch or trial-launch call with the parameters of
 * section 3, and where the player goes next — the game's address (a new window), the in-page
 * view (/seamless, /trial), the login, or the dialog of a failure (/games/launch-failed).
 *
 * It answers a plain form post with a 303, and the script of play-form.tsx (which posts with a
 * fetcher and `_client=json`) with the same outcome as JSON: decision 024.
 */
import { json, redirect } from "@remix-run/node";
import { getLocale } from "~/i18n/i18n.server";
import { launchFailureValue } from "~/operator/answers";
import { operatorFailure, type Notice, type OperatorError } from "~/operator/errors";
import { bindOperator, handleOperatorError, type BoundOperator } from "~/operator/operator.server";
import { customerServiceLinks, loadSettings, type ServiceLink } from "~/features/site/site.server";
import { openAction, type ActionOpening } from "~/server/action.server";
import { config } from "~/server/config.server";
import { refuse } from "~/server/refuse.server";
import { TRIAL_ACCOUNT } from "~/server/gate.server";
import { namedGameOrigins, noteLaunchOrigins } from "~/server/security-headers.server";
import { commitSession, deviceId, getSession } from "~/server/session.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { readPage } from "~/lib/page-number";
import { isGameType, type GameType, type GameView } from "./types";
import { gameViews, loadHotGames, loadImageCdns, loadLanes, vendorViews } from "./catalogue.server";
import { CLIENT_FIELD, GAME_FIELDS, launchFormValues, launchSchema, TRIAL_INTENT, type LaunchForm } from "./launch-schema";
import {
  cdnOrigins,
  formatMaintenanceTime,
  gameBackHref,
  httpUrl,
  isLaunchFailure,
  launchFailedHref,
  launchParams,
  onLaunchCdn,
  portalUrl,
  slideOf,
  type LaunchFailure,
  type LaunchGame,
} from "./launch";
import { newLaunchKey, openGameHref, recordOpenGame } from "./seamless.server";

/** A launch form is a dozen short hidden fields. */
export const LAUNCH_MAX_BYTES = 8 * 1024;

/** Where the player goes after a launch post: the JSON answer to the script, or a 303 without it. */
export type LaunchOutcome =
  /**
   * The game's address, for the new window (or the tab a plain post opened); newOrigin when its
   * origin was not in the frame and form policy before this launch.
   */
  | { kind: "game"; location: string; newOrigin?: boolean }
  /** A page of the portal: the in-page game, the forced password change, home after a session ended. */
  | { kind: "page"; location: string }
  /** The login, for a guest; with scripts and loginPop the form opens the pop-up login instead. */
  | { kind: "login"; location: string }
  /** The dialog of a failure: a modal over the page with scripts, a page without. */
  | { kind: "dialog"; location: string };

export async function launchAction(request: Request, context: unknown): Promise<Response> {
  const opening = await openAction(request, context, { maxBytes: LAUNCH_MAX_BYTES });
  const client = opening.formData.get(CLIENT_FIELD) === "json";
  const parsed = launchSchema.safeParse(launchFormValues(opening.formData));
  if (!parsed.success) {
    // Hidden fields the page wrote: a post that does not fit them is not our form.
    throw refuse(400, "This is not a game the portal can open.");
  }
  let outcome: LaunchOutcome;
  let sessionChanged = false;
  try {
    const decided = await decide(request, opening, parsed.data);
    outcome = decided.outcome;
    sessionChanged = decided.sessionChanged;
  } catch (thrown) {
    // A session the operator ended (the catalogue redirects home with its message): the script
    // follows it like any other page.
    if (client && thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const headers = new Headers(thrown.headers);
      const location = headers.get("Location") ?? "/";
      headers.delete("Location");
      return json<LaunchOutcome>({ kind: "page", location }, { headers });
    }
    throw thrown;
  }
  const { headers, session } = opening;
  if (sessionChanged) headers.append("Set-Cookie", await commitSession(session));
  headers.set("Cache-Control", "no-store");
  if (client) return json<LaunchOutcome>(outcome, { headers });
  // Chromium checks a form's 303 against the form-action of the page the form was on, and that
  // page was made before this launch named the game's host (decision 024, amended): the plain
  // post then gets a page that opens the game by a refresh, which form-action does not govern.
  if (outcome.kind === "game" && outcome.newOrigin) return json({ opening: outcome.location }, { headers });
  return redirect(outcome.location, { status: 303, headers });
}

/**
 * Where a launch answer sends the player: the operator's address moved onto a launch CDN, its
 * origins noted for the frame and navigation policy; null when the answer holds no http(s)
 * address. Game launches and lottery launches (app/features/lottery) both end here.
 */
export function launchAddress(answered: string | null | undefined, cdns: readonly unknown[] | null | undefined): string | null {
  const url = httpUrl(answered);
  if (!url) return null;
  noteLaunchOrigins([url.origin, ...cdnOrigins(cdns)]);
  return onLaunchCdn(url, cdns);
}

interface Decision {
  outcome: LaunchOutcome;
  sessionChanged: boolean;
}

async function decide(request: Request, opening: ActionOpening, form: LaunchForm): Promise<Decision> {
  const { session, locale } = opening;
  const backTo = safeRedirect(form.backTo, "/");
  const trial = form.intent === TRIAL_INTENT;
  const game: LaunchGame = { vendor: form.vendor, gameType: form.gameType, ...pick(form, GAME_FIELDS) };
  const shown = { backTo, vendor: game.vendor, gameType: game.gameType };
  const dialog = (reason: LaunchFailure, data: Record<string, string | undefined | null> = {}, sessionChanged = false): Decision => ({
    outcome: { kind: "dialog", location: launchFailedHref(reason, { ...shown, ...data }) },
    sessionChanged,
  });

  // The gates, in the spec's order (document 001, section 5). The free trial needs no account.
  if (!trial) {
    if (!session.get("token")) {
      // The login page says in_sorry_in itself when it has somewhere to return to; home is not
      // such a place, so then the message travels as the session's notice.
      const home = backTo === "/";
      if (home) session.flash("notice", { key: "in_sorry_in" });
      return { outcome: { kind: "login", location: `/login?redirectTo=${encodeURIComponent(backTo)}` }, sessionChanged: home };
    }
    if (session.get("cpw")) return { outcome: { kind: "page", location: "/change-password" }, sessionChanged: false };
    if (Number(session.get("isAgent") ?? 0) === TRIAL_ACCOUNT) return dialog("need_true_account");
  }
  if (!game.gameId && !game.roomId) return dialog("stay_tuned");

  const operator = opening.operator();
  const origin = new URL(request.url).origin;
  // A game shown in the portal's frame goes back through the one page that may be framed and
  // leaves the frame (decision 038); a game in its own window goes straight back.
  const inPage = trial || form.newWindow === "0";
  const params = launchParams(game, {
    accountType: trial ? 0 : 1,
    language: locale,
    merchantCode: session.get("merchantCode") || config().MERCHANT_CODE,
    username: trial ? null : session.get("username") || session.get("account"),
    backUrl: portalUrl(origin, inPage ? gameBackHref(backTo) : backTo),
  });
  // The status (for the launch CDNs) is read beside the launch; without it the game opens at
  // the address the operator answered.
  const [launched, status] = await Promise.all([
    operator.call(trial ? "trialLaunch" : "launchGame", { body: params }).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error: operatorFailure(error) }),
    ),
    operator.call("status").catch(() => null),
  ]);

  if (!launched.ok) return failed(request, opening, form, launched.error, dialog);

  const named = namedGameOrigins();
  const address = launchAddress(launched.value.url, status?.info?.launchGameCDNs);
  // An answer without a usable address: the vendor's lobby is not there (game_maintenance).
  if (!address) return dialog("game_maintenance");

  if (inPage) {
    const key = newLaunchKey();
    await recordOpenGame(session, operator, {
      key,
      url: address,
      vendor: game.vendor,
      gameType: game.gameType,
      name: (form.name ?? "").trim() || game.vendor,
      backTo,
      trial,
      at: Date.now(),
    });
    return {
      outcome: { kind: "page", location: openGameHref({ key, gameType: game.gameType, vendor: game.vendor, trial }) },
      sessionChanged: true,
    };
  }
  const newOrigin = !named.has(new URL(address).origin);
  return { outcome: { kind: "game", location: address, ...(newOrigin ? { newOrigin } : {}) }, sessionChanged: false };
}

/**
 * A failed launch (document 000, section 8, game-related): resType 1 asks for the
 * recommendation overlay; vendor_under_maintenance, launch_game_balance_not_enough and
 * domain_not_available have dialogs of their own; anything else is the catalogue's message
 * (a session-ending code ends the session here, as everywhere).
 */
async function failed(
  request: Request,
  opening: ActionOpening,
  form: LaunchForm,
  error: OperatorError,
  dialog: (reason: LaunchFailure, data?: Record<string, string | undefined | null>, sessionChanged?: boolean) => Decision,
): Promise<Decision> {
  const value = launchFailureValue.parse(error.value);
  // Whose maintenance the notice speaks of: the vendor's (vendor_under_maintenance) or the game's.
  const scope = error.code === "vendor_under_maintenance" ? "vendor" : "game";
  const times = { start: value?.maintenanceStart, end: value?.maintenanceEnd, scope };
  if (value?.resType === 1) return dialog("recommend", times);
  if (error.code === "vendor_under_maintenance") return dialog("maintenance", times);
  if (error.code === "launch_game_balance_not_enough") return dialog("balance");
  if (error.code === "domain_not_available") return dialog("domain", retryFields(form));
  const notice = await handleOperatorError(request, error);
  if (!notice) return dialog("message");
  opening.session.set("launchNotice", { notice, at: Date.now() });
  return dialog("message", {}, true);
}

/** The game's fields, for the Retry of the domain-check dialog (it posts the same launch again). */
function retryFields(form: LaunchForm): Record<string, string | undefined> {
  return { ...pick(form, [...GAME_FIELDS, "newWindow", "name"]), intent: form.intent === TRIAL_INTENT ? TRIAL_INTENT : undefined };
}

function pick<K extends keyof LaunchForm>(form: LaunchForm, names: readonly K[]): Pick<LaunchForm, K> {
  return Object.fromEntries(names.map((name) => [name, form[name]])) as Pick<LaunchForm, K>;
}

// ── the dialogs of a failed launch (/games/launch-failed) ──────────────────────────────────

/** The game fields of the Retry form (domain-check dialog): what the launch was posted with. */
export type RetryFields = Partial<Record<(typeof RETRY_NAMES)[number], string>>;
const RETRY_NAMES = ["vendor", "gameType", ...GAME_FIELDS, "newWindow", "name", "intent"] as const;

/** What a failure's dialog draws (loader data: display data only). */
export interface LaunchFailedData {
  reason: LaunchFailure;
  /** Cancel / OK / Back: where the player launched from. */
  backTo: string;
  vendor: string | null;
  /** Whose maintenance the notice speaks of (maintenance and recommend). */
  scope: "vendor" | "game";
  /** Maintenance times as the player reads them, when the operator gave them. */
  maintenance: { start: string | null; end: string | null } | null;
  /** reason "message": the catalogue's message of the failed launch (null: the generic text). */
  notice: Notice | null;
  /** reason "recommend": one slide of hot games, the slide's number, and the address of each slide. */
  games: GameView[];
  slide: number;
  slideLinks: string[];
  /** reason "domain": the launch to post again, and the customer-service entries. */
  retry: RetryFields | null;
  service: ServiceLink[];
}

/**
 * The dialog's data from its address. The query is display data: every part is checked (an
 * unknown reason is a 404, an odd vendor or time is dropped) and none of it is trusted for more
 * than drawing. The operator's own message is read from the session, once.
 */
export async function launchFailedData(request: Request, context: unknown): Promise<{ data: LaunchFailedData; headers: Headers }> {
  const url = new URL(request.url);
  const q = url.searchParams;
  let reason = q.get("reason");
  if (!isLaunchFailure(reason)) throw new Response("Not Found", { status: 404 });
  const [session, locale, device] = await Promise.all([getSession(request), getLocale(request), deviceId(request, context)]);
  const headers = new Headers();
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  const idOf = (name: string) => {
    const value = q.get(name);
    return value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
  };
  const vendor = idOf("vendor");
  const gameType = (q.get("gameType") ?? "").toUpperCase();
  const start = formatMaintenanceTime(q.get("start"), locale);
  const end = formatMaintenanceTime(q.get("end"), locale);
  const data: LaunchFailedData = {
    reason,
    backTo: safeRedirect(q.get("backTo"), "/"),
    vendor,
    scope: q.get("scope") === "vendor" ? "vendor" : "game",
    maintenance: start || end ? { start, end } : null,
    notice: null,
    games: [],
    slide: 1,
    slideLinks: [],
    retry: null,
    service: [],
  };
  const operator = bindOperator(session, locale, device.id);

  if (reason === "recommend") {
    const games = isGameType(gameType) ? await recommendedGames(request, operator, gameType) : [];
    // An empty recommendation is the maintenance alert (document 001, section 4).
    if (games.length === 0) {
      reason = data.reason = "maintenance";
    } else {
      const { items, slide, slides } = slideOf(games, readPage(url, "slide"));
      data.games = items;
      data.slide = slide;
      data.slideLinks = Array.from({ length: slides }, (_, i) => {
        const link = new URLSearchParams(q);
        if (i === 0) link.delete("slide");
        else link.set("slide", String(i + 1));
        return `${url.pathname}?${link}`;
      });
    }
  }
  if (reason === "domain") {
    const retry = launchSchema.safeParse(Object.fromEntries(RETRY_NAMES.flatMap((n) => (q.has(n) ? [[n, q.get(n)]] : []))));
    if (retry.success) {
      const r = retry.data;
      data.retry = Object.fromEntries(
        Object.entries({ ...r, intent: r.intent === TRIAL_INTENT ? TRIAL_INTENT : undefined }).filter(
          ([name, value]) => (RETRY_NAMES as readonly string[]).includes(name) && typeof value === "string" && value !== "",
        ),
      ) as RetryFields;
    }
    const settings = await loadSettings(locale).catch(() => null);
    data.service = settings ? customerServiceLinks(settings.customerService) : [];
  }
  if (reason === "message") {
    const kept = session.get("launchNotice");
    if (kept) {
      // Shown once: a reload or a shared link shows the generic text.
      session.unset("launchNotice");
      headers.append("Set-Cookie", await commitSession(session));
      if (Date.now() - kept.at < NOTICE_TTL_MS) data.notice = kept.notice;
    }
  }
  return { data, headers };
}

/** How long the message of a failed launch waits for its dialog. */
const NOTICE_TTL_MS = 5 * 60_000;

/**
 * The hot games of a game type for the recommendation overlay, as the lobby's tiles (the
 * catalogue's shared, cached lists). Failures are quiet: no recommendation, so the maintenance alert.
 */
async function recommendedGames(request: Request, operator: BoundOperator, gameType: GameType): Promise<GameView[]> {
  const [hot, lanes, imageCdns] = await Promise.all([
    loadHotGames(request, operator, gameType),
    loadLanes(request, operator),
    loadImageCdns(operator),
  ]);
  return gameViews(hot, vendorViews(lanes, imageCdns), imageCdns, new Set());
}
