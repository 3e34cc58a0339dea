/**
 * The one gate of pages that need a player (document 000, section 6): a guest goes to the login
 * page (which says in_sorry_in when it has somewhere to return to) and comes back after logging
 * in; a player who owes a forced password change goes to it, for posts too (the root loader's
 * guard only sees page loads); a trial account (isAgent 4) is sent
 * home with in_please_account (member and agent centres) or in_need_true_account (real games,
 * chat); the agent centre is for agents (1, 2, 41, 42).
 */
import { redirect } from "@remix-run/node";
import type { Notice } from "~/operator/errors";
import { commitSession, getSession, type PortalSession } from "~/server/session.server";

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

/** Answers the player, or throws the redirect that refuses the request. */
export async function requirePlayer(request: Request, options: GateOptions = {}): Promise<Player> {
  const session = await getSession(request);
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
  if (isTrial && (options.member || options.agent)) throw await refuse(session, { key: "in_please_account" }, to);
  if (isTrial && options.realAccount) throw await refuse(session, { key: "in_need_true_account" }, to);
  if (options.agent && !AGENT_FLAGS.includes(isAgent)) throw await refuse(session, { key: "agent_only" }, to);
  return { session, isAgent, isTrial };
}

async function refuse(session: PortalSession, notice: Notice, to: string): Promise<Response> {
  session.flash("notice", notice);
  return redirect(to, { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
}
