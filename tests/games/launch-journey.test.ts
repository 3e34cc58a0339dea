/**
 * Launching games through the route modules, against the real reference operator: what a browser
 * without scripts gets (303s and pages), and what the Play form's script gets (`_client=json`).
 * The gates in the spec's order, a player's launch onto the demo game page, the launch CDN, every
 * failure's dialog, the free trial, the in-page game and its logout, hostile posts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ERROR_GAMES, type ReferenceOperator } from "../../server/operator/index";
import { GAMES } from "../../server/operator/games/catalogue";
import { args, CookieJar, getRequest, postRequest, run, startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let root: typeof import("~/root");
let login: typeof import("~/routes/_auth+/login");
let freeplay: typeof import("~/routes/_auth+/login.freeplay");
let launch: typeof import("~/routes/games+/launch");
let failed: typeof import("~/routes/games+/launch-failed");
let seamless: typeof import("~/routes/_games+/seamless");
let trialPage: typeof import("~/routes/_games+/trial");
let gameLogout: typeof import("~/routes/resources+/game-logout");
let inPage: typeof import("~/features/games/seamless.server");
let operatorServer: typeof import("~/operator/operator.server");
let sessions: typeof import("~/server/session.server");
let db: typeof import("~/server/state/sqlite.server");

beforeAll(async () => {
  operator = await startPortalEnv({ loginAttemptLimit: 1000 });
  // Every case logs in afresh.
  process.env.LOGIN_RATE_LIMIT_PER_USERNAME = "1000";
  process.env.LOGIN_RATE_LIMIT_PER_IP = "1000";
  // Status answers (the launch CDNs) are read fresh: the CDN case changes them.
  process.env.OPERATOR_CACHE_MS = "0";
  root = await import("~/root");
  login = await import("~/routes/_auth+/login");
  freeplay = await import("~/routes/_auth+/login.freeplay");
  launch = await import("~/routes/games+/launch");
  failed = await import("~/routes/games+/launch-failed");
  seamless = await import("~/routes/_games+/seamless");
  trialPage = await import("~/routes/_games+/trial");
  gameLogout = await import("~/routes/resources+/game-logout");
  inPage = await import("~/features/games/seamless.server");
  operatorServer = await import("~/operator/operator.server");
  sessions = await import("~/server/session.server");
  db = await import("~/server/state/sqlite.server");
});

afterAll(async () => {
  await operator.close();
});

// ── the demo catalogue ───────────────────────────────────────────────────────────────────

type Game = (typeof GAMES)[number];
const fieldsOf = (game: Game, extra: Record<string, string> = {}): Record<string, string> => ({
  vendor: game.vendor,
  gameType: game.gameType,
  gameId: game.gameId ?? "",
  roomId: game.roomId ?? "",
  nodeId: String(game.nodeId),
  matchId: game.matchId ?? "",
  leagueId: game.leagueId ?? "",
  newWindow: String(game.appNewWindow),
  name: game.names.en,
  ...extra,
});
const find = (test: (g: Game) => boolean, what: string) => {
  const game = GAMES.find(test);
  if (!game) throw new Error(`no demo game: ${what}`);
  return game;
};
const slot = find((g) => g.vendor === "SLO" && g.gameId !== null && g.error === null && g.supportPlay === 1, "a slot");
const trialSlot = find((g) => g.vendor === "JWL" && g.supportPlay === 0 && g.error === null, "a slot with a free trial");
const inPageGame = find((g) => g.vendor === "KCK" && g.appNewWindow === 0 && g.error === null, "an in-page sports game");
const roomOnly = find((g) => g.gameType === "LIVE" && g.gameId === null && g.roomId !== null, "a live table launched by its room");
const errorGame = (e: { vendor: string; gameType: string; gameId: string; nodeId?: string }) =>
  ({ vendor: e.vendor, gameType: e.gameType, gameId: e.gameId, nodeId: e.nodeId ?? "", newWindow: "1" }) as Record<string, string>;

// ── a browser ────────────────────────────────────────────────────────────────────────────

const LOBBY = "/electron?page=SLO";

/** A browser that has opened a page (root loader: the CSRF cookie), then logged in by `way` (or not). */
async function browser(way: "guest" | "player" | "trial" = "guest") {
  const jar = new CookieJar();
  const { csrfToken } = await jar.take(await run(() => root.loader(args(getRequest("/", jar))))).json();
  if (way === "player") {
    const res = await run(() =>
      login.action(args(postRequest("/login", { csrf: csrfToken, username: "player01", password: "Player123", redirectTo: "" }, jar))),
    );
    expect(jar.take(res).status).toBe(303);
  } else if (way === "trial") {
    const res = await run(() => freeplay.action(args(postRequest("/login/freeplay", { csrf: csrfToken, redirectTo: "/" }, jar))));
    expect(jar.take(res).status).toBe(303);
  }
  const csrf = () => jar.csrf() ?? csrfToken;
  const post = async (fields: Record<string, string>, url = "/games/launch") =>
    jar.take(await run(() => launch.action(args(postRequest(url, { csrf: csrf(), backTo: LOBBY, ...fields }, jar)))));
  const postJson = async (fields: Record<string, string>) => post({ ...fields, _client: "json" });
  const dialog = async (href: string) => jar.take(await run(() => failed.loader(args(getRequest(href, jar)))));
  const page = async (href: string, loader: (a: ReturnType<typeof args>) => Promise<unknown>) =>
    jar.take(await run(() => loader(args(getRequest(href, jar)))));
  const rootData = async (href = "/") => (await page(href, root.loader as never)).json();
  return { jar, csrf, post, postJson, dialog, page, rootData };
}

