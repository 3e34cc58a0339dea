/**
 * What the member centre knows of a player before it draws a page: the facts its menu rules
 * read (app/features/member/menu.ts), fetched in one wave of quiet calls. The layout draws the
 * menu from them and every page's loader and action checks its own page against them
 * (requireMemberPage), so a page hidden from the menu is refused by its address too.
 *
 * The layout's and the page's loaders run side by side for one view; the facts of a player are
 * kept for a few seconds so that both (and a form's post right after) share one wave.
 */
import { redirect } from "@remix-run/node";
import type { Features } from "~/lib/features";
import { getLocale } from "~/i18n/i18n.server";
import { loadFeatures } from "~/features/site/site.server";
import { pageOpen, type MenuFacts } from "~/features/member/menu";
import { isRouteKey, memberHref, MEMBER_PATH, promotionPage, type RouteKey } from "~/features/member/routes";
import { bindOperator, quietly, type BoundOperator } from "~/operator/operator.server";
import { requirePlayer, type GateOptions, type Player, type PlayerGate, type Poster } from "~/server/gate.server";
import { commitSession } from "~/server/session.server";
import { playerMemo } from "~/server/state/memo.server";
import type { MemberInfo } from "~/operator/answers";

export interface CentreFacts extends MenuFacts {
  member: MemberInfo | null;
  /**
   * The available-promotions answer as given (null when the call failed): the reward centre's
   * summary reads it from here, so its view does not ask for it a second time in its wave.
   */
  availablePromotions: Record<string, unknown> | null;
  /** Available promotions: the counted types summed, and the mission count for the menu's badge. */
  availableCount: number;
  missionCount: number | null;
  /** clubLabel.type AUTO: VIP benefits are shown (the upgrade bonus opens the rank page). */
  vipBenefitsShown: boolean;
}

export interface MemberContext extends Player {
  operator: BoundOperator;
  features: Features;
  facts: CentreFacts;
}

/** Promotion types that count towards the available-promotion count (document 002, section 3). */
export const COUNTED_PROMOTIONS = ["MANUAL", "RAFFLE", "TICKET", "REGISTER", "LOGIN", "SAVIOR", "MISSION_MANUAL"] as const;

const FACTS_TTL_MS = 5_000;
const factsByPlayer = playerMemo<CentreFacts>(FACTS_TTL_MS);

export interface OpenedCentre extends Player {
  operator: BoundOperator;
  features: Features;
  /** Under way: a loader starts its own calls beside it, so a page view stays one wave. */
  facts: Promise<CentreFacts>;
}

/**
 * The gate (member features: guests to login, trial accounts refused), the switches (cached) and
 * the operator bound to the player, with the centre's facts on their way. `poster`: who an
 * action's opening read (app/server/gate.server.ts, openPlayerAction); their operator carries
 * the post's device id.
 */
export async function openCentre(request: Request, options: GateOptions = {}, poster?: Poster): Promise<OpenedCentre> {
  const player = await requirePlayer(request, { member: true, ...options }, poster?.session);
  const locale = poster?.locale ?? (await getLocale(request));
  const features = await loadFeatures(locale);
  const operator = bindOperator(player.session, locale, poster?.deviceId ?? null, features);
  return { ...player, operator, features, facts: centreFacts(request, player, operator, features) };
}

/** openCentre with the facts arrived. */
export const requireMember: PlayerGate<MemberContext> = async (request, poster) => {
  const opened = await openCentre(request, {}, poster);
  return { ...opened, facts: await opened.facts };
};

/**
 * requireMember, and the page itself must be open to the player: a page the menu hides (a
 * switch off, the wrong member type, a single wallet) goes back to the centre with a notice.
 */
export async function requireMemberPage(request: Request, routeKey: RouteKey, poster?: Poster): Promise<MemberContext> {
  const context = await requireMember(request, poster);
  // Facts the operator could not give (it is failing: member info came back empty) do not say a
  // page is closed; the page's own reads say what cannot be shown (decision 035: the page a lost
  // answer leads to must stay the page).
  if (context.facts.member && !pageOpen(routeKey, context.facts)) {
    context.session.flash("notice", { key: "member_page_closed" });
    throw redirect(MEMBER_PATH, { status: 303, headers: { "Set-Cookie": await commitSession(context.session) } });
  }
  return context;
}

