/**
 * The agent centre through its route modules against the reference operator's agents area:
 * who gets in, the menu and a page refused by its address, the overview, team management with
 * search and pages, a downline registered and then found, transfers to downlines (one, several,
 * refusals beside the field, a double submit that moves money once), reports and their filters.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { loggedIn, type Browser } from "../support/browser";
import { referenceValue, setFeatures, startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let layout: typeof import("~/routes/agent+/_layout");
let index: typeof import("~/routes/agent+/index");
let overview: typeof import("~/routes/agent+/agentTeamOverview");
let team: typeof import("~/routes/agent+/teamManagement");
let details: typeof import("~/routes/agent+/downlineDetails");
let register: typeof import("~/routes/agent+/registerCenter");
let transfer: typeof import("~/routes/agent+/transferDownline");
let betting: typeof import("~/routes/agent+/teamBetting");
let loss: typeof import("~/routes/agent+/teamLoss");
let wages: typeof import("~/routes/agent+/agentDailyWages2");
let income: typeof import("~/routes/agent+/palStatementsAgentCopy");
let hourly: typeof import("~/routes/agent+/agentHourSalary");

beforeAll(async () => {
  operator = await startPortalEnv();
  layout = await import("~/routes/agent+/_layout");
  index = await import("~/routes/agent+/index");
  overview = await import("~/routes/agent+/agentTeamOverview");
  team = await import("~/routes/agent+/teamManagement");
  details = await import("~/routes/agent+/downlineDetails");
  register = await import("~/routes/agent+/registerCenter");
  transfer = await import("~/routes/agent+/transferDownline");
  betting = await import("~/routes/agent+/teamBetting");
  loss = await import("~/routes/agent+/teamLoss");
  wages = await import("~/routes/agent+/agentDailyWages2");
  income = await import("~/routes/agent+/palStatementsAgentCopy");
  hourly = await import("~/routes/agent+/agentHourSalary");
});

afterAll(async () => {
  await operator.close();
});

const reference = (path: string, body?: unknown) => referenceValue(operator, path, body);

const caught = (p: Promise<Response>) => p.catch((r: Response) => r);
let agents = 0;
/** A fresh first-level agent (no team, balance 1000) for the journeys that change things. */
async function freshAgent(): Promise<{ browser: Browser; username: string }> {
  const username = `jagent${String(++agents).padStart(3, "0")}`;
  await reference("/__reference/members", { username, password: "Agent1234", agentType: 1, balance: "1000.00" });
  return { browser: await loggedIn(username, "Agent1234"), username };
}

describe("who gets in", () => {
  it("opens to agents at the first page of the menu; players get agent_only and trial accounts in_please_account", async () => {
    const agent = await loggedIn("agent001", "Agent1234");
    const first = await caught(agent.get("/agent", index.loader));
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe("/agent/agentTeamOverview");
    const menu = (await (await agent.get("/agent", layout.loader)).json()).menu as { pages: string[] }[];
    expect(menu.flatMap((g) => g.pages)).toEqual(
      expect.arrayContaining(["agentTeamOverview", "registerCenter", "agentDividendRecordCopy2"]),
    );

    const player = await loggedIn("player01", "Player123");
    const refused = await caught(player.get("/agent/teamManagement", team.loader));
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe("/");
    await reference("/__reference/members", { username: "jtrial01", password: "Trial1234", agentType: 4 });
    const trial = await loggedIn("jtrial01", "Trial1234");
    expect((await caught(trial.get("/agent", index.loader))).status).toBe(303);
  });

  it("refuses a page its switch hides, by its address too, and a salary page without contracts in force", async () => {
    const agent = await loggedIn("agent001", "Agent1234");
    await setFeatures(operator, { TEAMBETTING3: false });
    try {
      const answer = await caught(agent.get("/agent/teamBetting", betting.loader));
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/agent/agentTeamOverview");
    } finally {
      await setFeatures(operator, { TEAMBETTING3: true });
    }
    const { browser } = await freshAgent();
    const noContract = await caught(browser.get("/agent/agentHourSalary", hourly.loader));
    expect(noContract.headers.get("Location")).toBe("/agent/agentTeamOverview");
  });
});

describe("the agent-menu kinds 41 and 42", () => {
  it("read the team but neither register nor transfer, by the menu or by the address", async () => {
    await reference("/__reference/members", { username: "jview41", password: "Agent1234", agentType: 41 });
    const viewer = await loggedIn("jview41", "Agent1234");
    const menu = (await (await viewer.get("/agent", layout.loader)).json()).menu as { pages: string[] }[];
    const pages = menu.flatMap((g) => g.pages);
    expect(pages).toContain("teamManagement");
    expect(pages).not.toContain("registerCenter");
    expect(pages).not.toContain("transferDownline");
    // No consolidated call for 41: no salary or dividend page.
    expect(pages).not.toContain("agentDividendRecordCopy2");
    const refused = await caught(
      viewer.post("/agent/transferDownline", { to: "team01", amount: "5", once: "x".repeat(24) }, transfer.action),
    );
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe("/agent/agentTeamOverview");
  });
});

