/**
 * The request layer when the operator fails (decision 018): a time-out and a refused
 * connection are told apart (kinds, log) but give the player the same retry text, and the
 * circuit breaker makes every call after a time-out fail at once for a while, then probes.
 */
import { createServer, type Server } from "node:http";
import { createServer as createTcpServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { BREAKER_MS, OperatorClient, type CallContext, type OperatorConfig } from "~/operator/client.server";
import { causeCode, failureStatus, noticeFor, OperatorError } from "~/operator/errors";

const guest: CallContext = { language: "CN", clientKey: "guest-1" };
const player: CallContext = { language: "EN", token: "tok-secret-123", clientKey: "s1", deviceId: "d".repeat(36) };

const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e as OperatorError,
  );

const ok = (value: unknown) =>
  new Response(JSON.stringify({ success: true, value, message: "", errorCode: "" }), { headers: { "Content-Type": "application/json" } });

/** A fetch that never answers: it rejects as fetch does when the time-out's signal fires. */
const hang = ((_: unknown, init?: RequestInit) =>
  new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)))) as typeof fetch;

/** fetch's own rejection for a refused connection: TypeError "fetch failed" with the socket error as its cause. */
function refusedError() {
  const socketError = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:4321"), { code: "ECONNREFUSED", errno: -111 });
  return new TypeError("fetch failed", { cause: socketError });
}

/** A fetch whose answers a test switches: "hang", "refuse" or a value. */
function switchableFetch() {
  const state = { mode: "hang" as "hang" | "refuse" | "answer", calls: [] as string[] };
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    state.calls.push(new URL(String(input)).pathname);
    if (state.mode === "refuse") throw refusedError();
    if (state.mode === "hang") return hang(input, init);
    return ok({ siteTitle: "Demo", maintenance: false, features: {} });
  }) as unknown as typeof fetch;
  return { state, fetchImpl };
}

function client(config: Partial<OperatorConfig>) {
  return new OperatorClient({ baseUrl: "http://operator.test", merchantCode: "demo", timeoutMs: 40, ...config });
}

let errors: MockInstance<(...args: unknown[]) => void>;
let infos: MockInstance<(...args: unknown[]) => void>;
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  infos = vi.spyOn(console, "info").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());
const logged = () => errors.mock.calls.map((args) => args.map(String).join(" "));

