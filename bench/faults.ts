/**
 * What a failing operator costs a visitor (issue 8, decision 018): the production portal (a
 * child process, as in bench/run.ts) against (a) an operator that answers after 25 s, (b) a
 * refused port, and (c) the slow operator again with the settings cached, timed one request at
 * a time. Run after `npm run build`: `npm run bench:faults` (about 4 minutes).
 *
 * Each scenario starts with the operator well: a first GET /login gives the visitor its device
 * and CSRF cookies and the form (a failing page cannot hand them out). Then the operator fails
 * and the bench times a first /login, a second one right after, one with a language cookie and
 * a login post; once the circuit breaker's window has passed, a /login that sends the probe and
 * what follows it; then how long after the operator is well again a page loads.
 *
 * (a) and (b) run the portal with OPERATOR_CACHE_MS=0: every view asks the operator for its
 * settings, as the first visitor after the 3-minute cache expired would. (c) keeps the cache:
 * pages draw from it and the login call is the one that times out.
 *
 * Knobs: FAULTS_SLOW_MS (25000), FAULTS_WAIT_MS (the breaker's window + 500 ms),
 * FAULTS_ONLY=slow|refused|cached.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startReferenceOperator, type ReferenceOperator } from "../server/operator/index";
import { BREAKER_MS } from "../app/operator/client.server";
import { CookieJar, decodeEntities, findForm, formFields, htmlAttr } from "./html";
import { PORTAL, portalEnv, root, startServer, type ServerProcess } from "./servers";

const SLOW_MS = Number(process.env.FAULTS_SLOW_MS ?? 25_000);
const WAIT_MS = Number(process.env.FAULTS_WAIT_MS ?? BREAKER_MS + 500);
const ONLY = process.env.FAULTS_ONLY;
// The language cookie as remix-i18next's createCookie writes it: base64 of the JSON string.
const LANGUAGE_COOKIE = `lng=${encodeURIComponent(Buffer.from(JSON.stringify("EN")).toString("base64"))}`;
const USERNAME = "player01";
const PASSWORD = "Player123";

/** The catalogue's retry text in each language, as this build's locales word it. */
const RETRY_TEXTS = Object.fromEntries(
  ["CN", "TW", "JA", "EN", "TH", "VI"].map((lng) => {
    const common = JSON.parse(readFileSync(path.join(root, "public", "locales", lng, "common.json"), "utf8")) as Record<string, string>;
    return [lng, common["timeout, retry please"]];
  }),
);

