/**
 * The one gate of pages that need a player (document 000, section 6): a guest goes to the login
 * page (which says in_sorry_in when it has somewhere to return to) and comes back after logging
 * in; a player who owes a forced password change goes to it, for posts too (the root loader's
 * guard only sees page loads); a trial account (isAgent 4) is sent
 * home with in_please_account (member and agent centres) or in_need_true_account (real games,
 * chat); the agent centre is for agents (1, 2, 41, 42).
 *
 * An action for a player opens with openPlayerAction: the opening's checks first (a refused post
 * never reaches the gate), then the page's gate on the session the opening read, with the
 * operator bound to the player, their language, the post's device and the switches.
 */
import { redirect } from "@remix-run/node";
import type { Locale } from "~/i18n/config";
import type { Notice } from "~/operator/errors";
import type { BoundOperator } from "~/operator/operator.server";
import { openAction, type ActionOpening, type OpeningOptions } from "~/server/action.server";
import { commitSession, getSession, type PortalSession } from "~/server/session.server";
import { openUploadAction, type Upload, type UploadRule } from "~/server/upload.server";

/** The agent flag of a trial (free-play) account. */
export const TRIAL_ACCOUNT = 4;
/** Agent flags that open the agent centre. */
export const AGENT_FLAGS: readonly number[] = [1, 2, 41, 42];

export interface GateOptions {
  /** Member features (member centre): trial accounts are refused with in_please_account. */
  member?: boolean;
  /** Real-money features (real games, chat): trial accounts are refused with in_need_true_account. */
  realAccount?: boolean;
  /** The agent centre: agents only; trial accounts get in_please_account, players agent_only. */
  agent?: boolean;
  /** Where a refused player goes; the home page unless said. */
  refusedTo?: string;
}

export interface Player {
  session: PortalSession;
  isAgent: number;
  isTrial: boolean;
}

/**
 * Answers the player, or throws the redirect that refuses the request. `read`: the session when
 * the caller has read it already (an action's opening).
 */
export async function requirePlayer(request: Request, options: GateOptions = {}, read?: PortalSession): Promise<Player> {
  const session = read ?? (await getSession(request));
  const url = new URL(request.url);
  if (!session.get("token")) {
    // No flash: the login page says in_sorry_in itself, and a guest's visit writes no session row.
    const back = url.pathname + url.search;
    // A ?lng= is read from the address itself: inside redirectTo it would not make the login
    // page English, and this redirect carries no language cookie (issue 23).
    const lng = url.searchParams.get("lng");
    const language = lng ? `&lng=${encodeURIComponent(lng)}` : "";
    throw redirect(`/login?redirectTo=${encodeURIComponent(back)}${language}`, 303);
  }
  if (session.get("cpw")) throw redirect("/change-password", 303);
  const isAgent = Number(session.get("isAgent") ?? 0);
  const isTrial = isAgent === TRIAL_ACCOUNT;
  const to = options.refusedTo ?? "/";
  if (isTrial && (options.member || options.agent)) throw await turnAway(session, { key: "in_please_account" }, to);
  if (isTrial && options.realAccount) throw await turnAway(session, { key: "in_need_true_account" }, to);
  if (options.agent && !AGENT_FLAGS.includes(isAgent)) throw await turnAway(session, { key: "agent_only" }, to);
  return { session, isAgent, isTrial };
}

/** The redirect of a refused player: where they go, with the notice that says why. */
async function turnAway(session: PortalSession, notice: Notice, to: string): Promise<Response> {
  session.flash("notice", notice);
  return redirect(to, { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
}

/** Who posted, as the action's opening read them: a gate handed this reads no session of its own. */
export interface Poster {
  session: PortalSession;
  locale: Locale;
  deviceId: string;
}

/**
 * A gate of players' pages (a member page, an agent page, the contracts): the player with the
 * operator bound to them, or the redirect that refuses. Loaders call it without a poster.
 */
export type PlayerGate<T extends Player & { operator: BoundOperator }> = (request: Request, poster?: Poster) => Promise<T>;

/** The opening and the gate's player in one: one session, and the gate's operator (bound with the device id). */
export type PlayerOpening<T> = Omit<ActionOpening, "operator"> & T;

export interface PlayerOpeningOptions extends OpeningOptions {
  /** The form's images (reward claims, payment proof): the body is read by openUploadAction. */
  upload?: UploadRule | readonly UploadRule[];
}

/**
 * The one opening of the member and agent centres' actions (and the contracts'): openAction's
 * checks and body (or openUploadAction's, with `upload`), then `gate` on the session it read.
 */
export function openPlayerAction<T extends Player & { operator: BoundOperator }>(
  request: Request,
  context: unknown,
  gate: PlayerGate<T>,
  options: PlayerOpeningOptions & { upload: UploadRule | readonly UploadRule[] },
): Promise<PlayerOpening<T> & { uploads: Record<string, Upload> }>;
export function openPlayerAction<T extends Player & { operator: BoundOperator }>(
  request: Request,
  context: unknown,
  gate: PlayerGate<T>,
  options?: PlayerOpeningOptions,
): Promise<PlayerOpening<T>>;
export async function openPlayerAction<T extends Player & { operator: BoundOperator }>(
  request: Request,
  context: unknown,
  gate: PlayerGate<T>,
  { upload, ...options }: PlayerOpeningOptions = {},
): Promise<PlayerOpening<T> & { uploads?: Record<string, Upload> }> {
  const opening = upload ? await openUploadAction(request, context, upload) : await openAction(request, context, options);
  const player = await gate(request, { session: opening.session, locale: opening.locale, deviceId: opening.device.id });
  return { ...opening, ...player };
}