describe("a time-out and a refused connection", () => {
  it("a refused connection is 'unreachable' (not a time-out), answers at once, 503 with the retry text", async () => {
    const fetchImpl = vi.fn(async () => {
      throw refusedError();
    }) as unknown as typeof fetch;
    const t0 = performance.now();
    const error = await failure(client({ fetch: fetchImpl }).call("settings", guest));
    expect(performance.now() - t0).toBeLessThan(30);
    expect(error).toBeInstanceOf(OperatorError);
    expect(error).toMatchObject({ kind: "unreachable", causeCode: "ECONNREFUSED", operation: "settings", failedFast: false });
    expect(noticeFor(error)).toEqual({ key: "timeout, retry please" });
    expect(failureStatus(error)).toBe(503);
  });

  it("no answer within the time-out is 'timeout', with the same retry text and 503", async () => {
    const error = await failure(client({ fetch: hang }).call("status", guest));
    expect(error).toMatchObject({ kind: "timeout", causeCode: "TimeoutError" });
    expect(noticeFor(error)).toEqual({ key: "timeout, retry please" });
    expect(failureStatus(error)).toBe(503);
  });

  it("a real refused port and a real server that never answers, through Node's fetch", async () => {
    // A port that was just free: nobody listens on it.
    const tcp = createTcpServer();
    await new Promise<void>((resolve) => tcp.listen(0, "127.0.0.1", resolve));
    const { port } = tcp.address() as AddressInfo;
    await new Promise<void>((resolve) => tcp.close(() => resolve()));
    const refused = await failure(new OperatorClient({ baseUrl: `http://127.0.0.1:${port}`, merchantCode: "demo" }).call("status", guest));
    expect(refused).toMatchObject({ kind: "unreachable", causeCode: "ECONNREFUSED" });

    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const timedOut = await failure(new OperatorClient({ baseUrl: url, merchantCode: "demo", timeoutMs: 60 }).call("status", guest));
      expect(timedOut).toMatchObject({ kind: "timeout", causeCode: "TimeoutError" });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it("an answer whose body stalls past the time-out is a time-out, not a refusal of the operator", async () => {
    const server: Server = createServer((_, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write('{"success": tr');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const error = await failure(new OperatorClient({ baseUrl: url, merchantCode: "demo", timeoutMs: 60 }).call("status", guest));
      expect(error.kind).toBe("timeout");
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("a 504 of the operator's gateway keeps its own kind: its message, else the retry text", async () => {
    const gateway = vi.fn(
      async () => new Response("<html>504</html>", { status: 504, statusText: "Gateway Timeout" }),
    ) as unknown as typeof fetch;
    const error = await failure(client({ fetch: gateway }).call("status", guest));
    expect(error.kind).toBe("unavailable");
    expect(noticeFor(error)).toEqual({ key: "timeout, retry please" });
  });

  it("logs one line per failed call: operation, kind, cause code; never the token, the password or the address", async () => {
    const fetchImpl = vi.fn(async () => {
      throw refusedError();
    }) as unknown as typeof fetch;
    const c = client({ fetch: fetchImpl });
    await failure(c.call("securityConfig", player, { body: { password: "Old-Secret-1", newPassword: "New-Secret-2" } }));
    await failure(client({ fetch: hang }).call("memberInfo", player, { query: { token: "tok-secret-123" } }));
    const lines = logged();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^operator securityConfig: unreachable \(ECONNREFUSED\)/);
    expect(lines[1]).toMatch(/^operator memberInfo: timeout \(TimeoutError\) after 40 ms/);
    for (const line of lines) {
      expect(line).not.toMatch(/tok-secret-123|Old-Secret-1|New-Secret-2|127\.0\.0\.1|operator\.test/);
    }
  });

  it("names the cause by its code, else by its name", () => {
    expect(causeCode(refusedError())).toBe("ECONNREFUSED");
    expect(causeCode(new TypeError("fetch failed", { cause: new Error("bad port") }))).toBe("TypeError");
    expect(causeCode(new DOMException("The operation was aborted due to timeout", "TimeoutError"))).toBe("TimeoutError");
  });
});

describe("the circuit breaker", () => {
  it("after a time-out, every call fails at once with the same failure for the window, without asking the operator", async () => {
    let now = 1_000_000;
    const { state, fetchImpl } = switchableFetch();
    const c = client({ fetch: fetchImpl, now: () => now, breakerMs: 5_000 });
    const first = await failure(c.call("settings", guest));
    expect(first).toMatchObject({ kind: "timeout", failedFast: false });

    const t0 = performance.now();
    const next = await Promise.all([
      failure(c.call("whitelabel", guest)),
      failure(c.call("memberInfo", player)),
      failure(c.call("forgotPasswordEmail", guest, { body: { username: "player01", email: "a@b.c" } })),
    ]);
    expect(performance.now() - t0).toBeLessThan(20);
    for (const error of next) {
      expect(error).toMatchObject({ kind: "timeout", failedFast: true });
      expect(noticeFor(error, error.alerts)).toEqual({ key: "timeout, retry please" });
      expect(failureStatus(error)).toBe(503);
    }
    expect(next.map((e) => e.operation)).toEqual(["whitelabel", "memberInfo", "forgotPasswordEmail"]);
    expect(state.calls).toEqual(["/wps/system/settings/consolidated"]);
    // The failures that did not ask the operator are not logged one by one.
    expect(logged()).toHaveLength(1);
    now += 4_999;
    expect((await failure(c.call("status", guest))).failedFast).toBe(true);
    expect(state.calls).toHaveLength(1);
  });

  it("a refused connection opens it too, with its own kind", async () => {
    let now = 0;
    const { state, fetchImpl } = switchableFetch();
    state.mode = "refuse";
    const c = client({ fetch: fetchImpl, now: () => now });
    await failure(c.call("settings", guest));
    now += BREAKER_MS - 1;
    expect(await failure(c.call("whitelabel", guest))).toMatchObject({ kind: "unreachable", failedFast: true, causeCode: "ECONNREFUSED" });
    expect(state.calls).toHaveLength(1);
  });

  it("after the window one call probes the operator: an answer closes the circuit", async () => {
    let now = 0;
    const { state, fetchImpl } = switchableFetch();
    const c = client({ fetch: fetchImpl, now: () => now, breakerMs: 1_000 });
    await failure(c.call("settings", guest));
    state.mode = "answer";
    now += 1_000;
    await expect(c.call("status", guest)).resolves.toEqual(expect.objectContaining({ maintenance: false }));
    await c.call("whitelabel", guest);
    await c.call("memberInfo", player).catch(() => undefined);
    expect(state.calls).toEqual(["/wps/system/settings/consolidated", "/wps/system/status", "/wps/system/whitelabel", "/wps/member/info"]);
    expect(infos.mock.calls.map(String)).toEqual(["operator: answering again (0 calls failed fast meanwhile)"]);
  });

  it("a probe that fails opens the circuit for another window", async () => {
    let now = 0;
    const { state, fetchImpl } = switchableFetch();
    const c = client({ fetch: fetchImpl, now: () => now, breakerMs: 1_000 });
    await failure(c.call("settings", guest));
    now += 1_000;
    state.mode = "refuse";
    expect(await failure(c.call("status", guest))).toMatchObject({ kind: "unreachable", failedFast: false });
    now += 999;
    expect(await failure(c.call("status", guest))).toMatchObject({ kind: "unreachable", failedFast: true });
    expect(state.calls).toHaveLength(2);
    now += 1;
    state.mode = "answer";
    await c.call("status", guest);
    expect(state.calls).toHaveLength(3);
  });

  it("calls made while the probe is out wait for it: they go on when it answers", async () => {
    let now = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { state, fetchImpl } = switchableFetch();
    const slowAnswer = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (state.mode === "answer") await gate;
      return fetchImpl(input, init);
    }) as unknown as typeof fetch;
    const c = client({ fetch: slowAnswer, now: () => now, breakerMs: 1_000, probeWaitMs: 500 });
    await failure(c.call("settings", guest));
    now += 1_000;
    state.mode = "answer";
    const probe = c.call("settings", guest);
    const alongside = c.call("whitelabel", guest);
    setTimeout(release, 20);
    await expect(Promise.all([probe, alongside])).resolves.toHaveLength(2);
    expect(state.calls).toEqual(["/wps/system/settings/consolidated", "/wps/system/settings/consolidated", "/wps/system/whitelabel"]);
  });

  it("…and fail fast when the probe takes longer than the wait, without a second call to the operator", async () => {
    let now = 0;
    const { state, fetchImpl } = switchableFetch();
    const c = client({ fetch: fetchImpl, now: () => now, breakerMs: 1_000, probeWaitMs: 10, timeoutMs: 200 });
    await failure(c.call("settings", guest));
    now += 1_000;
    const probe = failure(c.call("settings", guest));
    const t0 = performance.now();
    const alongside = await failure(c.call("whitelabel", guest));
    expect(performance.now() - t0).toBeLessThan(150);
    expect(alongside).toMatchObject({ kind: "timeout", failedFast: true });
    expect(await probe).toMatchObject({ kind: "timeout", failedFast: false });
    expect(state.calls).toEqual(["/wps/system/settings/consolidated", "/wps/system/settings/consolidated"]);
  });

  it("a call joining the probe's identical request waits no longer than the others", async () => {
    let now = 0;
    const { state, fetchImpl } = switchableFetch();
    const c = client({ fetch: fetchImpl, now: () => now, breakerMs: 1_000, probeWaitMs: 20, timeoutMs: 300 });
    await failure(c.call("settings", guest));
    now += 1_000;
    const probe = failure(c.call("settings", guest));
    const t0 = performance.now();
    expect(await failure(c.call("settings", guest))).toMatchObject({ kind: "timeout", failedFast: true });
    expect(performance.now() - t0).toBeLessThan(150);
    await probe;
    expect(state.calls).toHaveLength(2);
  });

  it("calls made after the probe's first moments fail at once: only the probe pays its time-out", async () => {
    let now = 0;
    const { state, fetchImpl } = switchableFetch();
    const c = client({ fetch: fetchImpl, now: () => now, breakerMs: 30, probeWaitMs: 20, timeoutMs: 400 });
    await failure(c.call("settings", guest));
    now += 40;
    const probe = failure(c.call("status", guest));
    now += 40;
    const t0 = performance.now();
    const later = await Promise.all([failure(c.call("whitelabel", guest)), failure(c.call("status", guest))]);
    expect(performance.now() - t0).toBeLessThan(10);
    expect(later.map((e) => e.failedFast)).toEqual([true, true]);
    expect((await probe).failedFast).toBe(false);
    expect(state.calls).toEqual(["/wps/system/settings/consolidated", "/wps/system/status"]);
  });

  it("a call joining an identical request that began before the failure fails at once", async () => {
    const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new URL(String(input)).pathname === "/wps/system/whitelabel") throw refusedError();
      return hang(input, init);
    }) as unknown as typeof fetch;
    const c = client({ fetch: fetchImpl, timeoutMs: 300 });
    const straggler = failure(c.call("settings", guest));
    await failure(c.call("whitelabel", guest));
    const t0 = performance.now();
    expect(await failure(c.call("settings", guest))).toMatchObject({ kind: "unreachable", failedFast: true });
    expect(performance.now() - t0).toBeLessThan(20);
    expect((await straggler).kind).toBe("timeout");
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it("a refusal by the operator (an error envelope, a 500) is an answer: it never opens the circuit", async () => {
    let n = 0;
    const fetchImpl = vi.fn(async () => {
      n++;
      return n === 1
        ? new Response(JSON.stringify({ success: false, errorCode: "x.y", message: "nope" }), { status: 200 })
        : new Response("oops", { status: 500, statusText: "Internal Server Error" });
    }) as unknown as typeof fetch;
    const c = client({ fetch: fetchImpl });
    expect((await failure(c.call("status", guest))).kind).toBe("failure");
    expect((await failure(c.call("status", guest))).kind).toBe("failure");
    expect((await failure(c.call("status", guest))).failedFast).toBe(false);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it("a page view's chain of calls costs one time-out, not one per call", async () => {
    const { fetchImpl } = switchableFetch();
    const c = client({ fetch: fetchImpl, timeoutMs: 100 });
    const t0 = performance.now();
    // What one GET /login asks in turn: the default language, the root's settings, the page's switches and settings.
    await failure(c.call("settings", guest));
    await failure(c.call("settings", { ...guest, language: "EN" }));
    await Promise.all([failure(c.call("whitelabel", guest)), failure(c.call("settings", guest))]);
    expect(performance.now() - t0).toBeLessThan(180);
  });

  it("each client keeps its own circuit: another operator is not held up", async () => {
    const down = client({ fetch: switchableFetch().fetchImpl });
    await failure(down.call("settings", guest));
    const { state, fetchImpl } = switchableFetch();
    state.mode = "answer";
    await expect(client({ fetch: fetchImpl }).call("settings", guest)).resolves.toBeDefined();
  });
});
