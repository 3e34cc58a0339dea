/**
 * The lottery's loaders against the reference operator (decision 034): the home page's quick
 * bet and lottery list, the issue resource, the launch's gates, and hostile queries — none may
 * produce a 5xx, leave the site or put the operator's token in loader data.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { loggedIn, newBrowser, type Browser } from "../support/browser";
import { startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let home: typeof import("~/routes/_index");
let lottery: typeof import("~/routes/_lottery+/lottery");
let issue: typeof import("~/routes/resources+/lottery-issue");
let list: typeof import("~/routes/_lottery+/lottery-list.$area.$groupId");
let trend: typeof import("~/routes/_lottery+/lottery_.trend");
let vn: typeof import("~/routes/_lottery+/vnLottery");
let sea: typeof import("~/routes/_lottery+/seaLottery");
let lobby: typeof import("~/routes/_lottery+/lott");
let player: Browser;
let guest: Browser;

beforeAll(async () => {
  operator = await startPortalEnv();
  home = await import("~/routes/_index");
  lottery = await import("~/routes/_lottery+/lottery");
  issue = await import("~/routes/resources+/lottery-issue");
  list = await import("~/routes/_lottery+/lottery-list.$area.$groupId");
  trend = await import("~/routes/_lottery+/lottery_.trend");
  vn = await import("~/routes/_lottery+/vnLottery");
  sea = await import("~/routes/_lottery+/seaLottery");
  lobby = await import("~/routes/_lottery+/lott");
  player = await loggedIn("player01", "Player123");
  guest = await newBrowser();
});
afterAll(async () => {
  await operator.close();
});

describe("the home page's lottery", () => {
  it("draws the quick bet for the asked game, the lottery list and the trend strip", async () => {
    const data = await (await guest.get("/?qb=SD11X5", home.loader)).json();
    expect(data.lottery.quickBet.selected.gameCode).toBe("SD11X5");
    expect(data.lottery.quickBet.games.map((g: { gameCode: string }) => g.gameCode)).toEqual([
      "CQSSC",
      "TXFFC",
      "SD11X5",
      "GD11X5",
      "CASSC",
    ]);
    expect(data.lottery.quickBet.numbers).toHaveLength(5);
    expect(data.lottery.quickBet.issue.numero).toMatch(/^\d{8}-\d{3}$/);
    expect(data.lottery.quickBet.draws).toHaveLength(5);
    expect(data.lottery.groups.find((g: { id: string }) => g.id === "1").games).toHaveLength(4);
    expect(data.lottery.groups.find((g: { id: string }) => g.id === "1").more).toBe("/lottery-list/lott/1");
    expect(data.lottery.trend).toHaveLength(4);
    // An unknown or hostile game falls back to the first quick-bet game.
    for (const asked of ["NOPE", "<script>", "a".repeat(5000), "CQSSC,TXFFC"]) {
      const other = await (await guest.get(`/?qb=${encodeURIComponent(asked)}`, home.loader)).json();
      expect(other.lottery.quickBet.selected.gameCode).toBe("CQSSC");
    }
  });

  it("answers the issue resource fresh, and refuses odd codes without a 5xx", async () => {
    const response = await guest.get("/resources/lottery-issue?gameCode=TXFFC", issue.loader);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = await response.json();
    expect(body.issue.gameCode).toBe("TXFFC");
    expect(body.draws[0].balls).toHaveLength(5);
    for (const [code, status] of [
      ["", 400],
      ["../../etc", 400],
      ["NOPE", 404],
      ["x".repeat(40), 400],
    ] as const) {
      expect((await guest.get(`/resources/lottery-issue?gameCode=${encodeURIComponent(code)}`, issue.loader)).status).toBe(status);
    }
  });
});

describe("the lottery launch", () => {
  it("sends a guest to the login with the address to come back to", async () => {
    const response = await guest.get("/lottery?gameCode=CQSSC", lottery.loader).catch((thrown: Response) => thrown);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/lottery?gameCode=CQSSC")}`);
  });

  it("opens a game, keeps the token out of the page, drops numbers that break the rule", async () => {
    const opened = await (await player.get("/lottery?gameId=101&gameCode=CQSSC&bet_param=1,2,3,4,5", lottery.loader)).json();
    expect(opened.url).toMatch(/\/demo-lottery\/[A-Za-z0-9_-]{32}$/);
    expect(opened.numbersDropped).toBe(false);
    const page = await (await fetch(opened.url)).text();
    expect(page).toContain("1,2,3,4,5");
    // The lobby lists it among the player's recent games; home asks for none.
    const recent = (await (await player.get("/lott", lobby.loader)).json()).lottery.recent;
    expect(recent[0].gameCode).toBe("CQSSC");
    expect((await (await player.get("/", home.loader)).json()).lottery.recent).toEqual([]);
    expect(JSON.stringify(opened)).not.toMatch(/token/i);
    for (const numbers of ["1,2,3,4,99", "1,2,3", "a,b,c,d,e", "1,".repeat(500), "01,02,03,04,05"]) {
      const data = await (await player.get(`/lottery?gameCode=CQSSC&bet_param=${encodeURIComponent(numbers)}`, lottery.loader)).json();
      expect(data.numbersDropped, numbers).toBe(true);
      expect(data.url).toBeTruthy();
    }
  });

  it("moves the lottery onto a launch CDN and lets the frame load from it", async () => {
    const cdns = async (launchGameCDNs: string[]) =>
      expect(
        (
          await fetch(`${operator.url}/__reference/cdns`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ launchGameCDNs }),
          })
        ).ok,
      ).toBe(true);
    await cdns(["http://lotto-cdn.example:8088"]);
    try {
      const data = await (await player.get("/lottery?gameCode=TXFFC", lottery.loader)).json();
      expect(new URL(data.url).origin).toBe("http://lotto-cdn.example:8088");
      expect(new URL(data.url).pathname).toMatch(/^\/demo-lottery\//);
      const { securityHeaders } = await import("~/server/security-headers.server");
      const headers = new Headers();
      securityHeaders(headers, "n");
      expect(headers.get("Content-Security-Policy")).toMatch(/frame-src [^;]*http:\/\/lotto-cdn\.example:8088/);
    } finally {
      await cdns([]);
    }
  });

  it("answers in_stay_tuned for a game the operator does not offer, whatever the query holds", async () => {
    for (const query of ["gameCode=NOPE", "gameId=999999", `gameCode=${"A".repeat(33)}`, "gameCode=%E2%80%AECQSSC", "gameId=1e9"]) {
      const response = await player.get(`/lottery?${query}`, lottery.loader);
      const data = await response.json();
      if (data.url) {
        // A malformed name is no name: the lobby opens.
        expect(response.status, query).toBe(200);
        continue;
      }
      expect(response.status, query).toBe(404);
      expect(data.notice).toEqual({ key: "in_stay_tuned" });
    }
  });

  it("lists a folded group, and refuses unknown areas and groups", async () => {
    const data = await (await guest.get("/lottery-list/lott/1", list.loader, { area: "lott", groupId: "1" })).json();
    expect(data.group.games).toHaveLength(6);
    for (const params of [
      { area: "moon", groupId: "1" },
      { area: "lott", groupId: "99" },
      { area: "lott", groupId: "<x>" },
    ]) {
      const response = await guest
        .get(`/lottery-list/${params.area}/${params.groupId}`, list.loader, params)
        .catch((thrown: Response) => thrown);
      expect(response.status).toBe(404);
    }
  });

  it("frames only the operator's trend pages", async () => {
    const good = `${operator.url}/lottery-trend/CQSSC`;
    expect((await guest.get(`/lottery/trend?gameUrl=${encodeURIComponent(good)}`, trend.loader)).status).toBe(200);
    for (const url of ["javascript:alert(1)", "https://evil.example/x", "//evil.example/x", "", `${operator.url}.evil.example/x`]) {
      expect((await guest.get(`/lottery/trend?gameUrl=${encodeURIComponent(url)}`, trend.loader)).status, url).toBe(400);
    }
  });

  it("shows a guest the Vietnamese lottery without the frame, and a player with it; the SEA lottery redirects to its window", async () => {
    const seen = await (await guest.get("/vnLottery?gameCode=VNMN5", vn.loader)).json();
    expect(seen.game.gameCode).toBe("VNMN5");
    expect(seen.url).toBeNull();
    expect(seen.near).toHaveLength(5);
    const played = await (await player.get("/vnLottery", vn.loader)).json();
    expect(played.url).toMatch(/\/demo-lottery\//);
    // Played, it is among the recent games, and from there it opens its own page.
    const recent = (await (await player.get("/lott", lobby.loader)).json()).lottery.recent;
    expect(recent.find((g: { gameCode: string }) => g.gameCode === "VNMB1")?.href).toBe("/vnLottery?gameCode=VNMB1");
    expect((await guest.get("/vnLottery?gameCode=CQSSC", vn.loader)).status, "not a Vietnamese game").toBe(404);
    const window = await player.get("/seaLottery?gameCode=SEA4D", sea.loader).catch((thrown: Response) => thrown);
    expect(window.status).toBe(303);
    expect(window.headers.get("Location")).toMatch(/\/demo-lottery\//);
    expect((await player.get("/seaLottery?gameCode=CQSSC", sea.loader)).status).toBe(404);
  });
});
