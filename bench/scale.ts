/**
 * `npm run bench:scale` (issue 27): what the state floor in Redis and node:cluster workers do to
 * requests/s and latency, on this machine, as `npm start` runs them.
 *
 *   1. the reference operator in this process (in memory, mode "test", as bench/run.ts);
 *   2. three portals, each `npx tsx server/start.ts` in a child process group of its own
 *      (NODE_ENV=production, pointed at that operator): 1 process without Redis (SQLite and
 *      memory), 1 process with REDIS_URL, 2 workers (WEB_CONCURRENCY=2) with REDIS_URL; each
 *      Redis portal has a key prefix of its own (bench-scale-<pid>:<config>:), deleted at the end;
 *   3. each is ready when GET /resources/healthcheck answers 200 naming the expected store (and,
 *      for the workers, when the launcher's banner says every worker listens); player01 logs in
 *      through the login form (plain POST, no JavaScript) on each;
 *   4. load with autocannon: GET /login as a new visitor (no cookies) and GET /member as player01,
 *      on each configuration, in BENCH_ROUNDS rounds, the order reversed every round; per run
 *      the CPU time of the portal's whole process group (/proc), the Redis commands the server
 *      counted (INFO: every client of that Redis, so a busy neighbour shows), and the CPU of this
 *      process (autocannon's worker thread and the operator), of the Redis server and of every
 *      other process of the machine (/proc/stat), which says how much the cores were shared;
 *   5. BENCH_SEQUENTIAL_N requests one at a time per page and configuration: one view's latency
 *      without queueing, and the Redis commands one view sends (under load, concurrent views of
 *      the one player's session may share a read);
 *   6. with the portals stopped: BENCH_REDIS_N sequential GETs (and SETs) of a value the size of
 *      player01's session in Redis, with ioredis, in µs: what one round trip costs a request.
 *
 * Figures, no targets: exit 0 when it ran, 2 when the bench itself failed. The build must be
 * current and stay the same through the starts (server/start.ts rebuilds a stale one, and the
 * configurations would then serve different builds; this refuses instead). Knobs (env):
 * BENCH_DURATION_S (6), BENCH_WARMUP_S (2; a portal's first run BENCH_FIRST_WARMUP_S, 10),
 * BENCH_CONNECTIONS (50), BENCH_ROUNDS (2), BENCH_WORKERS (1: autocannon in a worker thread),
 * BENCH_SEQUENTIAL_N (200), BENCH_REDIS_URL (redis://127.0.0.1:6379), BENCH_REDIS_N (10,000).
 * Ports 35100–35199.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { Redis } from "ioredis";
import { startReferenceOperator, type ReferenceOperator } from "../server/operator/index";
import { CookieJar, logInThroughForm } from "./html";
import { buildFileOf, buildIsStale } from "../server/build-freshness";
import { root } from "./servers";
import { table } from "./targets";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 6);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const FIRST_WARMUP_S = Math.max(WARMUP_S, Number(process.env.BENCH_FIRST_WARMUP_S ?? 10));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const REDIS_N = Number(process.env.BENCH_REDIS_N ?? 10_000);
const SEQUENTIAL_N = Number(process.env.BENCH_SEQUENTIAL_N ?? 200);
const PORT_RANGE = [35100, 35199] as const;
const PREFIX = `bench-scale-${process.pid}:`;
const USERNAME = "player01";
const PASSWORD = "Player123";
const READY_TIMEOUT_MS = 90_000;
const CLK_TCK = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;

interface Config {
  key: string;
  label: string;
  redis: boolean;
  workers: number;
}
const CONFIGS: readonly Config[] = [
  { key: "local", label: "1 process, no Redis", redis: false, workers: 1 },
  { key: "redis", label: "1 process, Redis", redis: true, workers: 1 },
  { key: "workers", label: "2 workers, Redis", redis: true, workers: 2 },
];

interface Page {
  key: string;
  label: string;
  path: string;
  player: boolean;
}
const PAGES: readonly Page[] = [
  { key: "login", label: "GET /login (new visitor)", path: "/login", player: false },
  { key: "member", label: "GET /member (player01)", path: "/member", player: true },
];

interface Portal {
  config: Config;
  url: string;
  /** The npx process: the leader of the process group every process of this portal is in. */
  pid: number;
  child: ChildProcess;
  exited: Promise<void>;
  dataDir: string;
  prefix: string;
  stdout: string[];
  stderr: string[];
  cookie: string;
  warmed: boolean;
}