interface Row {
  scenario: string;
  step: string;
  ms: number;
  status: number;
  note: string;
}
const rows: Row[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a page or form answer shows of the failure: the retry text (which language), the username kept, a password echoed. */
function shows(body: string): string {
  const text = decodeEntities(body);
  const retry = Object.entries(RETRY_TEXTS).find(([, words]) => text.includes(words));
  const notes = [retry ? `retry text (${retry[0]})` : /<form\b/.test(text) ? "the page" : "no retry text"];
  if (new RegExp(`value="${USERNAME}"`).test(text)) notes.push("username kept");
  if (text.includes(PASSWORD)) notes.push("PASSWORD ECHOED");
  return notes.join(", ");
}

interface Visitor {
  page(cookie?: string): () => Promise<Response>;
  post(cookie?: string): () => Promise<Response>;
}

async function timed(scenario: string, step: string, request: () => Promise<Response>) {
  const t0 = performance.now();
  const response = await request();
  const body = await response.text();
  const ms = performance.now() - t0;
  const row = { scenario, step, ms, status: response.status, note: shows(body) };
  rows.push(row);
  console.log(`  ${step.padEnd(46)} ${(ms / 1000).toFixed(2).padStart(7)} s  ${response.status}  ${row.note}`);
}

/**
 * One portal against one operator: `prepare` runs with the operator well, then `steps` (which
 * break and heal it). The operator is the bench's own reference operator, in this process.
 */
async function scenario(
  name: string,
  env: Record<string, string>,
  steps: (v: Visitor, operator: ReferenceOperator, t: (step: string, request: () => Promise<Response>) => Promise<void>) => Promise<void>,
) {
  console.log(`\n${name}`);
  const operator = await startReferenceOperator({ port: 0, dbPath: ":memory:", mode: "test" });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-faults-"));
  let portal: ServerProcess | undefined;
  try {
    portal = await startServer(PORTAL, { ...portalEnv(operator, dataDir), ...env });
    const base = portal.url;
    const jar = new CookieJar();
    const first = await fetch(`${base}/login`);
    jar.take(first.headers);
    const form = findForm(await first.text(), (f) => /\bname="password"/.test(f.inner));
    if (first.status !== 200 || !form) throw new Error(`GET /login with the operator well → ${first.status}`);
    const fields = formFields(form.inner, { username: USERNAME, password: PASSWORD });
    const action = new URL(htmlAttr(form.attrs, "action") ?? "/login", `${base}/login`);
    const visitor: Visitor = {
      page:
        (cookie = "") =>
        () =>
          fetch(`${base}/login`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" }),
      post:
        (cookie = "") =>
        () =>
          fetch(action, {
            method: "POST",
            redirect: "manual",
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              Cookie: [jar.header(), cookie].filter(Boolean).join("; "),
              Origin: base,
              Referer: `${base}/login`,
            },
            body: new URLSearchParams(fields).toString(),
          }),
    };
    await steps(visitor, operator, (step, request) => timed(name, step, request));
  } finally {
    await portal?.close();
    // A slow answer still being made would meet a closed database: let it finish first.
    const closing = performance.now();
    while (operator.calls.some((c) => c.endedAt === 0) && performance.now() - closing < SLOW_MS) await sleep(100);
    await operator.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The same steps for (a) and (b): break, time, wait out the window, probe, heal. */
function failingOperator(breakIt: (o: ReferenceOperator) => Promise<void>, heal: (o: ReferenceOperator) => Promise<void>) {
  return async (v: Visitor, operator: ReferenceOperator, t: (step: string, request: () => Promise<Response>) => Promise<void>) => {
    await breakIt(operator);
    await t("GET /login, first view (no cookies)", v.page());
    await t("GET /login, second view right after", v.page());
    await t("GET /login with a language cookie", v.page(LANGUAGE_COOKIE));
    await t("POST /login (language cookie)", v.post(LANGUAGE_COOKIE));
    await sleep(WAIT_MS);
    await t(`GET /login ${WAIT_MS} ms later (sends the probe)`, v.page(LANGUAGE_COOKIE));
    await t("GET /login right after", v.page(LANGUAGE_COOKIE));
    await t("POST /login right after", v.post(LANGUAGE_COOKIE));
    await sleep(WAIT_MS);
    await t(`POST /login ${WAIT_MS} ms later`, v.post(LANGUAGE_COOKIE));
    await heal(operator);
    await t(...(await recovery(v)));
    await t("GET /login, right after", v.page(LANGUAGE_COOKIE));
  };
}

/**
 * Once the operator is well: a view every 250 ms until one loads (a probe that went out while
 * the operator failed must time out first, and the window pass, before the next probe).
 */
async function recovery(v: Visitor): Promise<[string, () => Promise<Response>]> {
  const t0 = performance.now();
  let views = 0;
  let slowest = 0;
  for (;;) {
    const t1 = performance.now();
    const response = await v.page(LANGUAGE_COOKIE)();
    await response.arrayBuffer();
    views++;
    slowest = Math.max(slowest, performance.now() - t1);
    if (response.status === 200) break;
    await sleep(250);
  }
  const label = `operator well: a page loads ${((performance.now() - t0) / 1000).toFixed(1)} s later (${views - 1} views before, slowest ${(slowest / 1000).toFixed(2)} s); one more`;
  return [label, v.page(LANGUAGE_COOKIE)];
}

console.log(`portal build: ${PORTAL.buildFile} (\`npm run build\` first); breaker window ${BREAKER_MS} ms, waits ${WAIT_MS} ms`);

if (!ONLY || ONLY === "slow") {
  await scenario(
    `(a) operator answering after ${SLOW_MS / 1000} s`,
    { OPERATOR_CACHE_MS: "0" },
    failingOperator(
      async (operator) => operator.setDelay(SLOW_MS),
      async (operator) => operator.setDelay(0),
    ),
  );
}

if (!ONLY || ONLY === "refused") {
  // The portal keeps the operator's address: closing the operator leaves that port refusing
  // connections, and a new operator on the same port heals it.
  let port = 0;
  let revived: ReferenceOperator | undefined;
  try {
    await scenario(
      "(b) operator's port refusing connections",
      { OPERATOR_CACHE_MS: "0" },
      failingOperator(
        async (operator) => {
          port = Number(new URL(operator.url).port);
          await operator.close();
        },
        async () => {
          revived = await startReferenceOperator({ port, dbPath: ":memory:", mode: "test" });
        },
      ),
    );
  } finally {
    await revived?.close();
  }
}

if (!ONLY || ONLY === "cached") {
  await scenario(`(c) operator answering after ${SLOW_MS / 1000} s, settings cached`, {}, async (v, operator, t) => {
    operator.setDelay(SLOW_MS);
    await t("GET /login (from the cache)", v.page());
    await t("POST /login", v.post());
    await t("POST /login right after", v.post());
    await t("GET /login right after (from the cache)", v.page());
  });
}

console.log("\nscenario | step | seconds | status | what the visitor got");
for (const r of rows) console.log(`${r.scenario} | ${r.step} | ${(r.ms / 1000).toFixed(2)} | ${r.status} | ${r.note}`);