const location = (response: Response) => response.headers.get("Location") ?? "";

/** The portal's session rows that hold a token (the launch must never show one). */
const tokens = () =>
  (db.portalDb().prepare("SELECT data FROM sessions").all() as Array<{ data: string }>)
    .map((r) => sessions.unseal(r.data)?.token)
    .filter((t): t is string => typeof t === "string");

/** What a response lets the browser see: status line, headers and body. */
async function visible(response: Response): Promise<string> {
  return [...response.headers].map(([k, v]) => `${k}: ${v}`).join("\n") + "\n" + (await response.clone().text());
}

async function gameSessions(account = "player01") {
  return (await (await fetch(`${operator.url}/__reference/game-sessions?account=${account}`)).json()).value as Array<{
    vendor: string;
    nodeId: string;
    mode: string;
    open: boolean;
  }>;
}

async function setLaunchCdns(launchGameCDNs: string[]) {
  const res = await fetch(`${operator.url}/__reference/cdns`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ launchGameCDNs }),
  });
  expect(res.ok).toBe(true);
}

afterEach(async () => {
  await setLaunchCdns([]);
});

// ── the gates, in the spec's order ───────────────────────────────────────────────────────

describe("the gates", () => {
  it("a guest is sent to the login with the way back; the login page says in_sorry_in", async () => {
    const guest = await browser();
    const response = await guest.post(fieldsOf(slot));
    expect(response.status).toBe(303);
    expect(location(response)).toBe(`/login?redirectTo=${encodeURIComponent(LOBBY)}`);
    // The login page itself says in_sorry_in for a target: no flash, no session row for the guest.
    expect(guest.jar.get("__session")).toBeUndefined();
  });

  it("a guest launching from home reads in_sorry_in as the session's notice", async () => {
    const guest = await browser();
    const response = await guest.post(fieldsOf(slot, { backTo: "/" }));
    expect(location(response)).toBe("/login?redirectTo=%2F");
    expect((await guest.rootData("/login?redirectTo=%2F")).notice).toEqual({ key: "in_sorry_in" });
  });

  it("a guest's script gets the login as JSON", async () => {
    const guest = await browser();
    const response = await guest.postJson(fieldsOf(slot));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ kind: "login", location: `/login?redirectTo=${encodeURIComponent(LOBBY)}` });
  });

  it("a trial account is refused with in_need_true_account, before the operator is asked", async () => {
    const trial = await browser("trial");
    operator.resetCalls();
    const response = await trial.post(fieldsOf(slot));
    expect(response.status).toBe(303);
    expect(location(response)).toMatch(/^\/games\/launch-failed\?reason=need_true_account&/);
    expect(operator.calls.filter((c) => c.path.includes("launch"))).toEqual([]);
    const data = await (await trial.dialog(location(response))).json();
    expect(data).toMatchObject({ reason: "need_true_account", backTo: LOBBY });
  });

  it("a game with neither gameId nor roomId: in_stay_tuned", async () => {
    const player = await browser("player");
    const response = await player.post(fieldsOf(slot, { gameId: "", roomId: "" }));
    expect(location(response)).toMatch(/^\/games\/launch-failed\?reason=stay_tuned&/);
    expect((await (await player.dialog(location(response))).json()).reason).toBe("stay_tuned");
    // The same for the free trial, which needs no account.
    const guest = await browser();
    expect(location(await guest.post(fieldsOf(trialSlot, { gameId: "", roomId: "", intent: "trial" })))).toMatch(/reason=stay_tuned/);
  });

  it("keeps the spec's order: a guest posting a game without ids still goes to the login", async () => {
    const guest = await browser();
    expect(location(await guest.post(fieldsOf(slot, { gameId: "", roomId: "" })))).toMatch(/^\/login\?/);
  });
});

