/**
 * The gate and facts of the agent centre (decision 032): agents only (trial accounts get
 * in_please_account, players agent_only), the switches, and the presence of contracts from the
 * consolidated funds answer (kept two seconds per player, as the contract dialog reads it).
 */
import { redirect } from "@remix-run/node";
import { getLocale } from "~/i18n/i18n.server";
import type { Features } from "~/lib/features";
import { loadFeatures } from "~/features/site/site.server";
import { contractPresence, loadContracts } from "~/features/contracts/contracts.server";
import { agentHref, agentPageOpen, agentMenu, type AgentFacts, type AgentPage } from "~/features/agent/pages";
import { bindOperator, type BoundOperator } from "~/operator/operator.server";
import { requirePlayer, type Player, type PlayerGate, type Poster } from "~/server/gate.server";
import { commitSession } from "~/server/session.server";
import type { Locale } from "~/i18n/config";

export interface AgentContext extends Player {
  operator: BoundOperator;
  features: Features;
  facts: AgentFacts;
  locale: Locale;
}

/** Pages that need to know the contracts in force: the rest do not wait for the consolidated call. */
const CONTRACT_PAGES: readonly AgentPage[] = ["agentDividendRecordCopy2", "agentDailyWages2", "agentHourSalary", "agentRealtimeSalary"];

/**
 * The gate, the switches and the operator. `presence`: read the contracts in force too (the menu
 * and the contract pages need them; the layout asks beside the page, so a page's own call is not
 * held behind it). `poster`: who an action's opening read (openPlayerAction); their operator
 * carries the post's device id.
 */
export async function requireAgent(
  request: Request,
  { presence = true }: { presence?: boolean } = {},
  poster?: Poster,
): Promise<AgentContext> {
  const player = await requirePlayer(request, { agent: true }, poster?.session);
  const locale = poster?.locale ?? (await getLocale(request));
  const features = await loadFeatures(locale);
  const operator = bindOperator(player.session, locale, poster?.deviceId ?? null, features);
  // 41 and 42 skip the consolidated call (document 002, section 4): no contract pages for them.
  const contracts = presence && [1, 2].includes(player.isAgent) ? await loadContracts(request, operator) : null;
  const facts: AgentFacts = { isAgent: player.isAgent, features, presence: contractPresence(contracts) };
  if (!features.has("AGEPAG")) throw await closed(player, "/");
  return { ...player, operator, features, facts, locale };
}

/** requireAgent, and the page open to this agent: a hidden page goes back to the centre with a notice. */
export async function requireAgentPage(request: Request, page: AgentPage, poster?: Poster): Promise<AgentContext> {
  const context = await requireAgent(request, { presence: CONTRACT_PAGES.includes(page) }, poster);
  if (!agentPageOpen(page, context.facts)) {
    // Straight to a page that draws the notice: /agent would redirect again, and the root loader
    // of that in-between request would take the notice with it.
    const first = firstAgentPage(await withPresence(request, context));
    throw await closed(context, first && first !== page ? agentHref(first) : "/");
  }
  return context;
}

/** An agent page's gate, for its action's opening: `openPlayerAction(request, context, agentPage("transferDownline"))`. */
export const agentPage =
  (page: AgentPage): PlayerGate<AgentContext> =>
  (request, poster) =>
    requireAgentPage(request, page, poster);

async function closed(player: Player, to: string): Promise<Response> {
  player.session.flash("notice", { key: "agent_page_closed" });
  return redirect(to, { status: 303, headers: { "Set-Cookie": await commitSession(player.session) } });
}

/** The facts with the contracts in force, read now if the page did not need them. */
async function withPresence(request: Request, context: AgentContext): Promise<AgentFacts> {
  if (![1, 2].includes(context.isAgent)) return context.facts;
  return { ...context.facts, presence: contractPresence(await loadContracts(request, context.operator)) };
}

/** The first page of the menu: where /agent leads. */
export function firstAgentPage(facts: AgentFacts): AgentPage | null {
  return agentMenu(facts)[0]?.pages[0] ?? null;
}
