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
 * state floor (the portal's SQLite file, or Redis: decision 050) for a day and at most
 * MAX_KEYS_PER_SESSION a session, so a reload after a restart still replays the answer. A key is
 * claimed atomically in the store, so of two posts sent to two processes one runs; the other
 * waits for its recorded outcome (told at once in this process, read from the store from another).
 */
import { redirect } from "@remix-run/node";
import { createHash, randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import { withMoneyScope, type MoneyScope } from "~/operator/idempotency.server";
import type { ActionOpening } from "~/server/action.server";
import { sessionSecrets } from "~/server/config.server";
import { forgetPlayer } from "~/server/state/memo.server";
import { state, StateUnavailable, type OnceRow, type OnceState } from "~/server/state/index.server";
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

/** A post in flight settled in this process: its waiters here get its answer at once, even one not kept. */
const settledHere = new EventEmitter().setMaxListeners(0);
/** How often a waiter in another process reads the store. */
const POLL_MS = 50;

let sweeper: ReturnType<typeof setInterval> | undefined;

function startSweeper() {
  sweeper ??= setInterval(() => void sweepOnceKeys().catch(() => undefined), SWEEP_MS);
  sweeper.unref?.();
}

/** Drops expired keys; on a timer, so that no post pays for it (Redis expires its own). */
export function sweepOnceKeys(now = Date.now()): Promise<number> {
  return state().once.sweep(now);
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
 * Waits for the attempt running under `key` (here or in another process) to settle: the answer
 * when it settled in this process, else the row as the store has it once it is no longer
 * running, or still running when WAIT_MS after it began has passed.
 */
async function settled(key: string, started: number): Promise<{ recorded: Recorded } | { row: OnceRow | null }> {
  let done: ((recorded: Recorded) => void) | undefined;
  const here = new Promise<Recorded>((resolve) => settledHere.once(key, (done = resolve)));
  try {
    for (;;) {
      const tick = new Promise<null>((resolve) => setTimeout(resolve, POLL_MS, null).unref?.());
      const recorded = await Promise.race([here, tick]);
      if (recorded) return { recorded };
      const row = await state().once.read(key);
      if (row?.state !== "running" || Date.now() - started > WAIT_MS) return { row };
    }
  } finally {
    settledHere.off(key, done!);
  }
}

/** What a post of a key that is not its to run answers, from the row as it stands. */
function answerOf(opening: Opening, page: string, checkAt: string, row: OnceRow | null): Promise<Response> | Response {
  if (row?.state === "unknown") return outcomeUnknownAnswer(opening, checkAt);
  const recorded = row?.state === "done" ? unseal(row.answer) : null;
  if (recorded) return replay(recorded);
  // Running in a process that is gone (or kept too large to replay): the operator's answer is
  // unknown to us, so it is not sent again; the page shows where things stand.
  return backTo(opening, page, { key: "form_in_progress" });
}

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
  const store = state().once;
  startSweeper();

  let claim = await store.claim(key, owner, Date.now(), KEEP_MS);
  if (!claim.claimed && claim.row?.state === "running") {
    const outcome = await settled(key, claim.row.started);
    if ("recorded" in outcome) {
      return outcome.recorded.status === 0 ? outcomeUnknownAnswer(opening, checkAt) : replay(outcome.recorded);
    }
    // Refused in another process: this post is the deliberate retry a released key allows.
    claim = outcome.row?.state === "released" ? await store.claim(key, owner, Date.now(), KEEP_MS) : { claimed: false, row: outcome.row };
  }
  if (!claim.claimed) return answerOf(opening, page, checkAt, claim.row);
  const { attempt } = claim;
  if (attempt === 1) await store.cap(owner, MAX_KEYS_PER_SESSION);

  let first: Response | undefined;
  const settle = (settledState: Exclude<OnceState, "running">, answer: string | null) => store.settle(key, settledState, answer);
  const running = withMoneyScope(`${key.slice(0, 32)}-${attempt}`, async (scope: MoneyScope): Promise<Recorded> => {
    let response: Response;
    try {
      response = await run();
    } catch (thrown) {
      if (!(thrown instanceof Response) || thrown instanceof StateUnavailable) {
        // A failure of ours after the money call left is still an outcome we do not know.
        if (scope.acted || scope.unknown) {
          await settle("unknown", null);
          console.error("once: the action failed after its money call", thrown);
          return { status: 0, headers: [], body: "" };
        }
        await store.drop(key);
        throw thrown;
      }
      response = thrown;
    }
    if (scope.unknown) {
      await settle("unknown", null);
      return { status: 0, headers: [], body: "" };
    }
    first = response;
    // A refusal (4xx), or a failure before any money call left (5xx with nothing sent): retry-able.
    const released = (response.status >= 400 && response.status < 500) || (response.status >= 500 && scope.sent === 0);
    if (released) {
      await settle("released", null);
      return record(response);
    }
    const recorded = await record(response);
    await settle("done", recorded.body.length > MAX_RECORDED_BYTES ? null : seal(recorded));
    return recorded;
  });
  const recorded = await running;
  settledHere.emit(key, recorded);
  if (recorded.status === 0) return outcomeUnknownAnswer(opening, checkAt);
  return first ?? replay(recorded);
}