// ── a player's launch ────────────────────────────────────────────────────────────────────

describe("a player's launch", () => {
  it("answers 303 to the demo game, which shows the player's account; the token is nowhere", async () => {
    const player = await browser("player");
    const response = await player.post(fieldsOf(slot));
    expect(response.status).toBe(303);
    const url = new URL(location(response));
    expect(url.origin).toBe(operator.url);
    expect(url.pathname).toMatch(/^\/demo-game\/[A-Za-z0-9_-]{20,}$/);
    const game = await fetch(url);
    expect(game.status).toBe(200);
    const html = await game.text();
    expect(html).toContain("player01");
    // The game in the player's language (CN by default).
    expect(html).toContain(slot.names.cn);
    // backUrl: the lobby, absolute, on the portal's origin.
    expect(html).toContain(`href="http://portal.test${LOBBY.replace("&", "&amp;")}"`);
    for (const token of tokens()) {
      expect(await visible(response)).not.toContain(token);
      expect(url.toString()).not.toContain(token);
      expect(html).not.toContain(token);
    }
    expect((await gameSessions()).some((s) => s.nodeId === String(slot.nodeId) && s.open)).toBe(true);
  });

  it("launches a live table by its room alone", async () => {
    const player = await browser("player");
    const response = await player.post(fieldsOf(roomOnly));
    expect(location(response)).toMatch(new RegExp(`^${operator.url}/demo-game/`));
  });

  it("answers the script with the game's address as JSON", async () => {
    const player = await browser("player");
    const response = await player.postJson(fieldsOf(slot));
    expect(response.status).toBe(200);
    const outcome = await response.json();
    expect(outcome.kind).toBe("game");
    expect(outcome.location).toMatch(new RegExp(`^${operator.url}/demo-game/`));
  });

  it("answers a plain post with a page that opens the game when its host was not named by the page the form was on", async () => {
    const player = await browser("player");
    // Named after the lobby was drawn: its form-action does not hold this host.
    await setLaunchCdns(["https://fresh-cdn.example"]);
    const first = await player.post(fieldsOf(slot));
    expect(first.status).toBe(200);
    const { opening } = await first.json();
    expect(opening).toMatch(/^https:\/\/fresh-cdn\.example\/demo-game\//);
    // Named now: the next launch from a page drawn since is the usual 303, and the script gets JSON either way.
    const again = await player.post(fieldsOf(slot));
    expect(again.status).toBe(303);
    expect(location(again)).toMatch(/^https:\/\/fresh-cdn\.example\/demo-game\//);
    const json = await (await player.postJson(fieldsOf(slot))).json();
    expect(json).toMatchObject({ kind: "game" });
  });

  it("puts the game on a launch CDN chosen from the status' list, keeping the ticket's path", async () => {
    await setLaunchCdns(["http://cdn-a.example:8080", "https://cdn-b.example"]);
    const { securityHeaders } = await import("~/server/security-headers.server");
    const policy = () => {
      const headers = new Headers();
      securityHeaders(headers, "n");
      return headers.get("Content-Security-Policy") ?? "";
    };
    const player = await browser("player");
    // The page the Play form is on already allows both CDNs as the 303's target (form-action)
    // and as the in-page frame (frame-src): its loaders read the status before its headers.
    for (const directive of ["form-action", "frame-src"])
      for (const cdn of ["http://cdn-a.example:8080", "https://cdn-b.example"])
        expect(policy()).toMatch(new RegExp(`${directive} [^;]*${cdn.replace(/[.:/]/g, "\\$&")}`));
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const url = new URL(location(await player.post(fieldsOf(slot))));
      expect(url.pathname).toMatch(/^\/demo-game\/[A-Za-z0-9_-]{20,}$/);
      seen.add(url.origin);
    }
    expect([...seen].every((o) => ["http://cdn-a.example:8080", "https://cdn-b.example"].includes(o))).toBe(true);
    expect(seen.size).toBe(2);
    // Every https origin is no longer allowed wholesale: only the named ones (issue 22 §5).
    expect(policy()).not.toMatch(/(form-action|frame-src) [^;]*https:(\s|;|$)/);
    expect(policy()).toMatch(/form-action 'self' [^;]*http:\/\/cdn-a\.example:8080/);
  });
});

// ── the failures' dialogs ────────────────────────────────────────────────────────────────

describe("failures", () => {
  it("vendor_under_maintenance: the maintenance dialog with its start and end in the player's language", async () => {
    const player = await browser("player");
    const e = DEMO_ERROR_GAMES.vendorUnderMaintenance;
    const response = await player.post(errorGame({ ...e, gameId: e.gameIds[0] }));
    const href = location(response);
    expect(href).toMatch(/^\/games\/launch-failed\?reason=maintenance&/);
    const data = await (await player.dialog(href)).json();
    expect(data).toMatchObject({ reason: "maintenance", scope: "vendor", vendor: e.vendor, backTo: LOBBY });
    // CN is the default language: 2026/11/22 14:00 (UTC+00:00)
    expect(data.maintenance.start).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} \(UTC\+00:00\)$/);
    expect(data.maintenance.end).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} \(UTC\+00:00\)$/);
    const en = await player.dialog(`${href}&lng=EN`);
    expect((await en.json()).maintenance.start).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} \(UTC\+00:00\)$/);
  });

  it("launch_game_balance_not_enough: the insufficient-balance dialog", async () => {
    const player = await browser("player");
    const href = location(await player.post(errorGame(DEMO_ERROR_GAMES.balanceNotEnough)));
    expect(href).toMatch(/reason=balance/);
    expect(await (await player.dialog(href)).json()).toMatchObject({ reason: "balance", backTo: LOBBY });
  });

  it("domain_not_available: the domain check, whose Retry posts the same launch again", async () => {
    const player = await browser("player");
    const game = DEMO_ERROR_GAMES.domainNotAvailable;
    const href = location(await player.post(errorGame(game)));
    expect(href).toMatch(/reason=domain/);
    const data = await (await player.dialog(href)).json();
    expect(data.reason).toBe("domain");
    expect(data.retry).toMatchObject({ vendor: game.vendor, gameType: game.gameType, gameId: game.gameId, newWindow: "1" });
    expect(Array.isArray(data.service)).toBe(true);
    const again = await player.post(data.retry);
    expect(location(again)).toMatch(/reason=domain/);
  });

  it("resType 1: the recommendation overlay of hot games of that type, 12 a slide, slides as links", async () => {
    const player = await browser("player");
    const game = DEMO_ERROR_GAMES.gameMaintenance;
    const href = location(await player.post(errorGame(game)));
    expect(href).toMatch(/reason=recommend/);
    const data = await (await player.dialog(href)).json();
    expect(data.reason).toBe("recommend");
    expect(data.scope).toBe("game");
    expect(data.maintenance.start).toBeTruthy();
    expect(data.games.length).toBeGreaterThan(0);
    expect(data.games.length).toBeLessThanOrEqual(12);
    expect(data.games.every((g: { gameType: string }) => g.gameType === "RNG")).toBe(true);
    if (data.slideLinks.length > 1) {
      const second = await (await player.dialog(data.slideLinks[1])).json();
      expect(second.slide).toBe(2);
      expect(second.games[0].key).not.toBe(data.games[0].key);
    }
    // A recommended game launches like any other.
    const pick = data.games.find((g: { vendor: string }) => g.vendor === "SLO") ?? data.games[0];
    const launched = await player.post({
      vendor: pick.vendor,
      gameType: pick.gameType,
      gameId: pick.gameId ?? "",
      roomId: pick.roomId ?? "",
      newWindow: pick.newWindow ? "1" : "0",
    });
    expect(location(launched)).toMatch(new RegExp(`^${operator.url}/demo-game/|^/seamless\\?`));
  });

  it("resType 1 with no hot games: the maintenance alert instead", async () => {
    const player = await browser("player");
    const href = location(await player.post(errorGame(DEMO_ERROR_GAMES.esportsMaintenance)));
    expect(href).toMatch(/reason=recommend/);
    const data = await (await player.dialog(href)).json();
    expect(data).toMatchObject({ reason: "maintenance", games: [] });
    expect(data.maintenance.start).toBeTruthy();
  });

  it("any other failure: the catalogue's message, shown once", async () => {
    const player = await browser("player");
    const href = location(await player.post(fieldsOf(slot, { gameId: "NOPE999", nodeId: "" })));
    expect(href).toMatch(/reason=message/);
    expect(href).not.toMatch(/exist|%E6%B8%B8/);
    const data = await (await player.dialog(href)).json();
    expect(data.notice).toEqual({ text: "游戏不存在" });
    expect((await (await player.dialog(href)).json()).notice).toBeNull();
  });

  it("each dialog answers the script as JSON with its address", async () => {
    const player = await browser("player");
    const outcome = await (await player.postJson(errorGame(DEMO_ERROR_GAMES.balanceNotEnough))).json();
    expect(outcome).toEqual({ kind: "dialog", location: expect.stringMatching(/^\/games\/launch-failed\?reason=balance&/) });
  });

  it("an unknown dialog is a 404; odd display data is dropped, not drawn", async () => {
    const guest = await browser();
    expect((await guest.dialog("/games/launch-failed?reason=nope")).status).toBe(404);
    const data = await (
      await guest.dialog("/games/launch-failed?reason=maintenance&vendor=<b>x</b>&start=soon&backTo=https://evil.example")
    ).json();
    expect(data).toMatchObject({ vendor: null, maintenance: null, backTo: "/" });
  });
});

