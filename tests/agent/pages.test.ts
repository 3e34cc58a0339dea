/** The agent centre's one rule (decision 032): switches, agent kinds and the presence of contracts. */
import { describe, expect, it } from "vitest";
import { agentMenu, agentPageOpen, AGENT_PAGES, multiTransfer, opensAgents, type AgentFacts } from "~/features/agent/pages";
import { WHITELABEL_FEATURES } from "../../server/operator/system/seed";

const ALL = new Set<string>(WHITELABEL_FEATURES);
const facts = (over: Partial<AgentFacts> = {}, off: string[] = []): AgentFacts => ({
  isAgent: 1,
  features: { has: (code: string) => ALL.has(code) && !off.includes(code) },
  presence: { dividend: true, daily: true, dailyMR: true, hourly: true, realtime: true },
  ...over,
});

describe("agent pages", () => {
  it("opens every page to a first-level agent with every switch and contract", () => {
    expect(AGENT_PAGES.filter((p) => agentPageOpen(p, facts()))).toEqual([...AGENT_PAGES]);
    expect(opensAgents(facts())).toBe(true);
    expect(multiTransfer(facts())).toBe(true);
  });

  it("closes the whole centre without AGEPAG", () => {
    expect(AGENT_PAGES.some((p) => agentPageOpen(p, facts({}, ["AGEPAG"])))).toBe(false);
    expect(agentMenu(facts({}, ["AGEPAG"]))).toEqual([]);
  });

  it("hides each page by its switch", () => {
    const cases: [string, string][] = [
      ["AGENTANNOUNCE3", "announcement"],
      ["AGEINFO3", "agentTeamOverview"],
      ["AGEREGDOWN3", "registerCenter"],
      ["DOWNMAN", "teamManagement"],
      ["DOWNMAN", "downlineDetails"],
      ["AGEDOWNTRANS3", "transferDownline"],
      ["TEAMBETTING3", "teamBetting"],
      ["AGETEAMPNL3", "teamLoss"],
      ["AGEREV3", "palStatementsAgentCopy"],
      ["TRANSBETREPMEM3", "personalHistoryCopy"],
      ["DIVIDEND", "agentDividendRecordCopy2"],
      ["HOURSAL3", "agentHourSalary"],
    ];
    for (const [code, page] of cases) {
      const open = AGENT_PAGES.filter((p) => agentPageOpen(p, facts({}, [code])));
      expect(open, code).not.toContain(page);
      expect(open.length, code).toBe(AGENT_PAGES.length - (code === "DOWNMAN" ? 2 : 1));
    }
    expect(multiTransfer(facts({}, ["AGENTRANSMULTDOWN3"]))).toBe(false);
  });

  it("opens the salary and dividend pages only with contracts in force", () => {
    const none = { dividend: false, daily: false, dailyMR: false, hourly: false, realtime: false };
    const open = (presence: Partial<AgentFacts["presence"]>, off: string[] = []) =>
      AGENT_PAGES.filter((p) => agentPageOpen(p, facts({ presence: { ...none, ...presence } }, off)));
    expect(open({})).not.toEqual(expect.arrayContaining(["agentDividendRecordCopy2"]));
    for (const page of ["agentDividendRecordCopy2", "agentDailyWages2", "agentHourSalary", "agentRealtimeSalary"])
      expect(open({})).not.toContain(page);
    expect(open({ dividend: true })).toContain("agentDividendRecordCopy2");
    expect(open({ hourly: true })).toContain("agentHourSalary");
    expect(open({ realtime: true })).toContain("agentRealtimeSalary");
    // Both kinds of daily wages: either one opens the page, each with its own switch.
    expect(open({ daily: true })).toContain("agentDailyWages2");
    expect(open({ dailyMR: true })).toContain("agentDailyWages2");
    expect(open({ daily: true }, ["DAYSAL"])).not.toContain("agentDailyWages2");
    expect(open({ daily: true, dailyMR: true }, ["DAYSAL"])).toContain("agentDailyWages2");
  });

  it("gives the agent-menu kinds 41 and 42 no page that opens accounts or moves money; sub-agents open members only", () => {
    for (const isAgent of [41, 42]) {
      const open = AGENT_PAGES.filter((p) => agentPageOpen(p, facts({ isAgent })));
      expect(open).not.toContain("registerCenter");
      expect(open).not.toContain("transferDownline");
      expect(open).toContain("teamManagement");
    }
    expect(agentPageOpen("registerCenter", facts({ isAgent: 2 }))).toBe(true);
    expect(opensAgents(facts({ isAgent: 2 }))).toBe(false);
  });

  it("lists downline details nowhere in the menu: it is reached from the team", () => {
    expect(agentMenu(facts()).flatMap((g) => g.pages)).not.toContain("downlineDetails");
  });
});
