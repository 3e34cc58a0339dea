/**
 * Contract requests through their route modules against the reference operator's contracts
 * area: the list in two sections, accept, reject, terminate and keep, the higher-rate
 * confirmation, a double submit that acts once, a contract that moved on in another tab, the
 * dialog opening once a visit (after login and on a page view), and hostile posts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { loggedIn, type Browser } from "../support/browser";
import { moveClock } from "../support/clock";
import { referenceValue, setFeatures, startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let root: typeof import("~/root");
let contracts: typeof import("~/routes/contracts+/index");
let confirm: typeof import("~/routes/contracts+/confirm");
let login: typeof import("~/routes/_auth+/login");
let support: typeof import("../support/browser");

beforeAll(async () => {
  operator = await startPortalEnv();
  root = await import("~/root");
  contracts = await import("~/routes/contracts+/index");
  confirm = await import("~/routes/contracts+/confirm");
  login = await import("~/routes/_auth+/login");
  support = await import("../support/browser");
});

afterAll(async () => {
  await operator.close();
});

afterEach(() => vi.useRealTimers());

const reference = (path: string, body?: unknown) => referenceValue(operator, path, body);

let agents = 0;
/** A fresh agent with the demo set of contracts, logged in (the login lands on /contracts). */
async function agent(): Promise<{ browser: Browser; username: string }> {
  const username = `cagent${String(++agents).padStart(3, "0")}`;
  await reference("/__reference/members", { username, password: "Agent1234", agentType: 1 });
  await reference("/__reference/contracts/reset", { username });
  return { browser: await loggedIn(username, "Agent1234"), username };
}

type Card = {
  card: {
    kind: string;
    productType: string;
    status: string;
    fields: Record<string, string>;
    intents: string[];
    higherRate: boolean;
    terms: { label: string; value: string }[];
    tiers: { rows: string[][] } | null;
  };
  once: string;
};

async function page(browser: Browser, query = "?redirectTo=%2Fmember") {
  const response = await browser.get(`/contracts${query}`, contracts.loader);
  expect(response.status).toBe(200);
  return (await response.json()) as { requests: Card[]; terminations: Card[]; redirectTo: string; done: string | null };
}

const find = (cards: Card[], kind: string, productType: string) => {
  const found = cards.find((c) => c.card.kind === kind && c.card.productType === productType);
  if (!found) throw new Error(`no ${kind} ${productType}`);
  return found;
};

const statusOf = async (username: string, kind: string, productType: string) =>
  ((await reference(`/__reference/contracts?username=${username}`)) as { kind: string; productType: string; status: string }[]).find(
    (c) => c.kind === kind && c.productType === productType,
  )?.status;

const act = (browser: Browser, entry: Card, intent: string, extra: Record<string, string> = {}) =>
  browser.post(
    "/contracts?redirectTo=%2Fmember",
    { ...entry.card.fields, intent, once: entry.once, redirectTo: "/member", ...extra },
    contracts.action,
  );