describe("the team", () => {
  it("shows the overview of agent001's team", async () => {
    const agent = await loggedIn("agent001", "Agent1234");
    const data = await (await agent.get("/agent/agentTeamOverview", overview.loader)).json();
    expect(data.team).toMatchObject({ direct: 10, agents: 1 });
    expect(data.team.size).toBeGreaterThanOrEqual(13);
    expect(data.affiliateCode).toBe("AGENT001");
    expect(data.months.thisMonth.betCount).toBeGreaterThan(0);
  });

  it("searches and pages the downline list; bad search input is a 400 with the message", async () => {
    const agent = await loggedIn("agent001", "Agent1234");
    const all = await (await agent.get("/agent/teamManagement", team.loader)).json();
    expect(all.rows).toHaveLength(12);
    expect(all.totalPages).toBeGreaterThanOrEqual(2);
    const second = await (await agent.get("/agent/teamManagement?page=2", team.loader)).json();
    expect(second.rows.length).toBeGreaterThan(0);
    expect(second.rows[0].username).not.toBe(all.rows[0].username);
    const found = await (await agent.get("/agent/teamManagement?q=team2", team.loader)).json();
    expect(found.rows.map((r: { username: string }) => r.username).sort()).toEqual(["team21", "team22", "team23"]);
    expect(found.rows.every((r: { level: number }) => r.level === 2)).toBe(true);
    const bad = await agent.get("/agent/teamManagement?q=%3Cscript%3E", team.loader);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("agent_search_chars");
    const long = await agent.get(`/agent/teamManagement?q=${"a".repeat(5000)}`, team.loader);
    expect(long.status).toBe(400);
  });

  it("shows a downline's details, and not another agent's member", async () => {
    const agent = await loggedIn("agent001", "Agent1234");
    const data = await (await agent.get("/agent/downlineDetails?username=team21", details.loader)).json();
    expect(data.detail).toMatchObject({ username: "team21", upline: "agent002", level: 2, kind: "member" });
    const stranger = await agent.get("/agent/downlineDetails?username=player01", details.loader);
    expect(stranger.status).toBe(404);
    expect((await agent.get("/agent/downlineDetails?username=%00", details.loader)).status).toBe(400);
  });
});

