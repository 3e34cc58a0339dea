/**
 * The gate of pages that need a player, for every role of document 000, section 6: guest,
 * player (0), agents (1, 2, 41, 42) and trial account (4), against each kind of page.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CookieJar, getRequest, postRequest, run } from "../support/portal";

let gate: typeof import("~/server/gate.server");
let sessions: typeof import("~/server/session.server");

beforeAll(async () => {
  process.env.SESSION_SECRET = "test-secret-for-vitest-only";
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "portal-gate-"));
  gate = await import("~/server/gate.server");
  sessions = await import("~/server/session.server");
});

/** A browser whose session holds a login of this agent flag (or none: a guest). */
async function browserAs(isAgent: number | null, extra: { cpw?: boolean } = {}) {
  const jar = new CookieJar();
  if (isAgent === null) return jar;
  const session = await sessions.getSession(getRequest("/"));
  session.set("token", "t".repeat(32));
  session.set("account", `role${isAgent}`);
  session.set("isAgent", isAgent);
  if (extra.cpw) session.set("cpw", true);
  jar.take(new Response(null, { headers: { "Set-Cookie": await sessions.commitSession(session) } }));
  return jar;
}

/** "pass", or where the gate sent the browser and the notice it will show there. */
async function outcome(
  isAgent: number | null,
  options: import("~/server/gate.server").GateOptions,
  url = "/member?tab=vip",
  extra: { cpw?: boolean } = {},
) {
  const jar = await browserAs(isAgent, extra);
  try {
    const player = await gate.requirePlayer(getRequest(url, jar), options);
    return { pass: player.isAgent };
  } catch (thrown) {
    const response = await run(() => Promise.reject(thrown));
    jar.take(response);
    const next = await sessions.getSession(getRequest("/", jar));
    return {
      status: response.status,
      to: response.headers.get("Location"),
      notice: next.get("notice"),
      setsCookie: response.headers.has("Set-Cookie"),
    };
  }
}

// The login page says in_sorry_in itself when it has a page to return to; a guest gets no session row.
const toLogin = { status: 303, to: "/login?redirectTo=%2Fmember%3Ftab%3Dvip", notice: undefined, setsCookie: false };
const home = (key: string) => ({ status: 303, to: "/", notice: { key }, setsCookie: true });

describe("requirePlayer", () => {
  it("sends a player who owes a forced password change to it, whatever the page", async () => {
    for (const options of [{}, { member: true }, { realAccount: true }, { agent: true }]) {
      expect(await outcome(0, options, "/member", { cpw: true })).toEqual({
        status: 303,
        to: "/change-password",
        notice: undefined,
        setsCookie: false,
      });
    }
  });

  it("sends a guest to the login page and the way back, whatever the page", async () => {
    for (const options of [{}, { member: true }, { realAccount: true }, { agent: true }]) {
      expect(await outcome(null, options)).toEqual(toLogin);
    }
  });

  it("keeps the language an address asks for on the login address, where the login page reads it (issue 23)", async () => {
    expect(await outcome(null, {}, "/member?lng=EN")).toEqual({
      ...toLogin,
      to: "/login?redirectTo=%2Fmember%3Flng%3DEN&lng=EN",
    });
  });

  it("lets players and agents into member pages and real games", async () => {
    for (const isAgent of [0, 1, 2, 41, 42]) {
      expect(await outcome(isAgent, {})).toEqual({ pass: isAgent });
      expect(await outcome(isAgent, { member: true })).toEqual({ pass: isAgent });
      expect(await outcome(isAgent, { realAccount: true })).toEqual({ pass: isAgent });
    }
  });

  it("keeps the agent centre for agents 1, 2, 41 and 42; a player reads agent_only", async () => {
    for (const isAgent of [1, 2, 41, 42]) expect(await outcome(isAgent, { agent: true })).toEqual({ pass: isAgent });
    expect(await outcome(0, { agent: true })).toEqual(home("agent_only"));
  });

  it("refuses a trial account member and agent pages (in_please_account) and real games (in_need_true_account)", async () => {
    expect(await outcome(4, {})).toEqual({ pass: 4 });
    expect(await outcome(4, { member: true })).toEqual(home("in_please_account"));
    expect(await outcome(4, { agent: true })).toEqual(home("in_please_account"));
    expect(await outcome(4, { realAccount: true })).toEqual(home("in_need_true_account"));
    expect(await outcome(4, { realAccount: true, refusedTo: "/games" })).toEqual({
      status: 303,
      to: "/games",
      notice: { key: "in_need_true_account" },
      setsCookie: true,
    });
  });
});

describe("openPlayerAction", () => {
  /** A post from this site with the browser's CSRF cookie and, unless left out, its token. */
  async function postAs(isAgent: number | null, { token = true } = {}) {
    const jar = await browserAs(isAgent);
    const { csrfProtection } = await import("~/server/csrf.server");
    const [csrf, setCookie] = await csrfProtection().commitToken(getRequest("/"));
    jar.take(new Response(null, { headers: { "Set-Cookie": String(setCookie) } }));
    return postRequest("/member/transferFund", token ? { csrf, amount: "1" } : { amount: "1" }, jar);
  }

  /** A gate as the centres' are: the player on the poster's session, the operator bound to the poster. */
  function recordingGate() {
    const posters: Array<import("~/server/gate.server").Poster | undefined> = [];
    const gateFn = async (request: Request, poster?: import("~/server/gate.server").Poster) => {
      posters.push(poster);
      const player = await gate.requirePlayer(request, { member: true }, poster?.session);
      const { bindOperator } = await import("~/operator/operator.server");
      return { ...player, operator: bindOperator(player.session, poster!.locale, poster!.deviceId) };
    };
    return { posters, gateFn };
  }

  it("refuses a post without its token before the gate runs", async () => {
    const { posters, gateFn } = recordingGate();
    const response = await run(async () => gate.openPlayerAction(await postAs(0, { token: false }), {}, gateFn));
    expect(response.status).toBe(403);
    expect(posters).toEqual([]);
  });

  it("hands the gate the session the opening read, and the action the gate's operator bound to the post's device", async () => {
    const { posters, gateFn } = recordingGate();
    const opening = await gate.openPlayerAction(await postAs(0), {}, gateFn);
    expect(posters).toHaveLength(1);
    expect(posters[0]!.session).toBe(opening.session);
    expect(opening.isAgent).toBe(0);
    expect(opening.formData.get("amount")).toBe("1");
    expect(opening.operator.context.deviceId).toBe(opening.device.id);
    expect(opening.operator.context.deviceId).toMatch(/\S/);
  });

  it("lets the gate refuse after the opening: a guest goes to the login, a trial account home", async () => {
    const guest = await run(async () => gate.openPlayerAction(await postAs(null), {}, recordingGate().gateFn));
    expect([guest.status, guest.headers.get("Location")]).toEqual([303, "/login?redirectTo=%2Fmember%2FtransferFund"]);
    const trial = await run(async () => gate.openPlayerAction(await postAs(4), {}, recordingGate().gateFn));
    expect([trial.status, trial.headers.get("Location")]).toEqual([303, "/"]);
  });
});
