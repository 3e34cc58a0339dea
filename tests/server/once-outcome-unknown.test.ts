/**
 * The one-time key against an operator whose answer is lost (decision 035): only the operator's
 * own refusal releases a key; a time-out, a reset, a 5xx, or a 2xx that cannot be read or has the
 * wrong shape leaves the post "outcome unknown" for every post of its key. Every money call
 * carries an Idempotency-Key derived from the one-time key. And the store stays small: refusals
 * keep nothing, kept answers are sealed, a session keeps a bounded number of keys.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { json, redirect } from "@remix-run/node";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { OperatorClient } from "~/operator/client.server";

let once: typeof import("~/server/once.server");
let sessions: typeof import("~/server/session.server");
let db: typeof import("~/server/state/sqlite.server");

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "once-unknown-test-"));
  process.env.SESSION_SECRET = "once-unknown-test-secret";
  once = await import("~/server/once.server");
  sessions = await import("~/server/session.server");
  db = await import("~/server/state/sqlite.server");
});

async function playerSession() {
  const fresh = await sessions.getSession(new Request("http://portal.test/"));
  fresh.set("token", "t");
  const cookie = (await sessions.commitSession(fresh)).split(";")[0];
  return sessions.getSession(new Request("http://portal.test/", { headers: { Cookie: cookie } }));
}

function opening(session: Awaited<ReturnType<typeof playerSession>>, key: string, extra: Record<string, string> = {}) {
  const formData = new FormData();
  formData.set("once", key);
  for (const [k, v] of Object.entries(extra)) formData.set(k, v);
  return { formData, session, path: "/member/transferFund?from=MAIN&_data=routes%2Fmember%2B%2FtransferFund" };
}

type Fault = "cut" | "500" | "timeout" | "reset" | "shape" | "html200" | "refused" | "ok";

/** An operator that acts on every call it gets (counted), then answers as the fault says. */
function faultyOperator(fault: () => Fault) {
  const seen: { idempotencyKey: string | null }[] = [];
  const fetchImpl = (async (_url: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    seen.push({ idempotencyKey: headers.get("Idempotency-Key") });
    const wallets = { sumBalance: "1.00", currency: "CNY", currencySymbol: "¥", wallets: [] };
    const okBody = JSON.stringify({ success: true, value: wallets, message: "", errorCode: "" });
    switch (fault()) {
      case "cut":
        return new Response(okBody.slice(0, 20), { status: 200, headers: { "Content-Type": "application/json" } });
      case "html200":
        return new Response("<html>OK</html>", { status: 200, statusText: "OK", headers: { "Content-Type": "text/html" } });
      case "500":
        return new Response("<h1>Internal Server Error</h1>", { status: 500, headers: { "Content-Type": "text/html" } });
      case "timeout":
        throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
      case "reset":
        throw new TypeError("fetch failed", { cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }) });
      case "shape":
        return new Response(JSON.stringify({ success: true, value: "??" }), { status: 200 });
      case "refused":
        return new Response(JSON.stringify({ success: false, value: null, message: "余额不足", errorCode: "balance.insufficient" }), {
          status: 200,
        });
      case "ok":
        return new Response(okBody, { status: 200 });
    }
  }) as typeof fetch;
  // A breaker window of 0: each test's first call is not failed fast by the one before.
  const client = new OperatorClient({ baseUrl: "http://operator.test", merchantCode: "demo", fetch: fetchImpl, breakerMs: 0 });
  const transfer = () =>
    client.call("walletTransfer", { token: "t", language: "CN" }, { body: { from: "MAIN", to: "AGL", amount: "7.77" } });
  return { seen, transfer };
}

/** A route's action as the transfer page writes it: a refusal is 400 with a fresh key, a failure 503. */
function transferAction(transfer: () => Promise<unknown>) {
  return async () => {
    try {
      await transfer();
    } catch {
      // What the route would answer before decision 035: "your input is wrong" and a new key.
      return json({ formErrors: ["unknown_error"], once: once.newOnceKey() }, { status: 400 });
    }
    return redirect("/member/transferFund?from=MAIN", 303);
  };
}

