/**
 * Hostile input, generated with a fixed seed: a few hundred posts per action (forms with odd and
 * huge fields and repeated names, bodies that are not forms, broken multipart, cross-site
 * headers, forged cookies, hostile redirect targets) and page views with forged cookies. None
 * may answer 5xx, drop the connection, or send the visitor to another site.
 * `npm run fuzz` runs the same generators many more times and prints the counts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describe as describeOutcome, fuzz, REDIRECT_TARGETS, sitePaths, type FuzzOutcome } from "../support/fuzz";
import { startLivePortal, type LivePortal } from "../support/live-portal";

/** Where the portal may send a browser besides itself: Telegram's own login page. */
const EXTERNAL_LOGIN_HOSTS = new Set(["oauth.telegram.org"]);

let portal: LivePortal;
let outcomes: FuzzOutcome[];
let actionPaths: string[];
let pagePaths: string[];

beforeAll(async () => {
  // Limits stay on the defaults elsewhere; here they would turn most posts into 429 before the code behind them runs.
  portal = await startLivePortal({ LOGIN_RATE_LIMIT_PER_IP: "1000000", LOGIN_RATE_LIMIT_PER_USERNAME: "1000000" });
  const site = sitePaths(portal.build.routes as never);
  actionPaths = site.actionPaths;
  pagePaths = site.pagePaths;
  outcomes = await fuzz(portal.url, site, {
    perAction: 200,
    pageViews: 400,
    seed: 20261122,
    player: { username: "player01", password: "Player123" },
  });
}, 240_000);

afterAll(async () => {
  await portal?.close();
});

describe("generated hostile requests", () => {
  it("reach every action", () => {
    expect(actionPaths).toEqual(expect.arrayContaining(["/login", "/register", "/logout", "/resources/lang", "/login/verify"]));
    for (const path of actionPaths)
      expect(
        outcomes.filter(
          (o) => o.request.method === "POST" && !o.request.shape.startsWith("redirect target") && o.request.path.split("?")[0] === path,
        ).length,
        path,
      ).toBe(200);
  });

  it("send every redirect target, dot segments included, to every route", () => {
    const probes = outcomes.filter((o) => o.request.shape === "redirect target");
    expect(probes.length).toBe(REDIRECT_TARGETS.length * (actionPaths.length + pagePaths.length));
    for (const path of ["/payment-confirmation", "/login", "/resources/balance", "/games/favourite", "/contracts"])
      expect(
        probes.some((o) => o.request.path.startsWith(`${path}?redirectTo=%2F.%2F%2Fevil.example`)),
        path,
      ).toBe(true);
    // As a player they reach the routes' own redirects, not the login a guest is sent to.
    const player = outcomes.filter((o) => o.request.shape === "redirect target, logged in");
    for (const [method, path] of [
      ["GET", "/payment-confirmation"],
      ["POST", "/resources/balance"],
      ["POST", "/games/favourite"],
    ]) {
      const reached = player.filter((o) => o.request.method === method && o.request.path.startsWith(`${path}?`));
      expect(reached.length, path).toBe(REDIRECT_TARGETS.length);
      for (const o of reached) expect([o.status, o.location?.pathname], `${path} ${o.request.path}`).not.toEqual([303, "/login"]);
      expect(
        reached.every((o) => o.status === 303),
        path,
      ).toBe(true);
    }
    const contracts = player.filter((o) => o.request.method === "GET" && o.request.path.startsWith("/contracts?"));
    expect(contracts.map((o) => o.status)).toEqual(REDIRECT_TARGETS.map(() => 200));
  });

  it("get no 5xx and no dropped connection", () => {
    const failed = outcomes.filter((o) => o.status >= 500);
    expect(failed.map(describeOutcome).slice(0, 20), `${failed.length} of ${outcomes.length}`).toEqual([]);
  });

  it("never leave the site", () => {
    const own = new URL(portal.url).host;
    // A player's SEA lottery (opened in a window of its own) is a 303 to the game's address that
    // the operator's launch answered: its lottery client, never an address from the request.
    const game = (o: FuzzOutcome) =>
      o.request.path.startsWith("/seaLottery?") &&
      o.location?.origin === portal.operator.url &&
      o.location.pathname.startsWith("/demo-lottery/");
    // A player's chat frame (decision 048) is a 302 to the chat's embed address that the
    // operator's launch answered (the reference's stand-in provider), whatever the query says.
    const chat = (o: FuzzOutcome) =>
      o.request.path.startsWith("/resources/chat-frame?") &&
      o.location?.origin === portal.operator.url &&
      o.location.pathname.startsWith("/livechat/");
    // A player's mini-game frame (decision 049) is a 302 to the lottery's mini page the operator's launch answered.
    const miniGame = (o: FuzzOutcome) =>
      o.request.path.startsWith("/resources/mini-game-frame?") &&
      o.location?.origin === portal.operator.url &&
      o.location.pathname.startsWith("/demo-lottery/");
    const away = outcomes.filter(
      (o) => o.location && o.location.host !== own && !EXTERNAL_LOGIN_HOSTS.has(o.location.host) && !game(o) && !chat(o) && !miniGame(o),
    );
    expect(away.map((o) => `${describeOutcome(o)} → ${o.location}`)).toEqual([]);
  });

  it("include the shapes that once gave 500: bodies that are not forms, cross-site posts, forged cookies", () => {
    const shapes = new Set(outcomes.map((o) => o.request.shape));
    for (const shape of [
      "json",
      "text",
      "xml",
      "octet-stream",
      "no content type",
      "multipart without boundary",
      "multipart, wrong boundary",
      "multipart, truncated",
      "multipart, part without a name",
      "form, cross-site",
    ]) {
      expect(shapes, shape).toContain(shape);
    }
    expect(outcomes.some((o) => o.request.headers.Origin === "null")).toBe(true);
    expect(outcomes.some((o) => o.request.headers.Cookie?.includes("reg_info="))).toBe(true);
    // They are refused as the sender's mistake, not let through.
    expect(outcomes.filter((o) => o.request.shape === "json").every((o) => o.status >= 400 && o.status < 500)).toBe(true);
  });
});
