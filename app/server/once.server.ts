/**
 * Money moves once (decisions 025 and 035): transfers, claims, confirmations, redemptions,
 * conversions and contract actions carry a one-time submission key, made with the form. The
 * first post of a key runs and its outcome is recorded; another post of the same key (a double
 * click, the reload of a POST, a second tab, two posts in flight at once) gets that outcome again
 * and never reaches the operator.
 *
 * What the outcome is comes from the money calls themselves (app/operator/idempotency.server.ts):
 * - the operator refused (it sent an error code): the key is released for a deliberate retry,
 *   and nothing of the answer is kept (it may echo what the player typed);
 * - the operator's answer was lost (no answer in time, a cut or reset connection, a 5xx, a 2xx
 *   that cannot be read or has the wrong shape): the outcome is unknown. The key is kept, every
 *   post of it answers the same, and the player is sent to the page's fresh figures with a
 *   notice to check them, never told to correct the input;
 * - otherwise the answer is recorded, sealed, and replayed.
 * Every money call carries an `Idempotency-Key` derived from the key, so even an operator that
 * gets the same call twice (a key swept from here, a retry after a refusal is another attempt)
 * acts once.
 *
 * Keys are scoped to the session (a key from another session means nothing here), kept in the
 * portal's SQLite store for a day and at most MAX_KEYS_PER_SESSION a session, so a reload after a
 * restart still replays the answer. Waiting on a post in flight is in memory: the portal is one
 * Node process (decision 001).
 */
import { redirect } from "@remix-run/node";
import { createHash, randomBytes } from "node:crypto";
import { withMoneyScope, type MoneyScope } from "~/operator/idempotency.server";
import type { ActionOpening } from "~/server/action.server";
import { sessionSecrets } from "~/server/config.server";
import { portalDb } from "~/server/db.server";
import { forgetPlayer } from "~/server/player-memo.server";
import { sealWith, unsealWith } from "~/server/seal.server";
import { commitSession } from "~/server/session.server";