describe("the list", () => {
  it("opens after login while requests wait, in two sections with formatted terms", async () => {
    const username = "cagentlogin";
    await reference("/__reference/members", { username, password: "Agent1234", agentType: 1 });
    await reference("/__reference/contracts/reset", { username });
    const browser = await support.newBrowser();
    const answer = await browser.post("/login", { username, password: "Agent1234", redirectTo: "/live" }, login.action);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/contracts?redirectTo=%2Flive");

    const list = await page(browser);
    expect(list.redirectTo).toBe("/member");
    expect(list.requests.map((c) => `${c.card.kind}:${c.card.productType}`)).toEqual([
      "dividend:LIVE",
      "dividend:LOTT",
      "daily:RNG",
      "daily:FISH",
      "hourly:CONS",
      "hourly:ELOTT",
      "realtime:SPORTS",
    ]);
    expect(list.terminations.map((c) => `${c.card.kind}:${c.card.productType}`)).toEqual([
      "dividend:SPORTS",
      "daily:LIVE",
      "daily:PVP",
      "hourly:RNG",
      "realtime:DEPOSIT",
    ]);
    const dividend = find(list.requests, "dividend", "LIVE").card;
    expect(dividend.terms).toEqual([
      { label: "contract_minimum_bet", value: "¥10,000.00" },
      { label: "contract_net_loss", value: "¥50,000.00" },
      { label: "contract_active_member", value: "5" },
      { label: "contract_rate", value: "25%" },
      { label: "contract_periodic_total_bet", value: "¥500,000.00" },
    ]);
    expect(find(list.requests, "daily", "RNG").card.tiers?.rows).toEqual([
      ["¥10,000.00", "3", "0.50%"],
      ["¥50,000.00", "8", "0.80%"],
      ["¥200,000.00", "20", "¥1,888.00"],
    ]);
    expect(find(list.requests, "hourly", "ELOTT").card.tiers?.rows).toEqual([["¥5,000.00", "3", "0.75%"]]);
    expect(find(list.requests, "realtime", "SPORTS").card.tiers?.rows[1]).toEqual(["¥10,000.00", "1.50%", "0.30%"]);
    expect(find(list.terminations, "dividend", "SPORTS").card.intents).toEqual(["keep", "terminate"]);
    expect(find(list.terminations, "daily", "LIVE").card.intents).toEqual(["terminate"]);
    expect(find(list.requests, "daily", "FISH").card.higherRate).toBe(true);
  });

  it("opens by itself once a visit: the prompt asks until /contracts was seen, the badge stays", async () => {
    const username = "cagentvisit";
    await reference("/__reference/members", { username, password: "Agent1234", agentType: 1 });
    const browser = await loggedIn(username, "Agent1234");
    let shell = await (await browser.get("/", root.loader)).json();
    expect(shell.prompts.contracts).toEqual({ pending: 0, total: 0, autoOpen: false });
    // The upline sends requests during the visit.
    await reference("/__reference/contracts/reset", { username });
    // Past the 2 s a player's contracts list is kept (contracts.server.ts).
    moveClock(2_100);
    shell = await (await browser.get("/", root.loader)).json();
    expect(shell.prompts.contracts).toEqual({ pending: 7, total: 12, autoOpen: true });
    await page(browser);
    shell = await (await browser.get("/", root.loader)).json();
    expect(shell.prompts.contracts).toEqual({ pending: 7, total: 12, autoOpen: false });
  });

  it("leaves out a kind whose switch is off", async () => {
    const { browser } = await agent();
    await setFeatures(operator, { DIVIDEND: false });
    try {
      const list = await page(browser);
      expect([...list.requests, ...list.terminations].some((c) => c.card.kind === "dividend")).toBe(false);
    } finally {
      await setFeatures(operator, { DIVIDEND: true });
    }
  });
});

