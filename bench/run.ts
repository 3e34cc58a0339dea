/**
 * `npm run bench`: the portal against a bare Remix 2.17 app (bench/baseline/) on the same
 * machine in the same run, the client JavaScript of every route, and the portal's own targets.
 *
 *   1. builds the portal and the baseline (`remix build`, classic compiler; BENCH_BUILD=0 skips);
 *   2. the reference operator (in this process, in memory), then each server in a child process
 *      of its own (bench/serve.ts: server/app.ts's Express stack, NODE_ENV=production), so the
 *      CPU time of each server is its own and neither the operator nor autocannon is counted;
 *   3. the login page the way a browser without JavaScript uses it (plain form POST → 303),
 *      for the portal and for the baseline; this also gives the cookies of a returning visitor
 *      (what a first GET /login sets: device_id, csrf) and the player01 session used below;
 *   4. client JS per route from the build's assets manifest, gzipped, against the baseline's;
 *   5. load with autocannon, in BENCH_ROUNDS alternating rounds (the order reversed every
 *      round): the portal's pages of the ratio targets (GET /login new and returning, a guest's
 *      /, /lott, /electron?page=hot, /live?page=DGL, player01's / and /member), each beside a
 *      run of the baseline's GET /login; then the portal's other runs (BENCH_SIDE_DURATION_S),
 *      among them the same pages with the operator answering after BENCH_DELAY_MS, for the
 *      one-wave rules;
 *   6. the ratio portal / baseline of requests/s for each page of the rounds against its target
 *      (bench/targets.ts), with the CPU ms per view of both; client JS per route against the
 *      baseline's /login + 45 KiB.
 *
 * Exit code 1 when a target fails, 2 when the bench itself fails. Knobs (env): BENCH_DURATION_S
 * (6: a run of the rounds), BENCH_SIDE_DURATION_S (4, at most BENCH_DURATION_S: the other
 * runs), BENCH_WARMUP_S (2; a server's first run BENCH_FIRST_WARMUP_S, 10), BENCH_CONNECTIONS
 * (50), BENCH_ROUNDS (2), BENCH_DELAY_MS (50), BENCH_WORKERS (1: autocannon in a worker thread;
 * 0 = this thread), BENCH_BUILD (1).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import type { ReferenceOperator } from "../server/operator/index";
import { startReferenceOperator } from "../server/operator/index";
import { CookieJar, formFields, findForm, htmlAttr, pageAssets } from "./html";
import { BASELINE, PORTAL, remixBuild, startServer, type ServerProcess, portalEnv } from "./servers";
import { clientJs, FRAMEWORK_PACKAGES, type ClientJs } from "./client-js";
import { foldBytes } from "./fold";
import { RATIO_ALIGN_RIGHT, RATIO_HEADERS, ratioCells, ratioRows, routesOverJsBudget, table, type RatioCheck } from "./targets";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 6);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const FIRST_WARMUP_S = Math.max(WARMUP_S, Number(process.env.BENCH_FIRST_WARMUP_S ?? 10));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// Two rounds: every run once in each order, so that neither the portal nor the baseline is
// always the one measured later.
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const SIDE_DURATION_S = Number(process.env.BENCH_SIDE_DURATION_S ?? Math.min(4, DURATION_S));
const INJECTED_MS = Number(process.env.BENCH_DELAY_MS ?? 50);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const SEQUENTIAL_N = 20;
/** Issue 25's targets: the least share of the baseline's GET /login requests/s, per kind of page. */
const LOGIN_TARGET = 0.35;
const LOGIN_AIM = 0.5;
const GUEST_TARGET = 0.25;
const PLAYER_TARGET = 0.15;
/** No route's first view loads more JS than the baseline's /login plus this (gzip). */
const JS_BEYOND_BASELINE = 45 * 1024;
const HTML_CSS_BUDGET = 30 * 1024;
const USERNAME = "player01";
const PASSWORD = "Player123";
const NICKNAME = "Lucky Player";
/** The game pages the bench loads: the hot slot lobby and one live vendor's lobby (the reference operator's first). */
const GAME_PAGES: readonly (readonly [label: string, path: string])[] = [
  ["GET /electron?page=hot", "/electron?page=hot"],
  ["GET /live?page=DGL", "/live?page=DGL"],
];

/** The lottery's pages the bench loads as a guest: home with the quick bet and the lottery list, and the lottery lobby (issue 13). */
const LOTTERY_PAGES: readonly (readonly [label: string, path: string])[] = [
  ["GET / (quick bet, lottery list)", "/"],
  ["GET /lott", "/lott"],
];

/** The member centre's pages the bench loads as player01: the overview and the reward centre (issue 10), the points mall (issue 12). */
const MEMBER_PAGES: readonly (readonly [label: string, path: string])[] = [
  ["GET /member", "/member"],
  ["GET /member/rewardCenter", "/member/rewardCenter"],
  ["GET /member/pointMall", "/member/pointMall"],
];
/** The agent centre and the contract requests, as agent001 (issue 11). */
const AGENT_PAGES: readonly (readonly [label: string, path: string])[] = [
  ["GET /agent/agentTeamOverview", "/agent/agentTeamOverview"],
  ["GET /contracts", "/contracts"],
];

