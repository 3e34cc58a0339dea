/**
 * The mini-game against the reference operator (decision 049): who the root shows it to (guest,
 * trial account, the switches), the frame's gates, the 302 to the operator's mini page (a real
 * quick game: the open issue, five numbers, a Bet that opens the full game with them), a launch
 * that fails (a page that says so, never a 5xx), and the launch's ticket kept out of every page
 * and loader data.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { loggedIn, newBrowser, type Browser } from "../support/browser";
import { startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let root: typeof import("~/root");
let frame: typeof import("~/routes/resources+/mini-game-frame");
let player: Browser;

const reference = async (path: string, init: RequestInit) => {
  const response = await fetch(`${operator.url}${path}`, { headers: { "Content-Type": "application/json" }, ...init });
  expect(response.status).toBe(200);
  return response;
};
const switches = (features: Record<string, boolean>) =>
  reference("/__reference/features", { method: "POST", body: JSON.stringify({ features }) });
const rootData = async (browser: Browser) => (await (await browser.get("/", root.loader)).json()) as { miniGame: unknown };

beforeAll(async () => {
  operator = await startPortalEnv();
  // The switches are flipped below: read them fresh, as the journeys do.
  process.env.OPERATOR_CACHE_MS = "0";
  root = await import("~/root");
  frame = await import("~/routes/resources+/mini-game-frame");
  player = await loggedIn("player01", "Player123");
});
afterAll(async () => {
  await operator.close();
});
afterEach(async () => {
  await switches({ LOTTMINIGAME3: true, SEALOTTMINIGAME3: true });
  await fetch(`${operator.url}/__reference/faults`, { method: "DELETE" });
});

/** The frame's redirect: its Location, with the headers that keep it out of caches and referrers. */
async function frameLocation(browser: Browser, game: string): Promise<URL> {
  const response = await browser.get(`/resources/mini-game-frame?game=${game}`, frame.loader);
  expect(response.status).toBe(302);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
  return new URL(response.headers.get("Location")!);
}