interface Measured {
  round: number;
  config: Config;
  page: Page;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  cpuMsPerReq: number;
  redisPerReq: number;
  /** CPU as a share of one core: this process (autocannon's worker thread, the operator)… */
  benchCpu: number;
  /** …the portal's process group, the Redis server, and every other process of the machine. */
  portalCpu: number;
  redisCpu: number;
  otherCpu: number;
}

const portals: Portal[] = [];
let operator: ReferenceOperator | undefined;
let redis: Redis | undefined;

const fmt = (x: number, digits = 0) =>
  Number.isFinite(x) ? x.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }) : "-";
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ── the build, ports, processes ──────────────────────────────────────────────────────────

const buildFile = buildFileOf(root);
let buildSeen: string | undefined;

/**
 * server/start.ts's own test, before and after every portal starts: a stale build would be
 * rebuilt by the launcher, and the configurations would then serve different builds. The build
 * must stay the one the first portal served: a rebuild in the middle of a run (by anyone) stops it.
 */
function checkBuild(): string {
  if (buildIsStale(root)) {
    throw new Error(
      "build/index.js is missing or older than app/ or public/locales: run `npx remix build` first (server/start.ts would rebuild)",
    );
  }
  const { mtimeMs, size } = statSync(buildFile);
  const seen = `${new Date(mtimeMs).toISOString()}, ${size} B`;
  buildSeen ??= seen;
  if (seen !== buildSeen)
    throw new Error(`build/index.js changed during the run (${buildSeen} → ${seen}): the configurations would not serve one build`);
  return seen;
}

const taken = new Set<number>();