describe("registration and transfers", () => {
  it("registers a downline by the register rules, once, and finds it in the team", async () => {
    const { browser } = await freshAgent();
    const page = await (await browser.get("/agent/registerCenter", register.loader)).json();
    expect(page.opensAgents).toBe(true);
    expect(page.fields.map((f: { key: string }) => f.key)).toEqual(expect.arrayContaining(["username", "password"]));

    const mismatch = await browser.post(
      "/agent/registerCenter",
      { username: "jdown001", password: "Abc12345", verifyPwd: "Abc99999", nickname: "Jay", once: page.once },
      register.action,
    );
    expect(mismatch.status).toBe(400);
    const refused = await mismatch.json();
    expect(refused.result.error.verifyPwd).toEqual(["in_confirmation_correct"]);
    expect(refused.result.initialValue.username).toBe("jdown001");
    expect(refused.result.initialValue.password).toBeUndefined();

    const fields = {
      username: "jdown001",
      password: "Abc12345",
      verifyPwd: "Abc12345",
      nickname: "Jay",
      agentType: "2",
      once: refused.once,
    };
    const [a, b] = await Promise.all([
      browser.post("/agent/registerCenter", fields, register.action),
      browser.post("/agent/registerCenter", fields, register.action),
    ]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(a.headers.get("Location")).toBe("/agent/teamManagement?q=jdown001");
    const found = await (await browser.get("/agent/teamManagement?q=jdown001", team.loader)).json();
    expect(found.rows).toEqual([expect.objectContaining({ username: "jdown001", kind: "agent", level: 1 })]);

    const again = await browser.post(
      "/agent/registerCenter",
      { ...fields, once: (await (await browser.get("/agent/registerCenter", register.loader)).json()).once },
      register.action,
    );
    expect(again.status).toBe(400);
    expect((await again.json()).result.error.username).toEqual(["agent_username_taken"]);
  });

  it("moves money to downlines once, shows both balances after, and refuses beside the field", async () => {
    const { browser, username } = await freshAgent();
    for (const name of ["jdown101", "jdown102"]) {
      const { once } = await (await browser.get("/agent/registerCenter", register.loader)).json();
      const r = await browser.post(
        "/agent/registerCenter",
        { username: name, password: "Abc12345", verifyPwd: "Abc12345", once },
        register.action,
      );
      expect(r.status).toBe(303);
    }
    let page = await (await browser.get("/agent/transferDownline?to=jdown101", transfer.loader)).json();
    expect(page.to).toBe("jdown101");
    expect(page.main.balance).toBe("¥1,000.00");

    const [a, b] = await Promise.all([
      browser.post("/agent/transferDownline", { to: "jdown101", amount: "120.50", once: page.once }, transfer.action),
      browser.post("/agent/transferDownline", { to: "jdown101", amount: "120.50", once: page.once }, transfer.action),
    ]);
    expect([a.status, b.status]).toEqual([303, 303]);
    const location = a.headers.get("Location")!;
    expect(location).toBe("/agent/transferDownline?to=jdown101&sent=1");
    page = await (await browser.get(location, transfer.loader)).json();
    expect(page.after).toEqual([{ username: "jdown101", balance: "120.50" }]);
    expect(page.main.balance).toBe("¥879.50");
    const wallets = await reference(`/__reference/wallets?username=${username}`);
    expect(wallets.main).toBe("879.50");

    // Several at once (AGENTRANSMULTDOWN3): the same amount each, all or none.
    const many = await browser.post(
      "/agent/transferDownline",
      { to: "jdown101, jdown102", amount: "10", once: page.once },
      transfer.action,
    );
    expect(many.status).toBe(303);
    page = await (await browser.get(many.headers.get("Location")!, transfer.loader)).json();
    expect(page.after).toEqual([
      { username: "jdown101", balance: "130.50" },
      { username: "jdown102", balance: "10.00" },
    ]);

    const refusals: [Record<string, string>, string, string][] = [
      [{ to: "player01", amount: "5" }, "to", "agent_transfer_not_downline"],
      [{ to: "jdown101", amount: "999999" }, "amount", "transfer_amount_exceeds"],
      [{ to: "jdown101", amount: "0.5" }, "amount", "agent_transfer_amount_min"],
      [{ to: "jdown101", amount: "abc" }, "amount", "agent_transfer_amount_min"],
      [{ to: "", amount: "5" }, "to", "agent_transfer_to_required"],
      [{ to: "a<b>", amount: "5" }, "to", "agent_transfer_name_invalid"],
    ];
    for (const [fields, field, message] of refusals) {
      const { once } = await (await browser.get("/agent/transferDownline", transfer.loader)).json();
      const answer = await browser.post("/agent/transferDownline", { ...fields, once }, transfer.action);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      const body = await answer.json();
      expect(body.result.error[field], JSON.stringify(fields)).toEqual([message]);
      expect(body.result.initialValue.amount).toBe(fields.amount || undefined);
    }
    expect((await reference(`/__reference/wallets?username=${username}`)).main).toBe("859.50");

    await setFeatures(operator, { AGENTRANSMULTDOWN3: false });
    try {
      const { once } = await (await browser.get("/agent/transferDownline", transfer.loader)).json();
      const one = await browser.post("/agent/transferDownline", { to: "jdown101 jdown102", amount: "1", once }, transfer.action);
      expect(one.status).toBe(400);
      expect((await one.json()).result.error.to).toEqual(["agent_transfer_one"]);
    } finally {
      await setFeatures(operator, { AGENTRANSMULTDOWN3: true });
    }
  });
});

describe("reports", () => {
  it("team betting and team loss: rows with totals, a refused range with its message", async () => {
    const agent = await loggedIn("agent001", "Agent1234");
    const bets = await (await agent.get("/agent/teamBetting", betting.loader)).json();
    expect(bets.rows.length).toBeGreaterThan(0);
    expect(bets.totals.betCount).toBeGreaterThan(0);
    const lottery = await (await agent.get("/agent/teamBetting?type=LOTT", betting.loader)).json();
    expect(lottery.totals.betCount).toBeLessThan(bets.totals.betCount);
    const days = await (await agent.get("/agent/teamLoss", loss.loader)).json();
    expect(days.rows[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const reversed = await agent.get("/agent/teamLoss?start=2026-11-20&end=2026-11-01", loss.loader);
    expect(reversed.status).toBe(400);
    expect((await agent.get("/agent/teamBetting?type=BOGUS", betting.loader)).status).toBe(400);
  });

  it("payouts by kind: income of every kind, daily wages of both kinds, a kind filter of another page refused", async () => {
    const agent = await loggedIn("agent001", "Agent1234");
    const all = await (await agent.get("/agent/palStatementsAgentCopy?start=2026-10-01&end=2026-11-22", income.loader)).json();
    expect(new Set(all.rows.map((r: { kind: string }) => r.kind)).size).toBeGreaterThan(1);
    expect(all.sum.text).toMatch(/^[\d,]+\.\d{2}$/);
    const daily = await (await agent.get("/agent/agentDailyWages2?start=2026-10-01&end=2026-11-22", wages.loader)).json();
    expect(new Set(daily.rows.map((r: { kind: string }) => r.kind))).toEqual(new Set(["DAILY", "DAILY_MR"]));
    const mr = await (await agent.get("/agent/agentDailyWages2?type=DAILY_MR", wages.loader)).json();
    expect(mr.rows.every((r: { kind: string }) => r.kind === "DAILY_MR")).toBe(true);
    expect((await agent.get("/agent/agentDailyWages2?type=DIVIDEND", wages.loader)).status).toBe(400);
  });
});