describe("an answer lost after the operator acted", () => {
  for (const fault of ["cut", "html200", "500", "timeout", "reset", "shape"] as const) {
    it(`${fault}: the post and every repeat of its key say "outcome unknown" and send nothing again`, async () => {
      const session = await playerSession();
      const operator = faultyOperator(() => fault);
      const key = once.newOnceKey();
      const first = await once.once(opening(session, key), transferAction(operator.transfer));
      expect(first.status).toBe(303);
      // The page that reads the figures fresh, without Remix's data parameter.
      expect(first.headers.get("Location")).toBe("/member/transferFund?from=MAIN");
      const flashed = await sessions.getSession(
        new Request("http://portal.test/", { headers: { Cookie: first.headers.get("Set-Cookie")! } }),
      );
      expect(flashed.get("notice")).toEqual({ key: "outcome_unknown", tone: "error" });
      // A reload of the post and a double click: the same answer, the operator not asked again.
      for (let i = 0; i < 3; i++) {
        const again = await once.once(opening(session, key), transferAction(operator.transfer));
        expect(again.status).toBe(303);
        expect(again.headers.get("Location")).toBe("/member/transferFund?from=MAIN");
      }
      expect(operator.seen).toHaveLength(1);
      expect(operator.seen[0].idempotencyKey).toMatch(/^[A-Za-z0-9_-]{32}-1-1$/);
    });
  }

  it("two posts in flight at once with a lost answer: one call, both told the outcome is unknown", async () => {
    const session = await playerSession();
    const operator = faultyOperator(() => "500");
    const key = once.newOnceKey();
    const slow = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return transferAction(operator.transfer)();
    };
    const answers = await Promise.all([once.once(opening(session, key), slow), once.once(opening(session, key), slow)]);
    expect(answers.map((a) => a.headers.get("Location"))).toEqual(["/member/transferFund?from=MAIN", "/member/transferFund?from=MAIN"]);
    expect(operator.seen).toHaveLength(1);
  });

  it("an explicit refusal releases the key; the retry is a new attempt with a new idempotency key", async () => {
    const session = await playerSession();
    let fault: Fault = "refused";
    const operator = faultyOperator(() => fault);
    const key = once.newOnceKey();
    const refused = await once.once(opening(session, key), transferAction(operator.transfer));
    expect(refused.status).toBe(400);
    fault = "ok";
    const retried = await once.once(opening(session, key), transferAction(operator.transfer));
    expect(retried.status).toBe(303);
    expect(operator.seen.map((s) => s.idempotencyKey!.split("-").slice(-2).join("-"))).toEqual(["1-1", "2-1"]);
    // Done now: a repeat replays, the operator is not asked a third time.
    await once.once(opening(session, key), transferAction(operator.transfer));
    expect(operator.seen).toHaveLength(2);
  });

  it("a failure of ours after the money call left is outcome unknown too, not a released key", async () => {
    const session = await playerSession();
    const operator = faultyOperator(() => "ok");
    const key = once.newOnceKey();
    const buggy = async (): Promise<Response> => {
      await operator.transfer();
      throw new TypeError("a bug after the transfer");
    };
    const answer = await once.once(opening(session, key), buggy);
    expect(answer.headers.get("Location")).toBe("/member/transferFund?from=MAIN");
    await once.once(opening(session, key), buggy);
    expect(operator.seen).toHaveLength(1);
  });
});

describe("the store stays small and sealed", () => {
  const rows = () =>
    db.portalDb().prepare("SELECT state, answer FROM once_submissions").all() as { state: string; answer: string | null }[];

  it("keeps nothing of a refused answer, which may echo what the player typed", async () => {
    const session = await playerSession();
    const remarks = "我".repeat(80_000);
    for (let i = 0; i < 20; i++) {
      await once.once(opening(session, once.newOnceKey(), { remarks }), async () => json({ remarks, error: "refused" }, { status: 400 }));
    }
    const released = rows().filter((r) => r.state === "released");
    expect(released.length).toBeGreaterThanOrEqual(20);
    expect(released.every((r) => r.answer === null)).toBe(true);
  });

  it("seals a kept answer: the row does not hold the name and phone of a redemption in clear", async () => {
    const session = await playerSession();
    const key = once.newOnceKey();
    await once.once(opening(session, key), async () => json({ name: "Zhang Wei", phone: "13700137000" }, 200));
    const kept = rows().filter((r) => r.state === "done" && r.answer);
    expect(kept.length).toBeGreaterThan(0);
    for (const row of kept) {
      expect(row.answer!.startsWith("v1.")).toBe(true);
      expect(row.answer).not.toContain("Zhang Wei");
      expect(row.answer).not.toContain("13700137000");
    }
    const replayed = await once.once(opening(session, key), async () => json({ name: "never" }, 200));
    expect(await replayed.json()).toEqual({ name: "Zhang Wei", phone: "13700137000" });
  });

  it(`keeps at most ${"MAX_KEYS_PER_SESSION"} keys a session, and sweeps expired keys`, async () => {
    const session = await playerSession();
    const before = rows().length;
    for (let i = 0; i < once.MAX_KEYS_PER_SESSION + 50; i++) {
      await once.once(opening(session, once.newOnceKey()), async () => redirect("/ok", 303));
    }
    expect(rows().length - before).toBeLessThanOrEqual(once.MAX_KEYS_PER_SESSION);
    const swept = await once.sweepOnceKeys(Date.now() + 25 * 60 * 60 * 1000);
    expect(swept).toBeGreaterThan(0);
    expect(rows()).toHaveLength(0);
  });
});