// ── the free trial ───────────────────────────────────────────────────────────────────────

describe("the free trial", () => {
  it("a guest's trial plays in the page (/trial), on the demo game in trial mode", async () => {
    const guest = await browser();
    const response = await guest.post(fieldsOf(trialSlot, { intent: "trial" }));
    expect(response.status).toBe(303);
    const href = location(response);
    expect(href).toMatch(/^\/trial\?gameType=RNG&vendor=JWL&key=[A-Za-z0-9_-]+$/);
    const shown = await guest.page(href, trialPage.loader as never);
    expect(shown.status).toBe(200);
    const data = await shown.json();
    expect(data.game).toMatchObject({ trial: true, vendor: "JWL", name: trialSlot.names.en, backTo: LOBBY });
    const html = await (await fetch(data.game.url)).text();
    expect(html).toContain("Trial");
    // A key of another kind, or none, shows no game.
    expect((await guest.page(href.replace("/trial", "/seamless"), seamless.loader as never)).status).toBe(410);
    expect((await guest.page("/trial?gameType=RNG&key=nope", trialPage.loader as never)).status).toBe(410);
  });

  it("a trial account and a player may try too", async () => {
    for (const way of ["trial", "player"] as const) {
      const someone = await browser(way);
      expect(location(await someone.post(fieldsOf(trialSlot, { intent: "trial" })))).toMatch(/^\/trial\?/);
    }
  });

  it("a game without a free trial: the operator's message", async () => {
    const guest = await browser();
    const href = location(await guest.post(fieldsOf(slot, { intent: "trial" })));
    expect(href).toMatch(/reason=message/);
    expect((await (await guest.dialog(href)).json()).notice).toEqual({ text: "该游戏不支持试玩" });
  });
});

