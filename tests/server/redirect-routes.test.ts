/**
 * The routes that take a `redirectTo`, through their real modules against the reference
 * operator, logged in so that each reaches the line that redirects: with every target that once
 * left the site (issue 22: dot segments resolved to `//evil.example` on each of these), the
 * Location, or the link the page draws from it, stays on the portal.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import type { Browser } from "../support/browser";
import { REDIRECT_TARGETS } from "../support/fuzz";
import { startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let support: typeof import("../support/browser");
let login: typeof import("~/routes/_auth+/login");
let confirmation: typeof import("~/routes/payment-confirmation");
let balance: typeof import("~/routes/resources+/balance");
let favourite: typeof import("~/routes/games+/favourite");
let contracts: typeof import("~/routes/contracts+/index");
let gameBack: typeof import("~/routes/games+/back");
let lang: typeof import("~/routes/_content+/lang");
let player: Browser;
let agent: Browser;

beforeAll(async () => {
  // Every target is a login of its own: the limits would otherwise refuse most of them.
  operator = await startPortalEnv({ loginAttemptLimit: 100_000 });
  process.env.LOGIN_RATE_LIMIT_PER_IP = "100000";
  process.env.LOGIN_RATE_LIMIT_PER_USERNAME = "100000";
  support = await import("../support/browser");
  login = await import("~/routes/_auth+/login");
  confirmation = await import("~/routes/payment-confirmation");
  balance = await import("~/routes/resources+/balance");
  favourite = await import("~/routes/games+/favourite");
  contracts = await import("~/routes/contracts+/index");
  gameBack = await import("~/routes/games+/back");
  lang = await import("~/routes/_content+/lang");
  player = await support.loggedIn("player01", "Player123");
  agent = await support.loggedIn("agent001", "Agent1234");
});

afterAll(async () => {
  await operator?.close();
});

/** Where a browser goes with this Location or href: the portal's own host, by one slash. */
function expectOnSite(target: string, where: string | null) {
  expect(where, target).not.toBeNull();
  expect(where!, target).toMatch(/^\/(?![/\\])/);
  expect(new URL(where!, "https://portal.example").host, target).toBe("portal.example");
}

const q = (target: string) => `?redirectTo=${encodeURIComponent(target)}`;

describe.each(REDIRECT_TARGETS)("redirectTo %j", (target) => {
  it("GET /payment-confirmation (a mailed link) redirects on the site", async () => {
    const response = await player.get(`/payment-confirmation${q(target)}`, confirmation.loader);
    expect(response.status).toBe(303);
    expectOnSite(target, response.headers.get("Location"));
  });

  it("/games/back (an in-page game's way back) links on the site", async () => {
    const response = await player.get(`/games/back?to=${encodeURIComponent(target)}`, gameBack.loader);
    expect(response.status).toBe(200);
    const href = /<a href="([^"]*)"/.exec(await response.text())?.[1] ?? null;
    expectOnSite(target, href && href.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))));
  });

  it("/lang comes back on the site", async () => {
    const response = await player.get(`/lang${q(target)}`, lang.loader);
    expect(response.status).toBe(200);
    expectOnSite(target, ((await response.json()) as { redirectTo: string }).redirectTo);
  });

  it("the login post redirects on the site", async () => {
    const browser = await support.newBrowser();
    const response = await browser.post("/login", { username: "player01", password: "Player123", redirectTo: target }, login.action);
    expect(response.status).toBe(303);
    expectOnSite(target, response.headers.get("Location"));
  });

  it("/resources/balance redirects on the site", async () => {
    const response = await player.post("/resources/balance", { intent: "refresh", redirectTo: target }, balance.action);
    expect(response.status).toBe(303);
    expectOnSite(target, response.headers.get("Location"));
  });

  it("/games/favourite redirects on the site", async () => {
    const response = await player.post(
      "/games/favourite",
      { intent: "add", nodeId: "1", vendor: "X", gameType: "RNG", redirectTo: target },
      favourite.action,
    );
    expect(response.status).toBe(303);
    expectOnSite(target, response.headers.get("Location"));
  });

  it("the /contracts close link stays on the site", async () => {
    const response = await agent.get(`/contracts${q(target)}`, contracts.loader);
    expect(response.status).toBe(200);
    expectOnSite(target, ((await response.json()) as { redirectTo: string }).redirectTo);
  });
});