/** The first port of the range nobody listens on (and this run has not handed out). */
async function freePort(): Promise<number> {
  for (let port = PORT_RANGE[0]; port <= PORT_RANGE[1]; port++) {
    if (taken.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${PORT_RANGE.join("–")}`);
}

/** The processes of a process group, from /proc: [pid, user + system CPU ms]. */
function groupProcesses(pgid: number): [number, number][] {
  const out: [number, number][] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue;
    }
    // After "pid (comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== pgid || fields[0] === "Z") continue;
    out.push([Number(name), ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK]);
  }
  return out;
}
const groupCpuMs = (pgid: number) => groupProcesses(pgid).reduce((s, [, ms]) => s + ms, 0);

/** CPU ms the whole machine spent busy, every core (/proc/stat: all but idle and iowait). */
function machineBusyMs(): number {
  const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1, 9).map(Number);
  return ((ticks.reduce((s, t) => s + t, 0) - ticks[3] - ticks[4]) * 1000) / CLK_TCK;
}

function killGroup(pgid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // gone already
  }
}

async function startPortal(config: Config): Promise<Portal> {
  if (!operator) throw new Error("no operator");
  checkBuild();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-bench-scale-"));
  const prefix = `${PREFIX}${config.key}:`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Nothing of the caller's own portal configuration leaks into a configuration of the bench.
  for (const name of ["REDIS_URL", "REDIS_PREFIX", "WEB_CONCURRENCY", "PORTAL_DB", "PORTAL_DEMO", "TRUST_PROXY", "ACCESS_LOG"])
    delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: "127.0.0.1",
    OPERATOR_API_URL: operator.url,
    OPERATOR_RSA_PUBLIC_KEY: operator.publicKeyHex,
    MERCHANT_CODE: operator.merchantCode,
    SESSION_SECRET: "bench-scale-secret",
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    INSECURE_COOKIES: "1",
    LOGIN_RATE_LIMIT_PER_IP: "1000000",
    LOGIN_RATE_LIMIT_PER_USERNAME: "1000000",
    ...(config.redis ? { REDIS_URL, REDIS_PREFIX: prefix } : {}),
    ...(config.workers > 1 ? { WEB_CONCURRENCY: String(config.workers) } : {}),
  });
  // A process group of its own: npx, tsx, node and the cluster's workers all end with one signal.
  const child = spawn("npx", ["tsx", "server/start.ts"], { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  if (child.pid === undefined) throw new Error(`${config.label}: could not spawn npx`);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const portal: Portal = {
    config,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    child,
    exited,
    dataDir,
    prefix,
    stdout: [],
    stderr: [],
    cookie: "",
    warmed: false,
  };
  portals.push(portal);
  createInterface({ input: child.stdout! }).on("line", (line) => portal.stdout.push(line));
  createInterface({ input: child.stderr! }).on("line", (line) => {
    portal.stderr.push(line);
    console.error(`  [${config.label}] ${line}`);
  });
  await waitReady(portal);
  checkBuild();
  return portal;
}

const alive = (portal: Portal) => portal.child.exitCode === null && portal.child.signalCode === null;

async function waitReady(portal: Portal) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const kind = portal.config.redis ? "redis" : "sqlite";
  let last = "";
  while (Date.now() < deadline) {
    if (!alive(portal)) break;
    try {
      const res = await fetch(`${portal.url}/resources/healthcheck`, { signal: AbortSignal.timeout(2_000) });
      const body = (await res.json()) as { storeKind?: string };
      last = `${res.status} ${JSON.stringify(body)}`;
      // The launcher prints its banner once every worker listens.
      const allListening =
        portal.config.workers === 1 || portal.stdout.some((l) => l.includes(`${portal.config.workers} worker processes`));
      if (res.status === 200 && allListening) {
        if (body.storeKind !== kind) throw new Error(`${portal.config.label}: healthcheck names store ${body.storeKind}, expected ${kind}`);
        return;
      }
    } catch (error) {
      if (error instanceof Error && error.message.includes("healthcheck names")) throw error;
      last = String(error);
    }
    await sleep(250);
  }
  console.error(portal.stdout.concat(portal.stderr).join("\n"));
  throw new Error(`${portal.config.label}: not ready (${alive(portal) ? "timed out" : "exited"}; last healthcheck: ${last || "none"})`);
}

async function stopPortal(portal: Portal) {
  if (alive(portal)) killGroup(portal.pid, "SIGTERM");
  const deadline = Date.now() + 5_000;
  await Promise.race([portal.exited, sleep(5_000)]);
  // The workers too: whatever of the group is left after the leader.
  while (groupProcesses(portal.pid).length > 0 && Date.now() < deadline) await sleep(100);
  if (alive(portal) || groupProcesses(portal.pid).length > 0) killGroup(portal.pid, "SIGKILL");
  await Promise.race([portal.exited, sleep(2_000)]);
  rmSync(portal.dataDir, { recursive: true, force: true });
}

// ── player01's session, through the form ─────────────────────────────────────────────────

/** What a browser without JavaScript does: GET /login, post its form, keep the cookies. */
async function login(base: string): Promise<string> {
  const jar = new CookieJar();
  const status = await logInThroughForm(base, jar, USERNAME, PASSWORD);
  if (status !== 303 || !jar.has("__session")) throw new Error(`${base}: login of ${USERNAME} answered ${status}`);
  return jar.header();
}

/** One GET that must answer 200 (a /member that redirects would measure the redirect). */
async function expect200(url: string, cookie: string) {
  const res = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status} ${res.headers.get("location") ?? ""}`);
}

// ── load ─────────────────────────────────────────────────────────────────────────────────

function cannon(url: string, headers: Record<string, string>, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers: { "accept-encoding": "gzip", ...headers },
    ...(WORKERS > 0 ? { workers: WORKERS } : {}),
  });
}

