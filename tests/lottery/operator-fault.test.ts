/**
 * Issue 22 §5, fault answers, on /lottery (and the SEA lottery's launch): against an operator
 * that answers one call with a 2xx of the wrong shape (`{"success":true,"value":"nonsense"}`) or
 * a bare 500, every other call going to the reference operator. A failing operator is a 503 with
 * the retry text, not a 502, and a game list that cannot be read is not "no such game" (404).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { loggedIn, type Browser } from "../support/browser";
import { startPortalEnv } from "../support/portal";

/** Path ends answered badly: "shape" a 2xx of the wrong shape, 500 a bare server error. */
const fault = vi.hoisted(() => ({ broken: new Map<string, "shape" | 500>() }));

vi.mock("~/server/config.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/server/config.server")>();
  const faulty = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    const mode = [...fault.broken].find(([end]) => path.endsWith(end))?.[1];
    if (mode === "shape") {
      return new Response(JSON.stringify({ success: true, value: "nonsense" }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    }
    if (mode === 500) return new Response("Internal Server Error", { status: 500, statusText: "Internal Server Error" });
    return fetch(input, init);
  }) as typeof fetch;
  return { ...actual, operatorConfig: () => ({ ...actual.operatorConfig(), fetch: faulty }) };
});

let operator: ReferenceOperator;
let lottery: typeof import("~/routes/_lottery+/lottery");
let sea: typeof import("~/routes/_lottery+/seaLottery");
let client: typeof import("~/operator/operator.server");
let player: Browser;

beforeAll(async () => {
  operator = await startPortalEnv();
  lottery = await import("~/routes/_lottery+/lottery");
  sea = await import("~/routes/_lottery+/seaLottery");
  client = await import("~/operator/operator.server");
  player = await loggedIn("player01", "Player123");
});

afterAll(async () => {
  await operator.close();
});

afterEach(() => {
  fault.broken.clear();
  // The game list is cached: each test reads it afresh.
  client.operatorClient().clearCache();
});

const RETRY = { key: "timeout, retry please" };

describe("/lottery against a failing operator", () => {
  it("opens the game while the operator is well", async () => {
    const response = await player.get("/lottery?gameCode=CQSSC", lottery.loader);
    expect(response.status).toBe(200);
    expect((await response.json()).url).toBeTruthy();
  });

  it("answers a malformed launch with 503 and the retry text", async () => {
    fault.broken.set("/wps/game/launchGame", "shape");
    const response = await player.get("/lottery?gameCode=CQSSC", lottery.loader);
    expect(response.status).toBe(503);
    const data = await response.json();
    expect(data.url).toBeNull();
    expect(data.notice).toEqual(RETRY);
  });

  it("answers a game list it cannot read with 503 and the retry text, not in_stay_tuned", async () => {
    fault.broken.set("/lgw/games", "shape");
    const response = await player.get("/lottery?gameCode=CQSSC", lottery.loader);
    expect(response.status).toBe(503);
    expect((await response.json()).notice).toEqual(RETRY);
  });

  it("answers the SEA lottery's malformed launch with 503 and the retry text", async () => {
    fault.broken.set("/wps/game/launchGame", "shape");
    const response = await player.get("/seaLottery?gameCode=SEA4D", sea.loader).catch((thrown: Response) => thrown);
    expect(response.status).toBe(503);
    expect((await response.json()).notice).toEqual(RETRY);
  });

  // Last: a 500 may open the client's breaker, which would answer the next tests at once.
  it("answers a launch that got a 500 with 503", async () => {
    fault.broken.set("/wps/game/launchGame", 500);
    const response = await player.get("/lottery?gameCode=CQSSC", lottery.loader);
    expect(response.status).toBe(503);
    expect((await response.json()).url).toBeNull();
  });
});