interface Target {
  name: string;
  pass: boolean;
  detail: string;
}
const targets: Target[] = [];
const target = (name: string, pass: boolean, detail: string) => targets.push({ name, pass, detail });

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const kb = (bytes: number) => `${bytes.toLocaleString("en-US")} B (${kib(bytes)} KiB)`;
const gz = (data: Buffer | string) => gzipSync(data).length;
const pct = (x: number) => `${(100 * x).toFixed(0)} %`;

// ── 1. builds ────────────────────────────────────────────────────────────────────────────

if (process.env.BENCH_BUILD !== "0") {
  for (const target of [PORTAL, BASELINE]) {
    process.stdout.write(`remix build ${target.name}… `);
    console.log(`${remixBuild(target).toFixed(1)} s`);
  }
}

// ── 2. operator, then one child process per server ───────────────────────────────────────

const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
const operator: ReferenceOperator = await startReferenceOperator({ port: 0, dbPath: ":memory:", mode: "test", delayMs: 0 });
const servers: ServerProcess[] = [];
let portal: ServerProcess;
let baseline: ServerProcess;

// ── the run ──────────────────────────────────────────────────────────────────────────────

interface LoadRun {
  key: string;
  server: ServerProcess;
  label: string;
  path: string;
  headers: Record<string, string>;
  delay: number;
  /** Measured for BENCH_SIDE_DURATION_S: a run outside the rounds (no ratio target reads it). */
  side?: boolean;
}
interface Measured {
  run: LoadRun;
  r: autocannon.Result;
  cpuMs: number;
  wallS: number;
  upstream: number;
  loadAvg: number;
}