/** The Redis server's commands processed so far and its CPU ms: every client's, not only the portal's. */
async function redisCounters(): Promise<{ commands: number; cpuMs: number }> {
  const info = await redis!.info();
  const read = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, "m").exec(info)?.[1] ?? NaN);
  return { commands: read("total_commands_processed"), cpuMs: 1000 * (read("used_cpu_user") + read("used_cpu_sys")) };
}

async function measure(portal: Portal, page: Page, round: number): Promise<Measured> {
  const { config } = portal;
  process.stdout.write(`round ${round}  ${config.label.padEnd(20)} ${page.label.padEnd(25)} warm-up… `);
  if (!alive(portal)) throw new Error(`${config.label}: the portal process exited`);
  const url = `${portal.url}${page.path}`;
  const headers: Record<string, string> = page.player ? { cookie: portal.cookie } : {};
  await expect200(url, headers.cookie ?? "");
  // A portal's first run warms longer (JIT, heap growth), as in bench/run.ts.
  await cannon(url, headers, portal.warmed ? WARMUP_S : FIRST_WARMUP_S);
  portal.warmed = true;
  process.stdout.write("measuring… ");
  const redis0 = await redisCounters();
  const cpu0 = groupCpuMs(portal.pid);
  const machine0 = machineBusyMs();
  const self0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await cannon(url, headers, DURATION_S);
  const wallMs = performance.now() - t0;
  const self = process.cpuUsage(self0);
  const machineMs = machineBusyMs() - machine0;
  const cpuMs = groupCpuMs(portal.pid) - cpu0;
  const redis1 = await redisCounters();
  // The first INFO is counted in the second's figure.
  const commands = redis1.commands - redis0.commands - 1;
  const redisMs = redis1.cpuMs - redis0.cpuMs;
  const selfMs = (self.user + self.system) / 1000;
  const total = Math.max(1, r.requests.total);
  const m: Measured = {
    round,
    config,
    page,
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    cpuMsPerReq: cpuMs / total,
    redisPerReq: commands / total,
    benchCpu: selfMs / wallMs,
    portalCpu: cpuMs / wallMs,
    redisCpu: redisMs / wallMs,
    otherCpu: Math.max(0, machineMs - cpuMs - selfMs - redisMs) / wallMs,
  };
  const bad = m.non2xx + m.errors + m.timeouts;
  console.log(
    `${fmt(m.rps)} req/s, p50 ${fmt(m.p50)} ms, p99 ${fmt(m.p99)} ms, ${fmt(m.cpuMsPerReq, 2)} CPU ms/req, ` +
      `${fmt(m.redisPerReq, 1)} Redis cmds/req; CPU % portal ${fmt(100 * m.portalCpu)}, bench ${fmt(100 * m.benchCpu)}, ` +
      `Redis ${fmt(100 * m.redisCpu)}, other ${fmt(100 * m.otherCpu)}${bad ? `, ${m.non2xx} non-2xx ${m.errors} errors ${m.timeouts} timeouts` : ""}`,
  );
  return m;
}

/**
 * n requests one at a time: the latency of one view without queueing, and the Redis commands
 * one view sends (under load, concurrent views of one session may share a read).
 */
async function oneAtATime(portal: Portal, page: Page, n: number) {
  const url = `${portal.url}${page.path}`;
  const headers: Record<string, string> = { "accept-encoding": "gzip", ...(page.player ? { cookie: portal.cookie } : {}) };
  const samples: bigint[] = [];
  const redis0 = await redisCounters();
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    const res = await fetch(url, { headers, redirect: "manual" });
    await res.arrayBuffer();
    samples.push(process.hrtime.bigint() - t0);
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  }
  const commands = (await redisCounters()).commands - redis0.commands - 1;
  const { p50, p99 } = percentiles(samples);
  return { p50: p50 / 1000, p99: p99 / 1000, redisPerReq: commands / n };
}

