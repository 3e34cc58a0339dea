/**
 * The one-time submission key (app/server/once.server.ts): a second post of the same key, in
 * parallel or later, gets the first answer and never runs again; a refusal lets a retry run;
 * keys belong to their session.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { json, redirect } from "@remix-run/node";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

let once: typeof import("~/server/once.server");
let sessions: typeof import("~/server/session.server");

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "once-test-"));
  process.env.SESSION_SECRET = "once-test-secret";
  once = await import("~/server/once.server");
  sessions = await import("~/server/session.server");
});

async function playerSession() {
  const fresh = await sessions.getSession(new Request("http://portal.test/"));
  fresh.set("token", "t");
  const cookie = (await sessions.commitSession(fresh)).split(";")[0];
  return sessions.getSession(new Request("http://portal.test/", { headers: { Cookie: cookie } }));
}

function opening(session: Awaited<ReturnType<typeof playerSession>>, key: string | null) {
  const formData = new FormData();
  if (key !== null) formData.set("once", key);
  return { formData, session, path: "/member/transferFund" };
}

const slow = <T>(value: T, ms = 30) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("one-time submission key", () => {
  it("runs two parallel posts of one key once; both get the first answer", async () => {
    const session = await playerSession();
    const key = once.newOnceKey();
    let runs = 0;
    const run = async () => {
      runs += 1;
      return slow(redirect("/member/transferFund?done=1", 303));
    };
    const [a, b] = await Promise.all([once.once(opening(session, key), run), once.once(opening(session, key), run)]);
    expect(runs).toBe(1);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(b.headers.get("Location")).toBe("/member/transferFund?done=1");
    // A reload of the post, later: the same answer, still no second run.
    const again = await once.once(opening(session, key), run);
    expect(runs).toBe(1);
    expect(again.headers.get("Location")).toBe("/member/transferFund?done=1");
    expect(again.headers.get("X-Once-Replayed")).toBe("1");
  });

  it("replays a JSON answer with its body and status", async () => {
    const session = await playerSession();
    const key = once.newOnceKey();
    const first = await once.once(opening(session, key), async () => json({ moved: "10.00" }, 201));
    const second = await once.once(opening(session, key), async () => json({ moved: "never" }, 201));
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual({ moved: "10.00" });
  });

  it("lets a refused post (4xx) be sent again, and a 5xx answered before any money call left", async () => {
    const session = await playerSession();
    const refusedKey = once.newOnceKey();
    let runs = 0;
    await once.once(opening(session, refusedKey), async () => (runs++, json({ error: "insufficient" }, 400)));
    await once.once(opening(session, refusedKey), async () => (runs++, redirect("/ok", 303)));
    expect(runs).toBe(2);
    // The circuit was open or a read failed first: nothing reached the operator, a retry may run.
    const notSentKey = once.newOnceKey();
    await once.once(opening(session, notSentKey), async () => (runs++, json({ error: "timeout" }, 503)));
    const retried = await once.once(opening(session, notSentKey), async () => (runs++, redirect("/ok", 303)));
    expect(runs).toBe(4);
    expect(retried.headers.get("Location")).toBe("/ok");
  });

  it("records a thrown Response (a redirect from a gate) as the answer", async () => {
    const session = await playerSession();
    const key = once.newOnceKey();
    let runs = 0;
    const thrower = async (): Promise<Response> => {
      runs++;
      throw redirect("/login", 303);
    };
    expect((await once.once(opening(session, key), thrower)).headers.get("Location")).toBe("/login");
    expect((await once.once(opening(session, key), thrower)).headers.get("Location")).toBe("/login");
    expect(runs).toBe(1);
  });

  it("sends a post without a usable key back to its form with a notice, running nothing", async () => {
    const session = await playerSession();
    let runs = 0;
    const run = async () => (runs++, redirect("/ok", 303));
    for (const key of [null, "", "short", "x".repeat(65), "bad key with spaces!!"]) {
      const answer = await once.once(opening(session, key), run);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/member/transferFund");
    }
    expect(runs).toBe(0);
  });

  it("does not share keys between sessions", async () => {
    const key = once.newOnceKey();
    let runs = 0;
    const run = async () => (runs++, redirect("/ok", 303));
    await once.once(opening(await playerSession(), key), run);
    await once.once(opening(await playerSession(), key), run);
    expect(runs).toBe(2);
  });
});