/** A member page's gate, for its action's opening: `openPlayerAction(request, context, memberPage("transferFund"))`. */
export const memberPage =
  (routeKey: RouteKey): PlayerGate<MemberContext> =>
  (request, poster) =>
    requireMemberPage(request, routeKey, poster);

function centreFacts(request: Request, player: Player, operator: BoundOperator, features: Features): Promise<CentreFacts> {
  const id = player.session.id;
  if (!id) return loadFacts(request, player, operator, features);
  return factsByPlayer.get(id, () => loadFacts(request, player, operator, features));
}

/** Forget a player's facts (after a change that alters them, e.g. a claim). */
export function forgetCentreFacts(sessionId: string): void {
  factsByPlayer.forget(sessionId);
}

async function loadFacts(request: Request, player: Player, operator: BoundOperator, features: Features): Promise<CentreFacts> {
  // Modules the switches turn off are not called (the bound client refuses them; quietly → null).
  const [member, wallet, promotions, rebate] = await Promise.all([
    quietly(request, operator.call("memberInfo")),
    quietly(request, operator.call("merchantWallet")),
    quietly(request, operator.call("availablePromotions")),
    quietly(request, operator.call("rebate")),
  ]);
  const flags = promotionFlags(promotions);
  return {
    isAgent: player.isAgent,
    toUpline: Boolean(member?.toUpline),
    isSingle: Boolean(wallet?.isSingle),
    features,
    referralEnabled: flags.referral.enabled,
    missionEnabled: flags.mission.enabled,
    missionCount: flags.mission.enabled ? flags.mission.count : null,
    availablePromotions: promotions,
    availableCount: flags.available,
    hasRebate: hasRebate(rebate),
    member,
    vipBenefitsShown: member?.clubLabel?.type === "AUTO",
  };
}

/**
 * The available promotions as the menu reads them: each counted type a number (or an object
 * with a count), MISSION and REFERRAL as { count, enabled }. Anything else counts as nothing.
 */
export function promotionFlags(value: unknown): {
  available: number;
  mission: { count: number; enabled: boolean };
  referral: { count: number; enabled: boolean };
} {
  const record = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const count = (v: unknown): number => {
    const n = typeof v === "number" ? v : v && typeof v === "object" ? Number((v as { count?: unknown }).count) : Number(v);
    return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
  };
  const flagged = (v: unknown) => ({
    count: count(v),
    enabled: Boolean(v && typeof v === "object" && [true, "Y", 1, "1"].includes((v as { enabled?: unknown }).enabled as never)),
  });
  return {
    available: COUNTED_PROMOTIONS.reduce((sum, type) => sum + count(record[type]), 0),
    mission: flagged(record.MISSION),
    referral: flagged(record.REFERRAL),
  };
}

/** getRebate answers the player's rebate; none (empty, null, a failure) hides bonus details. */
function hasRebate(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === "object") {
    const v = value as Record<string, unknown>;
    if ("hasRebate" in v) return Boolean(v.hasRebate);
    const list = v.rates ?? v.list ?? v.content;
    if (Array.isArray(list)) return list.length > 0;
    return Object.keys(v).length > 0;
  }
  return false;
}

/** Promotion types the summary names (document 002, section 3). */
const PROMOTION_TYPES = [...COUNTED_PROMOTIONS, "MISSION", "REFERRAL"] as const;

/**
 * Where each promotion type leads (document 002, section 2), for the pages open to this player:
 * a type whose page is hidden (a switch off, the wrong member type) leads nowhere.
 */
export function promotionLinks(facts: MenuFacts & Pick<CentreFacts, "vipBenefitsShown">): Record<string, string> {
  const links: Record<string, string> = {};
  const depositOn = pageOpen("depositv2", facts);
  for (const type of PROMOTION_TYPES) {
    const page = promotionPage(type, { depositOn, vipBenefitsShown: facts.vipBenefitsShown });
    if (!page) continue;
    const routeKey: RouteKey = isRouteKey(page) ? page : "rewardCenter";
    if (pageOpen(routeKey, facts)) links[type] = memberHref(page);
  }
  return links;
}