// ── the in-page game and its logout ──────────────────────────────────────────────────────

describe("the in-page game", () => {
  const openSessions = async () => (await gameSessions()).filter((s) => s.vendor === inPageGame.vendor && s.open);

  async function launched() {
    const player = await browser("player");
    const response = await player.post(fieldsOf(inPageGame, { backTo: "/sports?page=KCK" }));
    const href = location(response);
    expect(href).toMatch(/^\/seamless\?gameType=SPORTS&vendor=KCK&key=[A-Za-z0-9_-]+$/);
    expect(href).not.toContain("demo-game");
    return { player, href, key: new URL(href, "http://portal.test").searchParams.get("key")! };
  }

  /** The root loader's hook, as the root loader calls it on a page view. */
  async function pageView(player: Awaited<ReturnType<typeof browser>>, path: string) {
    const request = getRequest(path, player.jar);
    const session = await sessions.getSession(request);
    const bound = operatorServer.bindOperator(session, "CN", null);
    const cookie = await inPage.logoutLeftGame(request, session, bound);
    return cookie;
  }

  it("names the game's origin in the frame policy when /seamless is shown, even once the bounded list dropped it", async () => {
    await setLaunchCdns(["https://kck-cdn.example"]);
    const { player, href } = await launched();
    await setLaunchCdns([]);
    const { noteLaunchOrigins, securityHeaders, SEEN_MAX } = await import("~/server/security-headers.server");
    const frameSrc = () => {
      const headers = new Headers();
      securityHeaders(headers, "n");
      return /frame-src ([^;]*)/.exec(headers.get("Content-Security-Policy") ?? "")![1].split(" ");
    };
    // Other launches push it out (as a restart would forget it): the session still holds the game.
    for (let i = 0; i <= SEEN_MAX; i++) noteLaunchOrigins([`https://other${i}.example`]);
    expect(frameSrc()).not.toContain("https://kck-cdn.example");
    const shown = await player.page(href, seamless.loader as never);
    expect(shown.status).toBe(200);
    expect(new URL((await shown.json()).game.url).origin).toBe("https://kck-cdn.example");
    expect(frameSrc()).toContain("https://kck-cdn.example");
  });

  it("shows the game in a frame with a Back link; leaving through the portal logs it out once", async () => {
    const { player, href } = await launched();
    const shown = await player.page(href, seamless.loader as never);
    expect(shown.status).toBe(200);
    const data = await shown.json();
    expect(data.game).toMatchObject({ vendor: "KCK", gameType: "SPORTS", backTo: "/sports?page=KCK", trial: false });
    expect(data.game.url).toMatch(new RegExp(`^${operator.url}/demo-game/`));
    expect(await (await fetch(data.game.url)).text()).toContain("player01");
    expect((await openSessions()).length).toBeGreaterThan(0);

    // A reload, and the root loader on the game's own page: still playing.
    expect((await player.page(href, seamless.loader as never)).status).toBe(200);
    expect(await pageView(player, href)).toBeNull();
    expect((await openSessions()).length).toBeGreaterThan(0);

    // The next page view elsewhere logs the game out, once, and forgets it.
    operator.resetCalls();
    expect(await pageView(player, "/sports?page=KCK")).toMatch(/^__session=/);
    expect(await openSessions()).toEqual([]);
    expect(await pageView(player, "/")).toBeNull();
    expect(operator.calls.filter((c) => c.path.endsWith("GCS_gameLogout"))).toHaveLength(1);
    expect((await player.page(href, seamless.loader as never)).status).toBe(410);
  });

  it("a game not shown yet is left alone by the launching page's own revalidation", async () => {
    const { player, href } = await launched();
    expect(await pageView(player, "/sports?page=KCK")).toBeNull();
    expect((await player.page(href, seamless.loader as never)).status).toBe(200);
  });

  it("the beacon logs it out when the page goes away (with the token and the key; the vendor from the session)", async () => {
    const { player, href, key } = await launched();
    await player.page(href, seamless.loader as never);
    expect((await openSessions()).length).toBeGreaterThan(0);
    const beacon = (fields: Record<string, string>) =>
      run(() => gameLogout.action(args(postRequest("/resources/game-logout", { csrf: player.csrf(), ...fields }, player.jar))));
    expect((await beacon({ key: "another-key" })).status).toBe(204);
    expect((await openSessions()).length).toBeGreaterThan(0);
    operator.resetCalls();
    expect(player.jar.take(await beacon({ key, vendor: "SLO" })).status).toBe(204);
    expect(await openSessions()).toEqual([]);
    // Then the page view finds nothing left to do.
    expect(await beacon({ key })).toHaveProperty("status", 204);
    expect(await pageView(player, "/")).toBeNull();
    expect(operator.calls.filter((c) => c.path.endsWith("GCS_gameLogout"))).toHaveLength(1);
    // The beacon without its token is refused like any post.
    const forged = await run(() => gameLogout.action(args(postRequest("/resources/game-logout", { key }, player.jar))));
    expect(forged.status).toBe(403);
  });

  it("a guest or another player cannot open it", async () => {
    const { href } = await launched();
    expect((await (await browser()).page(href, seamless.loader as never)).status).toBe(410);
    expect((await (await browser("player")).page(href, seamless.loader as never)).status).toBe(410);
  });

  it("the script gets the in-page address as JSON", async () => {
    const player = await browser("player");
    const outcome = await (await player.postJson(fieldsOf(inPageGame))).json();
    expect(outcome).toEqual({ kind: "page", location: expect.stringMatching(/^\/seamless\?gameType=SPORTS&vendor=KCK&key=/) });
  });
});