async function main() {
  [portal, baseline] = await Promise.all([startServer(PORTAL, portalEnv(operator, dataDir)), startServer(BASELINE)]);
  servers.push(portal, baseline);
  console.log(
    `\nportal ${portal.url} (pid ${portal.pid})  baseline ${baseline.url} (pid ${baseline.pid})  operator ${operator.url} (this process)`,
  );
  console.log(
    `both servers: child processes, NODE_ENV=production, ${process.env.BENCH_SERVER_APP ?? "server/app.ts"}; ${os.cpus().length} CPU(s)\n` +
      `autocannon: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up (${FIRST_WARMUP_S} s before a server's first run) + ${DURATION_S} s measured per run, ${ROUNDS} round(s), ` +
      `${WORKERS > 0 ? `${WORKERS} worker thread(s)` : "this thread"}, Accept-Encoding: gzip\n`,
  );

  // 3. The login pages, their size, and the form flows without JavaScript.
  const page = await fetch(`${portal.url}/login`, { headers: { "Accept-Encoding": "gzip" } });
  if (page.status !== 200) throw new Error(`portal GET /login answered ${page.status}`);
  const html = await page.text();
  const jar = new CookieJar();
  jar.take(page.headers);
  const returning = jar.header();
  if (!returning) throw new Error("portal GET /login set no cookie");
  console.log(`returning visitor's cookies (after one GET /login): ${jar.names().join(", ")}`);

  const sizes = await measureSizes(portal.url, html);
  const cookie = await loginWithoutJs(html, jar);
  const agentCookie = await plainLogin("agent001", "Agent1234");
  await baselineWorksWithoutJs();

  // 4. Client JS per route.
  const portalJs = clientJs(PORTAL, portal.assets);
  const baselineJs = clientJs(BASELINE, baseline.assets);

  // 5. Load. The pages of the ratio targets in alternating rounds: each group is a page (or two)
  // of the portal with a run of the baseline's GET /login beside it, the whole order reversed
  // every round, so that a busy spell of the machine hits the portal and its baseline alike.
  const portalRun = (key: string, label: string, path: string, headers: Record<string, string>, delay = 0): LoadRun => ({
    key,
    server: portal,
    label,
    path,
    headers,
    delay,
  });
  const baselineRun = (key: string, label: string, headers: Record<string, string> = {}): LoadRun => ({
    key,
    server: baseline,
    label,
    path: "/login",
    headers,
    delay: 0,
  });
  const guest = (path: string) => portalRun(`portal ${path} guest @0`, `GET ${path} (guest)`, path, {});
  const groups: { baseline: LoadRun; pages: { run: LoadRun; target: number; aim?: number }[] }[] = [
    {
      baseline: baselineRun("baseline new", "GET /login new visitor"),
      pages: [{ run: portalRun("portal new", "GET /login new visitor", "/login", {}), target: LOGIN_TARGET, aim: LOGIN_AIM }],
    },
    {
      // The baseline sets no cookie: the same Cookie header as the portal's visitor, for the same request.
      baseline: baselineRun("baseline returning", "GET /login returning", { cookie: returning }),
      pages: [
        {
          run: portalRun("portal returning", "GET /login returning", "/login", { cookie: returning }),
          target: LOGIN_TARGET,
          aim: LOGIN_AIM,
        },
      ],
    },
    {
      baseline: baselineRun("baseline by / /lott", "GET /login, beside / and /lott"),
      pages: [guest("/"), guest("/lott")].map((run) => ({ run, target: GUEST_TARGET })),
    },
    {
      baseline: baselineRun("baseline by lobbies", "GET /login, beside the lobbies"),
      pages: [guest("/electron?page=hot"), guest("/live?page=DGL")].map((run) => ({ run, target: GUEST_TARGET })),
    },
    {
      baseline: baselineRun("baseline by player01", "GET /login, beside player01"),
      pages: [
        portalRun("portal home", "GET / (player01)", "/", { cookie }),
        portalRun("portal /member player01 @0", "GET /member (player01)", "/member", { cookie }),
      ].map((run) => ({ run, target: PLAYER_TARGET })),
    },
  ];
  // One page: page, baseline; two: page, baseline, page.
  const roundRuns = groups.flatMap(({ baseline, pages }) => [pages[0].run, baseline, ...pages.slice(1).map((p) => p.run)]);
  const measured: Measured[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const run of round % 2 ? [...roundRuns].reverse() : roundRuns) measured.push(await measure(run, `round ${round + 1}`));
  }
  // The portal's other runs, shorter. The one-wave rules compare a page at the injected delay
  // with the same page at 0 ms: from the rounds for the pages measured there, else the run
  // right before it, so that the two see the same machine.
  const side = (key: string, label: string, path: string, headers: Record<string, string>, delay = 0): LoadRun => ({
    ...portalRun(key, label, path, headers, delay),
    side: true,
  });
  const portalRuns: LoadRun[] = [
    // The heaviest guest page: settings, switches, register rules and a captcha per view.
    side("portal register", "GET /register?step=form", "/register?step=form", {}),
    side(`portal home @${INJECTED_MS}`, "GET / (player01)", "/", { cookie }, INJECTED_MS),
    // The lottery (issue 13): home as a guest draws the lottery list (shared, cached) beside the
    // quick bet (its issue and draws fresh on every view), and the lottery lobby.
    ...LOTTERY_PAGES.map(([label, path]) => side(`portal ${path} guest @${INJECTED_MS}`, `${label} (guest)`, path, {}, INJECTED_MS)),
  ];
  // Games (issue 9): the hot slot lobby and a vendor lobby, as a guest and as a player, with the
  // operator answering at once and after the injected delay (one wave: + one delay, not two).
  for (const [label, path] of GAME_PAGES) {
    for (const [who, headers] of [
      ["guest", {}],
      ["player01", { cookie }],
    ] as const) {
      // A guest's lobby at 0 ms is in the rounds.
      for (const delay of who === "guest" ? [INJECTED_MS] : [0, INJECTED_MS]) {
        portalRuns.push(side(`portal ${path} ${who} @${delay}`, `${label} (${who})`, path, headers, delay));
      }
    }
  }
  // The member centre (issue 10): a player's pages, at once and after the injected delay
  // (/member at 0 ms is in the rounds).
  for (const [label, path] of MEMBER_PAGES) {
    for (const delay of path === "/member" ? [INJECTED_MS] : [0, INJECTED_MS]) {
      portalRuns.push(side(`portal ${path} player01 @${delay}`, `${label} (player01)`, path, { cookie }, delay));
    }
  }
  for (const [label, path] of AGENT_PAGES) {
    for (const delay of [0, INJECTED_MS]) {
      portalRuns.push(side(`portal ${path} agent001 @${delay}`, `${label} (agent001)`, path, { cookie: agentCookie }, delay));
    }
  }
  for (const run of portalRuns) measured.push(await measure(run, ""));
  operator.setDelay(0);
  const fold = await foldBytes(GAME_PAGES.map(([, path]) => ({ url: `${portal.url}${path}` })));

  // Without load: one request at a time, so neither queueing for the CPU nor coalescing of
  // concurrent identical calls blurs what the latency of one page view is.
  const sequential = new Map<number, number>();
  // The member centre's pages one at a time too: under 50 connections of one player they queue
  // on that player's pool of upstream calls (6), which says nothing of one view's waves.
  const memberSequential = new Map<string, number>();
  for (const delay of [0, INJECTED_MS]) {
    operator.setDelay(delay);
    sequential.set(delay, median(await sequentialLatencies(`${portal.url}/`, { cookie }, SEQUENTIAL_N)));
    for (const [, path] of MEMBER_PAGES) {
      memberSequential.set(`${path} @${delay}`, median(await sequentialLatencies(`${portal.url}${path}`, { cookie }, SEQUENTIAL_N)));
    }
    for (const [, path] of AGENT_PAGES) {
      memberSequential.set(
        `${path} @${delay}`,
        median(await sequentialLatencies(`${portal.url}${path}`, { cookie: agentCookie }, SEQUENTIAL_N)),
      );
    }
  }
  // One traced GET / with the injected latency (settings/whitelabel cache warm by now).
  const trace = await traceOnePage(cookie);
  operator.setDelay(0);

  // The session survived the load (GET / still renders the player, not a guest page).
  const after = await fetch(`${portal.url}/`, { headers: { cookie } });
  const afterHtml = await after.text();
  target(
    "player session intact after load",
    after.status === 200 && afterHtml.includes(NICKNAME),
    `GET / → ${after.status}, nickname ${afterHtml.includes(NICKNAME) ? "shown" : "missing"}`,
  );

  // ── report ──
  const byKey = new Map<string, Measured[]>();
  for (const m of measured) byKey.set(m.run.key, [...(byKey.get(m.run.key) ?? []), m]);
  const sum = (ms: Measured[], f: (m: Measured) => number) => ms.reduce((s, m) => s + f(m), 0);
  const summary = (key: string) => {
    const ms = byKey.get(key)!;
    const requests = sum(ms, (m) => m.r.requests.total);
    return {
      run: ms[0].run,
      rounds: ms.map((m) => m.r.requests.total / m.r.duration),
      reqPerS: requests / sum(ms, (m) => m.r.duration),
      p50: sum(ms, (m) => m.r.latency.p50) / ms.length,
      p99: Math.max(...ms.map((m) => m.r.latency.p99)),
      cpuPerReq: sum(ms, (m) => m.cpuMs) / requests,
      cpuShare: sum(ms, (m) => m.cpuMs) / (1000 * sum(ms, (m) => m.wallS)),
      requests,
      non2xx: sum(ms, (m) => m.r.non2xx),
      errors: sum(ms, (m) => m.r.errors + m.r.timeouts),
      upstreamPerReq: sum(ms, (m) => m.upstream) / requests,
      loadAvg: Math.max(...ms.map((m) => m.loadAvg)),
    };
  };
  const summaries = [...byKey.keys()].map(summary);

  console.log(
    `\n== Load (${CONNECTIONS} connections, ${WARMUP_S} s warm-up, then ${DURATION_S} s measured per run of the rounds, ${SIDE_DURATION_S} s per other run) ==`,
  );
  console.log(
    table(
      [
        "server",
        "endpoint",
        "op. delay",
        "req/s",
        "by round",
        "p50 ms",
        "p99 ms",
        "CPU ms/req",
        "server CPU",
        "requests",
        "non-2xx",
        "errors",
        "upstream/req",
        "load 1m",
      ],
      summaries.map((s) => [
        s.run.server.name,
        s.run.label,
        `${s.run.delay} ms`,
        s.reqPerS.toFixed(0),
        s.rounds.map((x) => x.toFixed(0)).join(" / "),
        s.p50.toFixed(1),
        s.p99,
        s.cpuPerReq.toFixed(2),
        pct(s.cpuShare),
        s.requests,
        s.non2xx,
        s.errors,
        s.run.server === portal ? s.upstreamPerReq.toFixed(2) : "-",
        s.loadAvg.toFixed(1),
      ]),
      [false, false, true, true, true, true, true, true, true, true, true, true, true, true],
    ),
  );
  console.log(
    "req/s: all rounds' requests over all rounds' seconds; p50: mean of the rounds; p99: the worst round.\n" +
      "CPU ms/req: CPU time (user + system, all threads, gzip included) of the server's own process per response.\n" +
      "server CPU: that CPU time over wall time (100 % = one core busy the whole run).\n" +
      "upstream/req: operator requests per page (GET / needs memberInfo + balance; fewer under load because\n" +
      "identical in-flight GETs of the one session are coalesced). load 1m: os.loadavg() after the run, worst round.",
  );
  const worstLoad = Math.max(...summaries.map((s) => s.loadAvg));
  if (worstLoad > os.cpus().length + 2) {
    console.log(
      `NOTE: the machine was busy (load up to ${worstLoad.toFixed(1)} on ${os.cpus().length} CPUs): absolute figures are noisy; ` +
        "the portal/baseline ratios, measured alternately, are less so.",
    );
  }
  for (const s of summaries) {
    target(
      `no non-2xx/errors: ${s.run.server.name} ${s.run.label} @ ${s.run.delay} ms`,
      s.non2xx + s.errors === 0 && s.requests > 0,
      `${s.non2xx} non-2xx, ${s.errors} errors/timeouts in ${s.requests} requests`,
    );
  }

  console.log(`\n== Portal against the bare Remix baseline (same rounds; each page beside its own baseline runs) ==`);
  const checks: RatioCheck[] = groups.flatMap(({ baseline, pages }) =>
    pages.map(({ run, target, aim }) => ({
      label: run.label,
      portal: summary(run.key),
      baseline: summary(baseline.key),
      target,
      aim,
    })),
  );
  const rows = ratioRows(checks);
  console.log(table(RATIO_HEADERS, rows.map(ratioCells), RATIO_ALIGN_RIGHT));
  const routeCount = Object.keys(portal.assets.routes).length;
  console.log(
    "ratio: the portal's req/s over the baseline's GET /login req/s in the runs beside it (all rounds pooled);\n" +
      "CPU ms/view: the server process's CPU time per response; CPU ×: portal over baseline.\n" +
      `(the portal's full route table: ${routeCount} routes; the baseline: ${Object.keys(baseline.assets.routes).length})`,
  );
  for (const row of rows) {
    target(
      `${row.label}: portal ≥ ${row.target} of the baseline's req/s${row.aim === undefined ? "" : ` (aim ${row.aim})`}`,
      row.pass,
      `${row.portalReqPerS.toFixed(0)} / ${row.baselineReqPerS.toFixed(0)} req/s = ${row.ratio.toFixed(3)}; ` +
        `CPU ${row.portalCpuMs.toFixed(2)} vs ${row.baselineCpuMs.toFixed(2)} ms/view`,
    );
  }
  const baselineLogin = summary("baseline new");

  // One wave (root loader).
  const home = summary("portal home");
  const homeD = summary(`portal home @${INJECTED_MS}`);
  const limit = 1.5 * INJECTED_MS + home.p50;
  console.log(`\n== One wave (root loader) ==`);
  console.log(`under load: p50(/ @ ${INJECTED_MS} ms) = ${homeD.p50} ms  <  1.5 × ${INJECTED_MS} + p50(/ @ 0 ms) = ${limit} ms`);
  target(`one wave: p50 rule under load (${CONNECTIONS} connections)`, homeD.p50 < limit, `${homeD.p50} ms < ${limit} ms`);
  const seq = (d: number) => sequential.get(d)!;
  const seqLimit = 1.5 * INJECTED_MS + seq(0);
  console.log(
    `unloaded (${SEQUENTIAL_N} sequential GET /): p50 @ 0 ms = ${seq(0).toFixed(1)} ms, @ ${INJECTED_MS} ms = ${seq(INJECTED_MS).toFixed(1)} ms ` +
      `(+${(seq(INJECTED_MS) - seq(0)).toFixed(1)} ms; one wave ≈ +${INJECTED_MS}, a 2-call waterfall ≈ +${2 * INJECTED_MS})`,
  );
  target("one wave: unloaded rule", seq(INJECTED_MS) < seqLimit, `${seq(INJECTED_MS).toFixed(1)} ms < ${seqLimit.toFixed(1)} ms`);
  console.log(`trace: one GET / with ${INJECTED_MS} ms injected → ${trace.status}, ${trace.totalMs} ms`);

  /**
   * Pages measured at 0 ms and at the injected delay: throughput against the baseline's /login,
   * p50 both ways, upstream calls and CPU per page; each page's one-wave rule becomes a target.
   */
  const waveTable = (pages: { label: string; key: string }[]): string => {
    const rows = pages.map(({ label, key }) => {
      const at0 = summary(`${key} @0`);
      const atD = summary(`${key} @${INJECTED_MS}`);
      target(
        `one wave: ${label}`,
        atD.p50 < 1.5 * INJECTED_MS + at0.p50,
        `p50 ${atD.p50} ms @ ${INJECTED_MS} ms < ${(1.5 * INJECTED_MS + at0.p50).toFixed(1)} ms`,
      );
      return [
        label,
        at0.reqPerS.toFixed(0),
        pct(at0.reqPerS / baselineLogin.reqPerS),
        at0.p50.toFixed(1),
        atD.p50.toFixed(1),
        at0.upstreamPerReq.toFixed(2),
        at0.cpuPerReq.toFixed(2),
      ];
    });
    return table(["page", "req/s @0", "of baseline /login", "p50 @0 ms", `p50 @${INJECTED_MS} ms`, "upstream/req", "CPU ms/req"], rows, [
      false,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
  };
  console.log(`\n== Games: lobbies at 0 and ${INJECTED_MS} ms (one wave: the delayed p50 within 1.5 × delay of the undelayed) ==`);
  console.log(
    waveTable(
      GAME_PAGES.flatMap(([label, path]) =>
        ["guest", "player01"].map((who) => ({ label: `${label} (${who})`, key: `portal ${path} ${who}` })),
      ),
    ),
  );
  console.log(`\n== Lottery: a guest's pages at 0 and ${INJECTED_MS} ms (one wave; lists cached, issue and draws fresh) ==`);
  console.log(waveTable(LOTTERY_PAGES.map(([label, path]) => ({ label: `${label} (guest)`, key: `portal ${path} guest` }))));
  console.log(`\n== Member centre: a player's pages at 0 and ${INJECTED_MS} ms (one wave) ==`);
  console.log(waveTable(MEMBER_PAGES.map(([label, path]) => ({ label: `${label} (player01)`, key: `portal ${path} player01` }))));
  console.log(`\n== Agent centre and contract requests: agent001's pages at 0 and ${INJECTED_MS} ms (one wave) ==`);
  console.log(waveTable(AGENT_PAGES.map(([label, path]) => ({ label: `${label} (agent001)`, key: `portal ${path} agent001` }))));
  for (const [label, path] of [...MEMBER_PAGES, ...AGENT_PAGES]) {
    const at0 = memberSequential.get(`${path} @0`)!;
    const atD = memberSequential.get(`${path} @${INJECTED_MS}`)!;
    console.log(
      `unloaded (${SEQUENTIAL_N} sequential ${label}): p50 @ 0 ms = ${at0.toFixed(1)} ms, @ ${INJECTED_MS} ms = ${atD.toFixed(1)} ms`,
    );
    target(
      `one wave: ${label} unloaded`,
      atD < 1.5 * INJECTED_MS + at0,
      `${atD.toFixed(1)} ms < ${(1.5 * INJECTED_MS + at0).toFixed(1)} ms`,
    );
  }
  console.log(`\n== Games: bytes above the fold (1280×800, scripts off, over the wire) ==`);
  console.log(
    table(
      ["page", "HTML", "CSS", "images", "image files", "total"],
      fold.map((f) => [
        new URL(f.url).pathname + new URL(f.url).search,
        kib(f.html),
        kib(f.css),
        kib(f.images),
        f.imageCount,
        kib(f.html + f.css + f.images),
      ]),
      [false, true, true, true, true, true],
    ),
  );
  console.log("KiB; headers included; images are those a browser loads for the first screen (lazy tiles below it are not).");
  console.log(
    table(
      ["upstream call", "start ms", "end ms", "took ms"],
      trace.calls.map((c) => [`${c.method} ${c.path}${c.search}`, c.start, c.end, c.end - c.start]),
      [false, true, true, true],
    ),
  );
  const verdict =
    trace.calls.length === 0
      ? "no upstream calls"
      : trace.overlapped
        ? "overlapped: all started before the first ended"
        : "SEQUENTIAL (waterfall): a call started after another had ended";
  console.log(`→ ${trace.calls.length} call(s), ${verdict}`);
  target(
    "one wave: traced GET / overlaps",
    trace.status === 200 && trace.calls.length > 0 && trace.overlapped,
    `${trace.calls.length} call(s), ${verdict}`,
  );

  reportClientJs(portalJs, baselineJs, sizes);

  console.log(`\n== /login size (gzip, node:zlib default level) ==`);
  const cssGz = sizes.css.reduce((s, a) => s + a.gz, 0);
  console.log(
    table(
      ["resource", "raw B", "gzip B"],
      [["HTML /login", sizes.html.raw, sizes.html.gz], ...sizes.css.map((a) => [`CSS ${a.url}`, a.raw, a.gz])],
      [false, true, true],
    ),
  );
  console.log(`HTML + CSS gzip:  ${kb(sizes.html.gz + cssGz)} (budget < ${kb(HTML_CSS_BUDGET)})`);
  console.log(`JS gzip:          ${kb(sizes.jsGz)} in ${sizes.js.length} module(s), loaded after the page (see "Client JavaScript")`);
  console.log(
    noJsLoginVerified
      ? "JS needed for the login form to work: 0 bytes (verified: plain form POST → 303 → player page)"
      : "JS needed for the login form to work: NOT verified (see the login target)",
  );
  target("HTML + CSS gzip < 30 KiB", sizes.html.gz + cssGz < HTML_CSS_BUDGET, kb(sizes.html.gz + cssGz));
  target(
    "every asset of /login loads (200)",
    sizes.missing.length === 0,
    sizes.missing.length ? `missing: ${sizes.missing.join(", ")}` : `${sizes.css.length + sizes.js.length} assets`,
  );

  console.log(`\n== Targets ==`);
  for (const t of targets) console.log(`${t.pass ? "PASS" : "FAIL"}  ${t.name} — ${t.detail}`);
  console.log(targets.every((t) => t.pass) ? "\nALL PASS" : `\n${targets.filter((t) => !t.pass).length} FAIL`);
}

// ── load ─────────────────────────────────────────────────────────────────────────────────

const warmed = new Set<string>();

async function measure(run: LoadRun, tag: string): Promise<Measured> {
  operator.setDelay(run.delay);
  const title = `${run.server.name.padEnd(8)} ${run.label}${run.delay ? ` @ ${run.delay} ms` : ""}`;
  process.stdout.write(`${tag ? `${tag}  ` : ""}${title.padEnd(46)} warm-up… `);
  // A server's first run warms longer: the portal is still getting faster after 5 s of load
  // (JIT, heap growth), and the first run measured would pay for it.
  await cannon(run.server.url, run.path, run.headers, warmed.has(run.server.name) ? WARMUP_S : FIRST_WARMUP_S);
  warmed.add(run.server.name);
  operator.resetCalls();
  process.stdout.write("measuring… ");
  const cpu0 = await run.server.cpuMs();
  const t0 = performance.now();
  const r = await cannon(run.server.url, run.path, run.headers, run.side ? SIDE_DURATION_S : DURATION_S);
  const wallS = (performance.now() - t0) / 1000;
  const cpuMs = (await run.server.cpuMs()) - cpu0;
  const loadAvg = os.loadavg()[0];
  console.log(`${(r.requests.total / r.duration).toFixed(0)} req/s, ${(cpuMs / Math.max(1, r.requests.total)).toFixed(2)} CPU ms/req`);
  return { run, r, cpuMs, wallS, upstream: operator.calls.length, loadAvg };
}

function cannon(base: string, urlPath: string, headers: Record<string, string>, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${base}${urlPath}`,
    connections: CONNECTIONS,
    duration,
    headers: { "accept-encoding": "gzip", ...headers },
    ...(WORKERS > 0 ? { workers: WORKERS } : {}),
  });
}

function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

async function sequentialLatencies(url: string, headers: Record<string, string>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { "accept-encoding": "gzip", ...headers } });
    await res.arrayBuffer();
    out.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  }
  return out;
}

async function traceOnePage(cookie: string) {
  operator.resetCalls();
  const t0 = Date.now();
  const res = await fetch(`${portal.url}/`, { headers: { cookie } });
  await res.text();
  const totalMs = Date.now() - t0;
  const calls = operator.calls.map((c) => ({
    method: c.method,
    path: c.path,
    search: c.search,
    start: c.startedAt - t0,
    end: c.endedAt - t0,
  }));
  const firstEnd = Math.min(...calls.map((c) => c.end));
  const overlapped = calls.every((c) => c.start < firstEnd);
  return { status: res.status, totalMs, calls, overlapped };
}

// ── login without JavaScript ─────────────────────────────────────────────────────────────

let noJsLoginVerified = false;

/**
 * What a browser without JavaScript does: submit the login <form> as the HTML declares it
 * (method, action, every named input it contains), with the cookies GET /login set, and follow
 * the redirect. Answers the Cookie header of the resulting player session.
 */
async function loginWithoutJs(html: string, jar: CookieJar): Promise<string> {
  const base = portal.url;
  const form = findForm(html, (attrs) => /\bname="password"/.test(attrs.inner));
  if (!form) {
    target("login form works without JS", false, "no <form> with a password field in /login");
    throw new Error("no login form in /login");
  }
  const method = (htmlAttr(form.attrs, "method") ?? "get").toLowerCase();
  const action = new URL(htmlAttr(form.attrs, "action") ?? "/login", `${base}/login`);
  const fields = formFields(form.inner, { username: USERNAME, password: PASSWORD });
  const post = await fetch(action, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: jar.header(),
      Origin: base,
      Referer: `${base}/login`,
    },
    body: new URLSearchParams(fields).toString(),
  });
  await post.arrayBuffer();
  jar.take(post.headers);
  const location = post.headers.get("location");
  const ok303 = method === "post" && post.status === 303 && location !== null && new URL(location, base).pathname === "/";

  const home = await fetch(`${base}/`, { headers: { Cookie: jar.header() } });
  const homeHtml = await home.text();
  const showsPlayer = home.status === 200 && homeHtml.includes(NICKNAME);
  noJsLoginVerified = ok303 && showsPlayer;
  target(
    "login form works without JS (plain POST → 303 /)",
    noJsLoginVerified,
    `<form method="${method}" action="${action.pathname}"> fields [${fields.map(([k]) => k).join(", ")}] → ${post.status} ${location ?? ""}; GET / → ${home.status}, "${NICKNAME}" ${showsPlayer ? "shown" : "missing"}`,
  );
  if (!noJsLoginVerified) throw new Error(`login failed: POST ${action.pathname} → ${post.status} ${location ?? ""}`);
  if (!jar.has("__session")) throw new Error("no __session cookie after login");
  return jar.header();
}

/** A session of another demo account (a form post to /login; wherever it lands, e.g. its contract requests). */
async function plainLogin(username: string, password: string): Promise<string> {
  const jar = new CookieJar();
  const page = await fetch(`${portal.url}/login`);
  jar.take(page.headers);
  const form = findForm(await page.text(), (attrs) => /\bname="password"/.test(attrs.inner));
  if (!form) throw new Error("no login form in /login");
  const post = await fetch(`${portal.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: jar.header(),
      Origin: portal.url,
      Referer: `${portal.url}/login`,
    },
    body: new URLSearchParams(formFields(form.inner, { username, password })).toString(),
  });
  await post.arrayBuffer();
  jar.take(post.headers);
  if (post.status !== 303 || !jar.has("__session")) throw new Error(`login of ${username} answered ${post.status}`);
  return jar.header();
}

