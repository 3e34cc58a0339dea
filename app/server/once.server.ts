/**
 * Money moves once (decision 025): transfers, claims, confirmations, redemptions, conversions and
 * contract actions carry a one-time submission key, made with the form. The first post of a key
 * runs and its answer is recorded; another post of the same key (a double click, the reload of a
 * POST, a second tab, two posts in flight at once) gets that answer again and never reaches the
 * operator. A refused answer (4xx: the player's input or the operator's refusal) releases the key
 * for a deliberate retry once it has been given; posts that arrived while it ran still share it.
 * A 5xx is kept: the operator may have moved the money before the answer was lost.
 *
 * Keys are scoped to the session (a key from another session means nothing here) and kept in
 * the portal's SQLite store for a day, so a reload after a restart still replays the answer.
 * Waiting on a post in flight is in memory: the portal is one Node process (decision 001).
 */
import { redirect } from "@remix-run/node";
import { createHash, randomBytes } from "node:crypto";
import type { ActionOpening } from "~/server/action.server";
import { portalDb } from "~/server/db.server";
import { commitSession } from "~/server/session.server";

export const ONCE_FIELD = "once";
const KEEP_MS = 24 * 60 * 60 * 1000;
/** A post in flight longer than this (the operator's own timeout is far shorter) is not waited on. */
const WAIT_MS = 60_000;
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** A fresh key for a form: random, so it says nothing and cannot be guessed for another player. */
export function newOnceKey(): string {
  return randomBytes(18).toString("base64url");
}

interface Recorded {
  status: number;
  headers: [string, string][];
  body: string;
}

const inFlight = new Map<string, Promise<Recorded>>();

function table() {
  const db = portalDb();
  db.exec(`CREATE TABLE IF NOT EXISTS once_submissions (
    key TEXT PRIMARY KEY,
    state TEXT NOT NULL,        -- running | done | released
    answer TEXT,                -- the recorded answer (status, headers, body) as JSON
    expires INTEGER NOT NULL
  )`);
  return db;
}

/** Headers worth replaying: where a redirect goes, what the body is, the session cookie. */
const REPLAYED = new Set(["location", "content-type", "set-cookie", "x-remix-redirect", "x-remix-status", "x-remix-reload"]);

async function record(response: Response): Promise<Recorded> {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (REPLAYED.has(name.toLowerCase())) headers.push([name, value]);
  });
  for (const cookie of response.headers.getSetCookie?.() ?? []) headers.push(["Set-Cookie", cookie]);
  const body = response.body ? await response.clone().text() : "";
  return { status: response.status, headers: dedupe(headers), body };
}

function dedupe(headers: [string, string][]): [string, string][] {
  const seen = new Set<string>();
  return headers.filter(([n, v]) => {
    const id = `${n.toLowerCase()}\n${v}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

function replay(recorded: Recorded): Response {
  const headers = new Headers();
  for (const [name, value] of recorded.headers) {
    if (name.toLowerCase() === "set-cookie" || !headers.has(name)) headers.append(name, value);
  }
  headers.set("X-Once-Replayed", "1");
  const nullBody = recorded.status === 204 || (recorded.status >= 300 && recorded.status < 400);
  return new Response(nullBody ? null : recorded.body, { status: recorded.status, headers });
}

type Opening = Pick<ActionOpening, "formData" | "session" | "path">;

/**
 * Back to the form's page with a notice, nothing sent: a post without a usable key (a form older
 * than this rule, or forged), or one whose first post was cut off by a restart.
 */
async function backToForm(opening: Opening, key: "form_expired" | "form_in_progress"): Promise<Response> {
  opening.session.flash("notice", { key });
  return redirect(opening.path, { status: 303, headers: { "Set-Cookie": await commitSession(opening.session) } });
}

/**
 * Runs `run` once per key of the posted form. `run` answers (or throws) the action's Response;
 * whatever it answers is what every post of the key gets.
 */
export async function once(opening: Opening, run: () => Promise<Response>): Promise<Response> {
  const posted = opening.formData.get(ONCE_FIELD);
  if (typeof posted !== "string" || !KEY_PATTERN.test(posted) || !opening.session.id) return backToForm(opening, "form_expired");
  const key = createHash("sha256").update(`${opening.session.id}\n${posted}`).digest("base64url");
  const db = table();
  const now = Date.now();

  const waiting = inFlight.get(key);
  if (waiting) return replay(await waiting);

  db.prepare("DELETE FROM once_submissions WHERE expires < ?").run(now);
  const claimed =
    db.prepare("INSERT OR IGNORE INTO once_submissions (key, state, expires) VALUES (?, 'running', ?)").run(key, now + KEEP_MS).changes ===
      1 ||
    db.prepare("UPDATE once_submissions SET state = 'running', expires = ? WHERE key = ? AND state = 'released'").run(now + KEEP_MS, key)
      .changes === 1;
  if (!claimed) {
    const row = db.prepare("SELECT state, answer FROM once_submissions WHERE key = ?").get(key) as
      { state: string; answer: string | null } | undefined;
    if (row?.answer) return replay(JSON.parse(row.answer) as Recorded);
    // Running in a process that is gone: the operator's answer is unknown, so it is not sent again.
    return backToForm(opening, "form_in_progress");
  }

  let first: Response | undefined;
  const running = (async (): Promise<Recorded> => {
    let response: Response;
    try {
      response = await run();
    } catch (thrown) {
      if (!(thrown instanceof Response)) {
        db.prepare("DELETE FROM once_submissions WHERE key = ?").run(key);
        throw thrown;
      }
      response = thrown;
    }
    first = response;
    const recorded = await record(response);
    const state = response.status >= 400 && response.status < 500 ? "released" : "done";
    db.prepare("UPDATE once_submissions SET state = ?, answer = ? WHERE key = ?").run(state, JSON.stringify(recorded), key);
    return recorded;
  })();
  inFlight.set(key, running);
  const timer = setTimeout(() => inFlight.delete(key), WAIT_MS);
  try {
    const recorded = await running;
    return first ?? replay(recorded);
  } finally {
    clearTimeout(timer);
    inFlight.delete(key);
  }
}