// ── one Redis round trip ─────────────────────────────────────────────────────────────────

function percentiles(samplesNs: bigint[]) {
  const us = samplesNs.map((ns) => Number(ns) / 1000).sort((a, b) => a - b);
  const at = (q: number) => us[Math.min(us.length - 1, Math.floor(q * us.length))];
  return { p50: at(0.5), p99: at(0.99), mean: mean(us) };
}

/** n sequential commands, each timed alone (µs), after n/10 unmeasured ones. */
async function timeSequential(n: number, command: () => Promise<unknown>) {
  for (let i = 0; i < Math.ceil(n / 10); i++) await command();
  const samples: bigint[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await command();
    samples.push(process.hrtime.bigint() - t0);
  }
  return percentiles(samples);
}

/** The largest session record under a prefix (bytes), or undefined when there is none. */
async function sessionSize(prefix: string): Promise<number | undefined> {
  const keys: string[] = [];
  for await (const batch of redis!.scanStream({ match: `${prefix}sessions:*`, count: 1000 }) as AsyncIterable<string[]>)
    keys.push(...batch);
  if (!keys.length) return undefined;
  const sizes = await Promise.all(keys.map((k) => redis!.strlen(k)));
  return Math.max(...sizes);
}

async function countKeys(prefix: string): Promise<number> {
  let n = 0;
  for await (const batch of redis!.scanStream({ match: `${prefix}*`, count: 1000 }) as AsyncIterable<string[]>) n += batch.length;
  return n;
}

async function deleteKeys(prefix: string): Promise<number> {
  if (!redis) return 0;
  let n = 0;
  for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 1000 }) as AsyncIterable<string[]>) {
    if (batch.length) n += await redis.unlink(...batch);
  }
  return n;
}

// ── the run ──────────────────────────────────────────────────────────────────────────────