describe("actions", () => {
  it("accepts, rejects, terminates and keeps, each answered on the list read again", async () => {
    const { browser, username } = await agent();
    let list = await page(browser);
    let answer = await act(browser, find(list.requests, "dividend", "LIVE"), "accept");
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/contracts?redirectTo=%2Fmember&done=accept&status=A");
    expect(await statusOf(username, "dividend", "LIVE")).toBe("V");
    list = await page(browser, "?redirectTo=%2Fmember&done=accept");
    expect(list.done).toBe("accept");
    expect(find(list.terminations, "dividend", "LIVE").card.status).toBe("V");

    answer = await act(browser, find(list.requests, "daily", "RNG"), "reject");
    expect(answer.status).toBe(303);
    expect(await statusOf(username, "daily", "RNG")).toBe("R");
    list = await page(browser);
    answer = await act(browser, find(list.terminations, "hourly", "RNG"), "terminate");
    expect(answer.status).toBe(303);
    expect(await statusOf(username, "hourly", "RNG")).toBe("T");
    list = await page(browser);
    answer = await act(browser, find(list.terminations, "dividend", "SPORTS"), "keep");
    expect(answer.status).toBe(303);
    expect(await statusOf(username, "dividend", "SPORTS")).toBe("V");
    list = await page(browser);
    answer = await act(browser, find(list.requests, "realtime", "SPORTS"), "accept");
    expect(await statusOf(username, "realtime", "SPORTS")).toBe("V");
    list = await page(browser);
    expect(list.requests.map((c) => `${c.card.kind}:${c.card.productType}`)).toEqual([
      "dividend:LOTT",
      "daily:FISH",
      "hourly:CONS",
      "hourly:ELOTT",
    ]);
  });

  it("accepts a higher rate only through its confirmation; cancel leaves it waiting", async () => {
    const { browser, username } = await agent();
    const list = await page(browser);
    const higher = find(list.requests, "daily", "FISH");
    const first = await act(browser, higher, "accept");
    expect(first.status).toBe(303);
    const location = first.headers.get("Location") ?? "";
    expect(location.startsWith("/contracts/confirm?")).toBe(true);
    expect(await statusOf(username, "daily", "FISH")).toBe("P");

    const shown = await browser.get(location, confirm.loader);
    expect(shown.status).toBe(200);
    const data = await shown.json();
    expect(data.back).toBe("/contracts?redirectTo=%2Fmember");
    expect(data.card.tiers.rows).toEqual([["¥20,000.00", "5", "1.20%"]]);
    const confirmed = await browser.post(
      "/contracts?redirectTo=%2Fmember",
      { ...data.card.fields, intent: "accept", confirmed: "1", once: data.once, redirectTo: "/member" },
      contracts.action,
    );
    expect(confirmed.status).toBe(303);
    expect(await statusOf(username, "daily", "FISH")).toBe("V");
    // Only a waiting higher rate has a confirmation: now it leads back to the list.
    const again = await browser.get(location, confirm.loader).catch((r: Response) => r);
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe("/contracts?redirectTo=%2Fmember");
  });

  it("acts once on a double submit: the same key twice at once, then again", async () => {
    const { browser, username } = await agent();
    const list = await page(browser);
    const entry = find(list.terminations, "dividend", "SPORTS");
    const [a, b] = await Promise.all([act(browser, entry, "terminate"), act(browser, entry, "terminate")]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(a.headers.get("Location")).toBe(b.headers.get("Location"));
    const c = await act(browser, entry, "terminate");
    expect(c.status).toBe(303);
    expect(c.headers.get("Location")).toBe(a.headers.get("Location"));
    expect(await statusOf(username, "dividend", "SPORTS")).toBe("T");
  });

  it("answers a contract decided in another tab, or gone, with a message and no call", async () => {
    const { browser, username } = await agent();
    const stale = await page(browser);
    await act(browser, find(stale.requests, "hourly", "CONS"), "accept");
    // The other tab still shows it waiting: its accept (a fresh key) must not act again.
    const tab = await page(browser);
    const otherTab = { ...find(stale.requests, "hourly", "CONS"), once: tab.requests[0].once };
    const moved = await act(browser, otherTab, "reject");
    expect(moved.status).toBe(409);
    expect(await moved.json()).toEqual({ error: "contract_moved_on" });
    expect(await statusOf(username, "hourly", "CONS")).toBe("V");
    const gone = await act(
      browser,
      { ...otherTab, card: { ...otherTab.card, fields: { ...otherTab.card.fields, id: "999999" } }, once: tab.requests[1].once },
      "accept",
    );
    expect(gone.status).toBe(409);
    expect(await gone.json()).toEqual({ error: "contract_gone" });
  });
});

describe("hostile posts", () => {
  it("answers 400 for forged or missing fields, never 5xx, and keeps redirect targets on the site", async () => {
    const { browser } = await agent();
    const list = await page(browser, "?redirectTo=https%3A%2F%2Fevil.example%2F");
    expect(list.redirectTo).toBe("/");
    const entry = find(list.requests, "dividend", "LIVE");
    const bad: Record<string, string>[] = [
      { intent: "delete" },
      { kind: "bonus" },
      { productType: "../../x" },
      { shown: "T" },
      { id: "1 OR 1=1" },
      { productType: "LIVE".repeat(5000) },
    ];
    for (const change of bad) {
      const answer = await browser
        .post("/contracts", { ...entry.card.fields, intent: "accept", once: entry.once, ...change }, contracts.action)
        .catch((r: Response) => r);
      expect(answer.status, JSON.stringify(change).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    // A terminate on a waiting contract is not one of its actions.
    const wrong = await act(browser, entry, "terminate");
    expect(wrong.status).toBe(400);
    // Without the one-time key: back to the list with form_expired, nothing sent.
    const keyless = await browser
      .post("/contracts", { ...entry.card.fields, intent: "accept" }, contracts.action)
      .catch((r: Response) => r);
    expect(keyless.status).toBe(303);
    const redirected = await act(browser, entry, "accept", { redirectTo: "//evil.example" });
    expect(redirected.headers.get("Location")).toBe("/contracts?redirectTo=%2F&done=accept&status=A");
  });

  it("refuses a post without the CSRF token", async () => {
    const { browser } = await agent();
    const list = await page(browser);
    const entry = find(list.requests, "dividend", "LIVE");
    const { postRequest, args, run } = await import("../support/portal");
    const answer = await run(() =>
      contracts.action(
        args(postRequest("/contracts", { ...entry.card.fields, intent: "accept", once: entry.once, csrf: "forged" }, browser.jar)),
      ),
    );
    expect(answer.status).toBe(403);
  });

  it("sends guests to login and refuses trial accounts", async () => {
    const guest = await support.newBrowser();
    const answer = await guest.get("/contracts", contracts.loader).catch((r: Response) => r);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/login?redirectTo=%2Fcontracts");
    await reference("/__reference/members", { username: "ctrial01", password: "Trial1234", agentType: 4 });
    const trial = await loggedIn("ctrial01", "Trial1234");
    const refused = await trial.get("/contracts", contracts.loader).catch((r: Response) => r);
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe("/");
  });
});