export const ONCE_FIELD = "once";
const KEEP_MS = 24 * 60 * 60 * 1000;
/** A post in flight longer than this (the operator's own timeout is far shorter) is not waited on. */
const WAIT_MS = 60_000;
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** Keys a session keeps; past it the oldest settled ones go (the operator's idempotency still holds). */
export const MAX_KEYS_PER_SESSION = 100;
/** A recorded answer larger than this is not kept whole: a replay sends the player to the page instead. */
const MAX_RECORDED_BYTES = 16 * 1024;
const SWEEP_MS = 60_000;

/** A fresh key for a form: random, so it says nothing and cannot be guessed for another player. */
export function newOnceKey(): string {
  return randomBytes(18).toString("base64url");
}

interface Recorded {
  status: number;
  headers: [string, string][];
  body: string;
}

type State = "running" | "done" | "released" | "unknown";

const inFlight = new Map<string, Promise<Recorded>>();

let ready: ReturnType<typeof portalDb> | undefined;
let sweeper: ReturnType<typeof setInterval> | undefined;

function table() {
  const db = portalDb();
  if (ready === db) return db;
  const columns = db.prepare("PRAGMA table_info(once_submissions)").all() as { name: string }[];
  // The first version kept answers in clear without an owner: its rows are a day's replays at
  // most, and cannot be sealed or capped, so they go.
  if (columns.length && !columns.some((c) => c.name === "owner")) db.exec("DROP TABLE once_submissions");
  db.exec(`CREATE TABLE IF NOT EXISTS once_submissions (
    key TEXT PRIMARY KEY,
    owner TEXT NOT NULL,        -- a hash of the session id: the per-session cap
    state TEXT NOT NULL,        -- running | done | released | unknown
    attempt INTEGER NOT NULL,   -- a retry after a refusal is a new attempt (a new idempotency key)
    answer TEXT,                -- the recorded answer (status, headers, body), sealed
    created INTEGER NOT NULL,
    expires INTEGER NOT NULL
  )`);
  db.exec("CREATE INDEX IF NOT EXISTS once_submissions_expires ON once_submissions (expires)");
  db.exec("CREATE INDEX IF NOT EXISTS once_submissions_owner ON once_submissions (owner, created)");
  ready = db;
  sweeper ??= setInterval(sweepOnceKeys, SWEEP_MS);
  sweeper.unref?.();
  return db;
}

/** Drops expired keys; on a timer, so that no post pays for it. */
export function sweepOnceKeys(now = Date.now()): number {
  return table().prepare("DELETE FROM once_submissions WHERE expires < ?").run(now).changes;
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

export interface OnceOptions {
  /**
   * Where the player checks the figures when the outcome is unknown (a page that reads them
   * fresh: the balance, the list the action changes). The form's own page unless given.
   */
  checkAt?: string;
}

/** The form's page without Remix's data parameters (a script's post carries them). */
function pageOf(path: string): string {
  const url = new URL(path, "http://portal.invalid");
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  return `${url.pathname}${url.search}`;
}

async function backTo(opening: Opening, location: string, notice: { key: string; tone?: "error" }): Promise<Response> {
  opening.session.flash("notice", notice);
  return redirect(location, { status: 303, headers: { "Set-Cookie": await commitSession(opening.session) } });
}

/**
 * The outcome of a lost answer, for every post of its key: to the fresh figures, with a notice
 * that the result is not known yet. The page's memos are forgotten, so what it shows is read now.
 */
function outcomeUnknownAnswer(opening: Opening, location: string): Promise<Response> {
  if (opening.session.id) forgetPlayer(opening.session.id);
  return backTo(opening, location, { key: "outcome_unknown", tone: "error" });
}

const seal = (recorded: Recorded) => sealWith(recorded, sessionSecrets()[0]);
const unseal = (stored: string | null) => (stored ? (unsealWith(stored, sessionSecrets()) as Recorded | null) : null);

/**
 * Runs `run` once per key of the posted form. `run` answers (or throws) the action's Response;
 * whatever it answers is what every post of the key gets, unless a money call's outcome is
 * unknown: then every post gets the check-your-figures answer.
 */
export async function once(opening: Opening, run: () => Promise<Response>, options: OnceOptions = {}): Promise<Response> {
  const posted = opening.formData.get(ONCE_FIELD);
  const page = pageOf(opening.path);
  if (typeof posted !== "string" || !KEY_PATTERN.test(posted) || !opening.session.id) {
    return backTo(opening, page, { key: "form_expired" });
  }
  const key = createHash("sha256").update(`${opening.session.id}\n${posted}`).digest("base64url");
  const owner = createHash("sha256").update(`once owner\n${opening.session.id}`).digest("base64url");
  const checkAt = options.checkAt ?? page;
  const db = table();
  const now = Date.now();

  const waiting = inFlight.get(key);
  if (waiting) {
    const recorded = await waiting;
    return recorded.status === 0 ? outcomeUnknownAnswer(opening, checkAt) : replay(recorded);
  }

  let attempt = 1;
  const fresh = db
    .prepare("INSERT OR IGNORE INTO once_submissions (key, owner, state, attempt, created, expires) VALUES (?, ?, 'running', 1, ?, ?)")
    .run(key, owner, now, now + KEEP_MS).changes;
  let claimed = fresh === 1;
  if (!claimed) {
    const row = db.prepare("SELECT state, attempt, answer FROM once_submissions WHERE key = ?").get(key) as
      { state: State; attempt: number; answer: string | null } | undefined;
    if (row?.state === "released") {
      attempt = row.attempt + 1;
      claimed =
        db
          .prepare("UPDATE once_submissions SET state = 'running', attempt = ?, expires = ? WHERE key = ? AND state = 'released'")
          .run(attempt, now + KEEP_MS, key).changes === 1;
    }
    if (!claimed) {
      if (row?.state === "unknown") return outcomeUnknownAnswer(opening, checkAt);
      const recorded = row?.state === "done" ? unseal(row.answer) : null;
      if (recorded) return replay(recorded);
      // Running in a process that is gone (or kept too large to replay): the operator's answer
      // is unknown to us, so it is not sent again; the page shows where things stand.
      return backTo(opening, page, { key: "form_in_progress" });
    }
  } else {
    capKeys(owner);
  }

  let first: Response | undefined;
  const settle = (state: State, answer: string | null) =>
    db.prepare("UPDATE once_submissions SET state = ?, answer = ? WHERE key = ?").run(state, answer, key);
  const running = withMoneyScope(`${key.slice(0, 32)}-${attempt}`, async (scope: MoneyScope): Promise<Recorded> => {
    let response: Response;
    try {
      response = await run();
    } catch (thrown) {
      if (!(thrown instanceof Response)) {
        // A failure of ours after the money call left is still an outcome we do not know.
        if (scope.acted || scope.unknown) {
          settle("unknown", null);
          console.error("once: the action failed after its money call", thrown);
          return { status: 0, headers: [], body: "" };
        }
        db.prepare("DELETE FROM once_submissions WHERE key = ?").run(key);
        throw thrown;
      }
      response = thrown;
    }
    if (scope.unknown) {
      settle("unknown", null);
      return { status: 0, headers: [], body: "" };
    }
    first = response;
    // A refusal (4xx), or a failure before any money call left (5xx with nothing sent): retry-able.
    const released = (response.status >= 400 && response.status < 500) || (response.status >= 500 && scope.sent === 0);
    if (released) {
      settle("released", null);
      return record(response);
    }
    const recorded = await record(response);
    settle("done", recorded.body.length > MAX_RECORDED_BYTES ? null : seal(recorded));
    return recorded;
  });
  inFlight.set(key, running);
  const timer = setTimeout(() => inFlight.delete(key), WAIT_MS);
  try {
    const recorded = await running;
    if (recorded.status === 0) return outcomeUnknownAnswer(opening, checkAt);
    return first ?? replay(recorded);
  } finally {
    clearTimeout(timer);
    inFlight.delete(key);
  }
}

/** Keeps a session's keys within MAX_KEYS_PER_SESSION, dropping the oldest settled ones. */
function capKeys(owner: string): void {
  const db = table();
  const { n } = db.prepare("SELECT COUNT(*) AS n FROM once_submissions WHERE owner = ?").get(owner) as { n: number };
  if (n <= MAX_KEYS_PER_SESSION) return;
  db.prepare(
    `DELETE FROM once_submissions WHERE key IN (
       SELECT key FROM once_submissions WHERE owner = ? AND state IN ('done', 'released') ORDER BY created LIMIT ?)`,
  ).run(owner, n - MAX_KEYS_PER_SESSION);
}