async function main() {
  checkBuild();
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect();
  operator = await startReferenceOperator({ port: await freePort(), host: "127.0.0.1", dbPath: ":memory:", mode: "test", delayMs: 0 });

  const head = spawnSync("git", ["log", "-1", "--format=%h %cI"], { cwd: root, encoding: "utf8" }).stdout.trim();
  const dirty = spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: root, encoding: "utf8" }).stdout.trimEnd();
  const changes = dirty
    ? ` + uncommitted changes to ${dirty
        .split("\n")
        .map((l) => l.slice(3))
        .join(", ")}`
    : "";
  console.log(`commit ${head}${changes}; build/index.js ${checkBuild()}`);
  console.log(`operator ${operator.url} (this process); Redis ${REDIS_URL}, key prefix ${PREFIX}…; ${os.cpus().length} CPU(s)`);
  const started: Portal[] = [];
  for (const config of CONFIGS) {
    const t0 = performance.now();
    const portal = await startPortal(config);
    portal.cookie = await login(portal.url);
    await expect200(`${portal.url}/member`, portal.cookie);
    const group = groupProcesses(portal.pid).length;
    console.log(
      `${config.label.padEnd(20)} ${portal.url}  process group ${portal.pid} (${group} processes), ready and logged in after ${fmt((performance.now() - t0) / 1000, 1)} s`,
    );
    started.push(portal);
  }
  const redisPortal = started.find((p) => p.config.redis);
  const size = redisPortal ? await sessionSize(redisPortal.prefix) : undefined;
  console.log(
    `\nautocannon: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up (${FIRST_WARMUP_S} s before a portal's first run) + ${DURATION_S} s measured, ` +
      `${ROUNDS} round(s), ${WORKERS > 0 ? `${WORKERS} worker thread(s)` : "this thread"}, Accept-Encoding: gzip\n`,
  );

  const runs = started.flatMap((portal) => PAGES.map((page) => ({ portal, page })));
  const measured: Measured[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const { portal, page } of round % 2 ? runs : [...runs].reverse()) measured.push(await measure(portal, page, round));
  }

  const single = new Map<string, Awaited<ReturnType<typeof oneAtATime>>>();
  for (const { portal, page } of runs) single.set(`${portal.config.key} ${page.key}`, await oneAtATime(portal, page, SEQUENTIAL_N));

  const notes: string[] = [];
  for (const portal of started) {
    if (!alive(portal)) notes.push(`${portal.config.label}: the portal process exited during the run`);
    const restarts = portal.stderr.filter((l) => /^worker \d+ ended/.test(l));
    if (restarts.length) notes.push(`${portal.config.label}: ${restarts.length} worker(s) ended and were replaced: ${restarts.join("; ")}`);
    if (portal.stderr.length > restarts.length)
      notes.push(`${portal.config.label}: ${portal.stderr.length - restarts.length} line(s) on stderr (above)`);
    if (portal.config.redis)
      notes.push(`${portal.config.label}: ${fmt(await countKeys(portal.prefix))} Redis keys under ${portal.prefix} after the run`);
  }
  for (const portal of started) await stopPortal(portal);

  // With the portals stopped: one round trip of the adapter's session read, and of its write.
  const value = "s".repeat(size ?? 1024);
  const rttKey = `${PREFIX}rtt`;
  await redis.set(rttKey, value, "PX", 600_000);
  const get = await timeSequential(REDIS_N, () => redis!.get(rttKey));
  const set = await timeSequential(REDIS_N, () => redis!.set(rttKey, value, "PXAT", Date.now() + 600_000));

  // ── report ──
  const of = (config: Config, page: Page) => measured.filter((m) => m.config === config && m.page === page);
  const summary = (config: Config, page: Page) => {
    const ms = of(config, page);
    return {
      rps: mean(ms.map((m) => m.rps)),
      rounds: ms.map((m) => fmt(m.rps)).join(" / "),
      p50: mean(ms.map((m) => m.p50)),
      p99: mean(ms.map((m) => m.p99)),
      cpu: mean(ms.map((m) => m.cpuMsPerReq)),
      redis: mean(ms.map((m) => m.redisPerReq)),
      bench: mean(ms.map((m) => m.benchCpu)),
      portal: mean(ms.map((m) => m.portalCpu)),
      redisCpu: mean(ms.map((m) => m.redisCpu)),
      other: mean(ms.map((m) => m.otherCpu)),
      bad: ms.reduce((s, m) => s + m.non2xx + m.errors + m.timeouts, 0),
      total: ms.reduce((s, m) => s + m.total, 0),
    };
  };
  console.log(`\n== Scale-out: mean of ${ROUNDS} round(s), ${CONNECTIONS} connections, ${DURATION_S} s each ==`);
  console.log(
    table(
      [
        "configuration",
        "page",
        "req/s",
        "rounds",
        "p50 ms",
        "p99 ms",
        "server CPU ms/req",
        "Redis cmds/req",
        "CPU %: portal",
        "bench",
        "Redis",
        "other",
        "non-2xx+errors",
      ],
      CONFIGS.flatMap((config) =>
        PAGES.map((page) => {
          const s = summary(config, page);
          return [
            config.label,
            page.label,
            fmt(s.rps),
            s.rounds,
            fmt(s.p50),
            fmt(s.p99),
            fmt(s.cpu, 2),
            fmt(s.redis, 1),
            fmt(100 * s.portal),
            fmt(100 * s.bench),
            fmt(100 * s.redisCpu),
            fmt(100 * s.other),
            `${s.bad} of ${fmt(s.total)}`,
          ];
        }),
      ),
      [false, false, true, true, true, true, true, true, true, true, true, true, true],
    ),
  );
  console.log(
    "server CPU: the portal's whole process group (npx, tsx, node; the primary and both workers) per request. Redis cmds:\n" +
      "the Redis server's total_commands_processed over the run per request (every client of that Redis). CPU %: share of one\n" +
      `core (the machine has ${os.cpus().length * 100} %) of the portal's group, this process (autocannon's worker thread and the reference\n` +
      "operator), the Redis server, and every other process of the machine (/proc/stat busy minus those three).",
  );

  const [local, withRedis, workers] = CONFIGS;
  const ratio = (a: number, b: number) => fmt(a / b, 2);
  console.log(`\n== Ratios (of the means) ==`);
  console.log(
    table(
      ["page", "2 workers / 1 process (Redis): req/s", "p50", "p99", "Redis / no Redis (1 process): req/s", "p50", "p99", "CPU ms/req +"],
      PAGES.map((page) => {
        const [l, r, w] = [summary(local, page), summary(withRedis, page), summary(workers, page)];
        return [
          page.label,
          ratio(w.rps, r.rps),
          ratio(w.p50, r.p50),
          ratio(w.p99, r.p99),
          ratio(r.rps, l.rps),
          ratio(r.p50, l.p50),
          ratio(r.p99, l.p99),
          fmt(r.cpu - l.cpu, 2),
        ];
      }),
      [false, true, true, true, true, true, true, true],
    ),
  );
  console.log(`\n== One request at a time (${SEQUENTIAL_N} sequential requests after the rounds; no queueing) ==`);
  console.log(
    table(
      ["configuration", "page", "p50 ms", "p99 ms", "Redis cmds/req"],
      runs.map(({ portal, page }) => {
        const one = single.get(`${portal.config.key} ${page.key}`)!;
        return [portal.config.label, page.label, fmt(one.p50, 1), fmt(one.p99, 1), fmt(one.redisPerReq, 1)];
      }),
      [false, false, true, true, true],
    ),
  );
  const rttFrom = size === undefined ? "1,024 B (no session record found)" : `${fmt(size)} B, player01's session record`;
  console.log(`\n== One Redis round trip (ioredis, ${fmt(REDIS_N)} sequential commands, value ${rttFrom}, portals stopped) ==`);
  console.log(
    table(
      ["command", "p50 µs", "p99 µs", "mean µs"],
      [
        ["GET", fmt(get.p50), fmt(get.p99), fmt(get.mean)],
        ["SET … PXAT", fmt(set.p50), fmt(set.p99), fmt(set.mean)],
      ],
      [false, true, true, true],
    ),
  );
  for (const page of PAGES) {
    const one = single.get(`${withRedis.key} ${page.key}`)!;
    console.log(
      `${page.label}: ${fmt(one.redisPerReq, 1)} Redis commands a view (one at a time) ≈ ${fmt((one.redisPerReq * get.p50) / 1000, 2)} ms ` +
        `of round trips at the idle GET's p50, if none overlap`,
    );
  }
  if (notes.length) console.log(`\n${notes.join("\n")}`);
}

// ── go, and leave nothing behind ─────────────────────────────────────────────────────────

async function cleanUp() {
  await Promise.all(portals.map((p) => stopPortal(p).catch(() => undefined)));
  await operator?.close().catch(() => undefined);
  const deleted = await deleteKeys(PREFIX).catch(() => 0);
  if (deleted) console.log(`deleted ${fmt(deleted)} Redis keys under ${PREFIX}`);
  redis?.disconnect();
}

// Whatever happens, no portal outlives this process.
process.on("exit", () => {
  for (const p of portals) if (alive(p) || groupProcesses(p.pid).length) killGroup(p.pid, "SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the portals`);
    void cleanUp().finally(() => process.exit(130));
  });
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error("\nbench aborted:", error);
  exitCode = 2;
} finally {
  await cleanUp();
}
process.exit(exitCode);
