/**
 * The agent centre's pages by the spec's route keys (document 002, sections 2 and 6; decision
 * 032): each is /agent/{routeKey}. One rule decides the menu and what every page serves: the
 * page's switch of the 002 §6 catalogue, the presence of contracts for the salary and dividend
 * pages, and, for the agent-menu kinds 41 and 42, no page that opens accounts or moves money.
 */
import type { Features } from "~/lib/features";
import type { ContractPresence } from "~/features/contracts/contracts.server";

export const AGENT_PATH = "/agent";

export const AGENT_PAGES = [
  "announcement",
  "agentTeamOverview",
  "registerCenter",
  "teamManagement",
  "downlineDetails",
  "transferDownline",
  "teamBetting",
  "teamLoss",
  "palStatementsAgentCopy",
  "personalHistoryCopy",
  "agentRedRain",
  "agentDividendRecordCopy2",
  "agentDailyWages2",
  "agentHourSalary",
  "agentRealtimeSalary",
] as const;
export type AgentPage = (typeof AGENT_PAGES)[number];

export interface AgentFacts {
  isAgent: number;
  features: Pick<Features, "has">;
  presence: ContractPresence;
}

/** The switch each page needs (AGEPAG opens the centre itself). */
const SWITCH: Partial<Record<AgentPage, string>> = {
  announcement: "AGENTANNOUNCE3",
  agentTeamOverview: "AGEINFO3",
  registerCenter: "AGEREGDOWN3",
  teamManagement: "DOWNMAN",
  downlineDetails: "DOWNMAN",
  transferDownline: "AGEDOWNTRANS3",
  teamBetting: "TEAMBETTING3",
  teamLoss: "AGETEAMPNL3",
  palStatementsAgentCopy: "AGEREV3",
  personalHistoryCopy: "TRANSBETREPMEM3",
  agentDividendRecordCopy2: "DIVIDEND",
  agentHourSalary: "HOURSAL3",
};

/** Pages that open accounts or move money: first- and second-level agents only. */
const ACTING: readonly AgentPage[] = ["registerCenter", "transferDownline"];

export function agentPageOpen(page: AgentPage, f: AgentFacts): boolean {
  if (!f.features.has("AGEPAG")) return false;
  if (ACTING.includes(page) && f.isAgent !== 1 && f.isAgent !== 2) return false;
  const needed = SWITCH[page];
  if (needed && !f.features.has(needed)) return false;
  switch (page) {
    case "agentDividendRecordCopy2":
      return f.presence.dividend;
    case "agentDailyWages2":
      return (f.features.has("DAYSAL") && f.presence.daily) || (f.features.has("DAYSALMR") && f.presence.dailyMR);
    case "agentHourSalary":
      return f.presence.hourly;
    case "agentRealtimeSalary":
      return f.presence.realtime;
    default:
      return true;
  }
}

/** Several downlines in one transfer (AGENTRANSMULTDOWN3). */
export const multiTransfer = (f: AgentFacts) => f.features.has("AGENTRANSMULTDOWN3");

/** A first-level agent may open agent accounts too; others open members. */
export const opensAgents = (f: AgentFacts) => f.isAgent === 1;

export const AGENT_GROUPS: readonly { title: string; pages: readonly AgentPage[] }[] = [
  { title: "agent_group_team", pages: ["agentTeamOverview", "announcement", "registerCenter", "teamManagement", "transferDownline"] },
  { title: "agent_group_reports", pages: ["teamBetting", "teamLoss", "palStatementsAgentCopy", "personalHistoryCopy"] },
  {
    title: "agent_group_income",
    pages: ["agentDividendRecordCopy2", "agentDailyWages2", "agentHourSalary", "agentRealtimeSalary", "agentRedRain"],
  },
];

/** The menu: downline details is reached from team management, not listed. */
export function agentMenu(f: AgentFacts) {
  return AGENT_GROUPS.map((g) => ({ title: g.title, pages: g.pages.filter((p) => agentPageOpen(p, f)) })).filter((g) => g.pages.length > 0);
}

export const agentHref = (page: AgentPage, search?: Record<string, string>) =>
  `${AGENT_PATH}/${page}${search && Object.keys(search).length ? `?${new URLSearchParams(search)}` : ""}`;
export const agentTitleKey = (page: AgentPage) => `agent_page_${page}`;