describe("who is shown the mini-game", () => {
  it("shows a guest nothing, and the frame says log in first without a redirect", async () => {
    const guest = await newBrowser();
    expect((await rootData(guest)).miniGame).toBeNull();
    const framed = await guest.get("/resources/mini-game-frame?game=LOTT", frame.loader);
    expect(framed.status).toBe(401);
    expect(await framed.text()).toContain('data-mini-game-failed="in_sorry_in"');
  });

  it("shows a trial account nothing (in_need_true_account)", async () => {
    const freeplay = await import("~/routes/_auth+/login.freeplay");
    const trial = await newBrowser();
    expect((await trial.post("/login/freeplay", { redirectTo: "/" }, freeplay.action)).status).toBe(303);
    expect((await rootData(trial)).miniGame).toBeNull();
    const framed = await trial.get("/resources/mini-game-frame?game=LOTT", frame.loader);
    expect(framed.status).toBe(403);
    expect(await framed.text()).toContain('data-mini-game-failed="in_need_true_account"');
  });

  it("follows the switches: both, LOTT first; one; none (the frame 404)", async () => {
    expect((await rootData(player)).miniGame).toEqual(["LOTT", "SEA"]);
    await switches({ LOTTMINIGAME3: false });
    expect((await rootData(player)).miniGame).toEqual(["SEA"]);
    expect((await player.get("/resources/mini-game-frame?game=LOTT", frame.loader)).status).toBe(404);
    await frameLocation(player, "SEA");
    await switches({ SEALOTTMINIGAME3: false });
    expect((await rootData(player)).miniGame).toBeNull();
    const off = await player.get("/resources/mini-game-frame?game=SEA", frame.loader);
    expect(off.status).toBe(404);
    expect(off.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self'");
    // A game that is not one of the two is no game.
    await switches({ LOTTMINIGAME3: true, SEALOTTMINIGAME3: true });
    expect((await player.get("/resources/mini-game-frame?game=ELOTT", frame.loader)).status).toBe(404);
    expect((await player.get("/resources/mini-game-frame", frame.loader)).status).toBe(404);
  });
});

describe("opening the mini-game", () => {
  it("frames the operator's mini page: the open issue, five numbers, and a Bet that opens the full game with them", async () => {
    const location = await frameLocation(player, "LOTT");
    expect(location.origin).toBe(operator.url);
    expect(location.pathname).toMatch(/^\/demo-lottery\//);
    const page = await (await fetch(location)).text();
    const code = /data-mini-game="([A-Z0-9_]+)"/.exec(page)?.[1];
    expect(code).toBeTruthy();
    expect(page).toMatch(/data-fact="issue">\d{8}-?\d+</);
    expect([...page.matchAll(/<select name="n"/g)]).toHaveLength(5);

    // The same ticket answers the form: the numbers picked, for the open issue, and the full game's address.
    const digits = page.includes("<option>01</option>") ? ["01", "03", "05", "07", "09"] : ["1", "3", "5", "7", "9"];
    const bet = new URL(location);
    for (const n of digits) bet.searchParams.append("n", n);
    bet.searchParams.set("bet", "1");
    const answered = await (await fetch(bet)).text();
    expect(answered).toContain("data-mini-bet");
    const full = /<a class="bet" href="([^"]+)"/.exec(answered)?.[1].replaceAll("&#38;", "&");
    expect(full).toBeTruthy();
    const href = new URL(full!);
    expect(href.pathname).toBe("/lottery");
    expect(href.searchParams.get("gameCode")).toBe(code);
    expect(href.searchParams.get("bet_param")).toBe(digits.join(","));

    // Numbers that break the rule are said to, and name no bet.
    const wrong = new URL(location);
    for (const n of ["x", "1"]) wrong.searchParams.append("n", n);
    wrong.searchParams.set("bet", "1");
    const refused = await (await fetch(wrong)).text();
    expect(refused).not.toContain("data-mini-bet");
    expect(refused).toContain('role="alert"');
  });

  it("opens the SEA lottery's mini page on a SEA game", async () => {
    const location = await frameLocation(player, "SEA");
    const page = await (await fetch(location)).text();
    expect(page).toContain("data-mini-game=");
    expect(page).toContain('data-fact="issue"');
    const bet = new URL(location);
    for (const n of page.includes("<option>01</option>") ? ["01", "02", "03", "04", "05"] : ["1", "2", "3", "4", "5"])
      bet.searchParams.append("n", n);
    bet.searchParams.set("bet", "1");
    const full = /<a class="bet" href="([^"]+)"/.exec(await (await fetch(bet)).text())?.[1].replaceAll("&#38;", "&");
    expect(new URL(full!).pathname).toBe("/seaLottery");
  });

  it("says so in the frame, never a 5xx, when the launch fails", async () => {
    await reference("/__reference/faults", {
      method: "POST",
      body: JSON.stringify({ mode: "500", path: "/wps/game/launchGame", count: 1 }),
    });
    const response = await player.get("/resources/mini-game-frame?game=LOTT", frame.loader);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toMatch(/data-mini-game-failed="[^"]+"/);
    // The next opening launches again.
    await frameLocation(player, "LOTT");
  });

  it("keeps the launch's ticket out of every page and loader data", async () => {
    const location = await frameLocation(player, "LOTT");
    const ticket = location.pathname.split("/").pop()!;
    expect(ticket.length).toBeGreaterThan(20);
    const bodies = await Promise.all([
      player.get("/", root.loader).then((r) => r.text()),
      player.get("/lott", (await import("~/routes/_lottery+/lott")).loader).then((r) => r.text()),
    ]);
    for (const body of bodies) {
      expect(body).not.toContain(ticket);
      expect(body).not.toContain("/demo-lottery/");
    }
  });
});