// ── hostile posts ────────────────────────────────────────────────────────────────────────

describe("hostile posts", () => {
  const raw = (body: BodyInit, headers: Record<string, string>, jar: CookieJar) =>
    run(() =>
      launch.action(
        args(new Request("http://portal.test/games/launch", { method: "POST", headers: { Cookie: jar.header(), ...headers }, body })),
      ),
    );

  it("refuses what no Play form sends with 400, 403, 413 or 415, never a 5xx", async () => {
    const player = await browser("player");
    const cases: Array<[Record<string, string>, number]> = [
      [{ ...fieldsOf(slot), vendor: "" }, 400],
      [{ ...fieldsOf(slot), vendor: "SLO<script>" }, 400],
      [{ ...fieldsOf(slot), gameType: "CASINO" }, 400],
      [{ ...fieldsOf(slot), gameId: "../../etc/passwd" }, 400],
      [{ ...fieldsOf(slot), gameId: "x".repeat(65) }, 400],
      [{ ...fieldsOf(slot), gameId: "𝔰𝔩𝔬𝔱" }, 400],
      [{ ...fieldsOf(slot), newWindow: "2" }, 400],
      [{ ...fieldsOf(slot), intent: "admin" }, 400],
      [{ ...fieldsOf(slot), _client: "xml" }, 400],
      [{ ...fieldsOf(slot), name: "n".repeat(201) }, 400],
      [{ ...fieldsOf(slot), backTo: `/${"a".repeat(3000)}` }, 400],
    ];
    for (const [fields, status] of cases) {
      const response = await player.post(fields);
      expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(status);
    }
    // No token, another site, too large, not a form.
    const jar = player.jar;
    const form = new URLSearchParams(fieldsOf(slot)).toString();
    const type = { "Content-Type": "application/x-www-form-urlencoded" };
    expect((await raw(form, type, jar)).status).toBe(403);
    expect((await raw(`csrf=${player.csrf()}&${form}`, { ...type, Origin: "https://evil.example" }, jar)).status).toBe(403);
    expect((await raw(`csrf=${player.csrf()}&${form}&pad=${"x".repeat(16 * 1024)}`, type, jar)).status).toBe(413);
    expect((await raw(JSON.stringify(fieldsOf(slot)), { "Content-Type": "application/json" }, jar)).status).toBe(415);
    // A file where a field belongs (multipart).
    const multipart = new FormData();
    multipart.set("csrf", player.csrf());
    for (const [k, v] of Object.entries(fieldsOf(slot))) multipart.set(k, v);
    multipart.set("vendor", new Blob(["SLO"]), "vendor.txt");
    expect((await raw(multipart, {}, jar)).status).toBe(400);
  });

  it("never leaves a hostile backTo: the way back stays on the site", async () => {
    const guest = await browser();
    for (const backTo of ["https://evil.example/", "//evil.example", "/\t/evil.example", "javascript:alert(1)"]) {
      expect(location(await guest.post(fieldsOf(slot, { backTo })))).toBe("/login?redirectTo=%2F");
    }
  });
});