/** The baseline's page is what it claims to be: one form, 303 on a username, 400 without, no cookie. */
async function baselineWorksWithoutJs() {
  const base = baseline.url;
  const page = await fetch(`${base}/login`);
  const html = await page.text();
  const form = findForm(html, (f) => /\bname="username"/.test(f.inner));
  const post = async (username: string) => {
    const fields = form ? formFields(form.inner, { username }) : [["username", username]];
    const res = await fetch(`${base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    await res.arrayBuffer();
    return res.status;
  };
  const [good, empty] = [await post(USERNAME), await post("")];
  const cookies = page.headers.getSetCookie().length;
  target(
    "baseline: one-field form without JS (303 / 400), no cookies",
    page.status === 200 && form !== undefined && good === 303 && empty === 400 && cookies === 0,
    `GET /login → ${page.status}, ${cookies} Set-Cookie; POST username → ${good}; POST empty → ${empty}`,
  );
}

// ── sizes ────────────────────────────────────────────────────────────────────────────────

/** The HTML of /login, its stylesheets and the JS it names (modulepreload, inline module imports). */
async function measureSizes(base: string, loginHtml: string) {
  const assets = pageAssets(loginHtml);
  const missing: string[] = [];
  const get = async (href: string) => {
    const res = await fetch(new URL(href, `${base}/login`), { headers: { "Accept-Encoding": "identity" } });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) missing.push(`${href} (${res.status})`);
    return body;
  };
  const css: { url: string; raw: number; gz: number }[] = [];
  for (const href of assets.css) {
    const body = await get(href);
    css.push({ url: href, raw: body.length, gz: gz(body) });
  }
  const js: string[] = [];
  let jsGz = 0;
  for (const href of new Set(assets.js.map((j) => new URL(j.href, `${base}/login`).pathname))) {
    const body = await get(href);
    js.push(href);
    jsGz += gz(body);
  }
  return { html: { raw: Buffer.byteLength(loginHtml), gz: gz(loginHtml) }, css, js, jsGz, missing };
}

function reportClientJs(portalJs: ClientJs, baselineJs: ClientJs, sizes: { js: string[]; jsGz: number }) {
  const baseLogin = baselineJs.routes.find((r) => r.urlPath === "/login");
  const login = portalJs.routes.find((r) => r.urlPath === "/login");
  if (!baseLogin || !login) throw new Error("no /login route in a build's manifest");
  console.log(`\n== Client JavaScript per route (first page view; gzip KiB, each file once) ==`);
  console.log(
    table(
      ["route", "URL path", "files", "JS gzip", "every page", "route chain", "beyond baseline"],
      [
        ...portalJs.routes.map((r) => [
          r.id,
          r.urlPath,
          r.files.length,
          kib(r.gzip),
          kib(r.everyPageGzip),
          kib(r.gzip - r.everyPageGzip),
          `+${kib(r.gzip - baseLogin.gzip)}`,
        ]),
        [
          `baseline ${baseLogin.id}`,
          baseLogin.urlPath,
          baseLogin.files.length,
          kib(baseLogin.gzip),
          kib(baseLogin.everyPageGzip),
          kib(baseLogin.gzip - baseLogin.everyPageGzip),
          "0.0",
        ],
      ],
      [false, false, true, true, true, true, true],
    ),
  );
  console.log(
    "every page: the entry module and its imports (React, Remix, and whatever entry.client adds); route chain: root\n" +
      "and the route's modules with their imports, beyond those; beyond baseline: JS gzip minus the bare Remix app's /login.",
  );
  // Resource routes render no page, so no browser loads a first view's JS for them.
  const resources = new Set(portal.resourceRoutes);
  const pages = portalJs.routes.filter((r) => !resources.has(r.id));
  const over = routesOverJsBudget(pages, baseLogin.gzip, JS_BEYOND_BASELINE);
  const limit = `${kib(baseLogin.gzip)} + ${kib(JS_BEYOND_BASELINE)} = ${kib(baseLogin.gzip + JS_BEYOND_BASELINE)} KiB`;
  console.log(
    `budget: the baseline's /login + ${kib(JS_BEYOND_BASELINE)} KiB = ${kib(baseLogin.gzip + JS_BEYOND_BASELINE)} KiB gzip; ` +
      `${over.length} of ${pages.length} page routes above it (${resources.size} resource routes left out)`,
  );
  target(
    `client JS: no route above the baseline's /login + ${kib(JS_BEYOND_BASELINE)} KiB gzip`,
    over.length === 0,
    over.length === 0
      ? `heaviest ${kib(Math.max(...pages.map((r) => r.gzip)))} KiB ≤ ${limit}`
      : `${over.length} above ${limit}: ${over.map((r) => `${r.id.replace(/^routes\//, "")} ${kib(r.gzip)}`).join(", ")}`,
  );

  // /login by package: what the portal adds to React and Remix.
  const portalPkgs = portalJs.byPackage(login.files);
  const basePkgs = baselineJs.byPackage(baseLogin.files);
  const rows = [...portalPkgs].sort((a, b) => b[1].gzip - a[1].gzip);
  const framework = (name: string) => FRAMEWORK_PACKAGES.test(name);
  console.log(`\n/login by package (≈ gzip KiB: each file's gzip shared out by the bytes each input puts in it; esbuild metafile)`);
  console.log(
    table(
      ["package", "portal", "baseline", "group"],
      rows
        .filter(([, v]) => v.gzip >= 50)
        .map(([name, v]) => [
          name,
          kib(v.gzip),
          basePkgs.has(name) ? kib(basePkgs.get(name)!.gzip) : "-",
          framework(name) ? "React+Remix" : "beyond",
        ]),
      [false, true, true, false],
    ),
  );
  const total = (m: Map<string, { gzip: number }>, pick: (name: string) => boolean) =>
    [...m].filter(([name]) => pick(name)).reduce((s, [, v]) => s + v.gzip, 0);
  const beyondPkgs = total(portalPkgs, (n) => !framework(n));
  console.log(
    `portal /login: ${kib(login.gzip)} KiB gzip in ${login.files.length} files; bare Remix /login: ${kib(baseLogin.gzip)} KiB in ${baseLogin.files.length} files\n` +
      `beyond React and Remix: ${kib(login.gzip - baseLogin.gzip)} KiB (portal minus baseline); by package: ${kib(beyondPkgs)} KiB ` +
      `(app, i18n, forms, validation, esbuild glue), React+Remix packages ${kib(total(portalPkgs, framework))} KiB`,
  );
  const fromHtml = new Set(sizes.js);
  const same = fromHtml.size === login.files.length && login.files.every((f) => fromHtml.has(f));
  console.log(
    `cross-check: the JS /login's HTML names ${same ? "is" : "is NOT"} the manifest's set (${fromHtml.size} files, ${kib(sizes.jsGz)} KiB)`,
  );
}

// ── go ───────────────────────────────────────────────────────────────────────────────────

let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error("\nbench aborted:", error);
  exitCode = 2;
} finally {
  await Promise.all(servers.map((s) => s.close()));
  await operator.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = exitCode || (targets.every((t) => t.pass) ? 0 : 1);
