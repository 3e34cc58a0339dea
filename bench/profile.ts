/**
 * `npx tsx bench/profile.ts [projectDir …]`: where a server's CPU goes on GET /login.
 *
 * For each project (default: the portal, this repository; "baseline" names bench/baseline;
 * any other folder holding a built Remix app — e.g. a scratch copy with more routes) and each
 * visitor (new: no cookies; returning: the cookies of a first GET /login), in a child process
 * like `npm run bench`'s (NODE_ENV=production, server/app.ts): autocannon warm-up, a measured
 * run (req/s, CPU ms per request), and unless PROFILE=0 a run under V8's CPU profiler. The
 * profile is printed as self time per function, per package and the inclusive time of the
 * pieces named in the bench issue (route matching, static files, i18n, forms, React), and
 * kept as a .cpuprofile (open it in Chrome DevTools → Performance).
 *
 * An argument "dir@module.ts" serves that project with another module in place of
 * server/app.ts (same exports), to compare a change of the server stack in one run.
 * Several projects are measured in alternating rounds (PROFILE_ROUNDS, default 1), so that a
 * change in the route table can be compared on the same machine. The builds must exist
 * (`npm run build`, or BENCH_BUILD=1 here). Knobs: PROFILE_SECONDS (10), PROFILE_WARMUP_S (3),
 * BENCH_CONNECTIONS (50), PROFILE_DELAY_MS (0: the reference operator's delay per answer), PROFILE_PATH (/login; the portal's page), PROFILE_VISITORS (new,returning; player), PROFILE_INTERVAL_US (250), PROFILE_TOP (25).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startReferenceOperator } from "../server/operator/index";
import { CookieJar, findForm, formFields } from "./html";
import { BASELINE, PORTAL, buildPaths, remixBuild, root, startServer, type BuildPaths, type ServerProcess, portalEnv } from "./servers";

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const WARMUP_S = Number(process.env.PROFILE_WARMUP_S ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 1);
const PROFILE = process.env.PROFILE !== "0";
const INTERVAL_US = Number(process.env.PROFILE_INTERVAL_US ?? 250);
const TOP = Number(process.env.PROFILE_TOP ?? 25);
/** The portal's page to measure; the baseline has one page and always serves /login. */
const PAGE = process.env.PROFILE_PATH ?? "/login";
/** new: no cookies; returning: a first GET /login's cookies; player: player01 logged in (the baseline has no login: returning). */
const VISITORS = (process.env.PROFILE_VISITORS ?? "new,returning").split(",").map((v) => v.trim()) as ("new" | "returning" | "player")[];

/** "dir" or "dir@server-module.ts": a built project, optionally served by another server/app.ts. */
const projects: (BuildPaths & { app?: string })[] = (process.argv.slice(2).length ? process.argv.slice(2) : [root]).map((arg) => {
  const [dir, app] = arg.split("@");
  const target =
    dir === "baseline" ? BASELINE : path.resolve(dir) === root ? PORTAL : buildPaths(path.basename(path.resolve(dir)), path.resolve(dir));
  return app ? { ...target, name: `${target.name}@${path.basename(app)}`, app: path.resolve(app) } : target;
});
if (process.env.BENCH_BUILD === "1") for (const p of projects) remixBuild(p);

const outDir = path.join(os.tmpdir(), "portal-profiles");
mkdirSync(outDir, { recursive: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-profile-"));
const operator = await startReferenceOperator({
  port: 0,
  dbPath: ":memory:",
  mode: "test",
  delayMs: Number(process.env.PROFILE_DELAY_MS ?? 0),
});
const env = portalEnv(operator, dataDir);

const cannon = (url: string, headers: Record<string, string>, duration: number) =>
  autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers: { "accept-encoding": "gzip", ...headers },
    workers: 1,
  });

// ── .cpuprofile analysis ─────────────────────────────────────────────────────────────────

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** "…/node_modules/@remix-run/router/dist/router.cjs.js" → "@remix-run/router"; the app's bundle → "build (app)". */
function packageOf(url: string, fn: string): string {
  if (!url) return fn.startsWith("(") ? fn : "(native/V8)";
  if (url.startsWith("node:")) return "node: (core)";
  const at = url.lastIndexOf("node_modules/");
  if (at >= 0) {
    const [scope, name] = url.slice(at + "node_modules/".length).split("/");
    return scope.startsWith("@") ? `${scope}/${name}` : scope;
  }
  if (/\/build\/index\.js$/.test(url)) return "build/index.js (app + bundled deps)";
  return url.replace(/^file:\/\//, "").replace(`${root}/`, "");
}

/** Inclusive time of what the bench issue names, found by function name and package. */
const PIECES: {
  name: string;
  match: (f: CallFrame, pkg: string) => boolean;
}[] = [
  {
    name: "route matching: matchRoutes (all callers)",
    match: (f, p) => p === "@remix-run/router" && /^matchRoutes(Impl)?$/.test(f.functionName),
  },
  { name: "  flattenRoutes", match: (f) => f.functionName === "flattenRoutes" },
  {
    name: "  rankRouteBranches",
    match: (f) => f.functionName === "rankRouteBranches",
  },
  { name: "  computeScore", match: (f) => f.functionName === "computeScore" },
  {
    name: "  matchRouteBranch",
    match: (f) => f.functionName === "matchRouteBranch",
  },
  {
    name: "route trees per request: createServerRoutes / createStaticRouter",
    match: (f, p) => (p === "@remix-run/react" && f.functionName === "createServerRoutes") || f.functionName === "createStaticRouter",
  },
  {
    name: "getPartialManifest (lazy route discovery)",
    match: (f) => f.functionName === "getPartialManifest",
  },
  {
    name: "express.static (serve-static + send)",
    match: (_f, p) => p === "serve-static" || p === "send",
  },
  {
    name: "compression (middleware + zlib)",
    match: (f, p) => p === "compression" || (p === "node: (core)" && /zlib/.test(f.url)),
  },
  {
    name: "Remix request handler (everything under it)",
    match: (f, p) => p === "@remix-run/server-runtime" && f.functionName === "requestHandler",
  },
  {
    name: "  loaders (staticHandler.query)",
    match: (f, p) => p === "@remix-run/router" && f.functionName === "query",
  },
  {
    name: "  entry.server handleRequest",
    match: (f, p) => p.startsWith("build/") && f.functionName === "handleRequest",
  },
  {
    name: "  React rendering (react-dom/server)",
    match: (_f, p) => p === "react-dom",
  },
  {
    name: "  i18next (any)",
    match: (_f, p) => p === "i18next" || p === "react-i18next" || p === "remix-i18next",
  },
  { name: "  conform (any)", match: (_f, p) => p.startsWith("@conform-to/") },
  { name: "  zod (any)", match: (_f, p) => p === "zod" },
  {
    name: "  cookies (cookie parse/sign/unsign)",
    match: (f, p) =>
      p === "cookie" ||
      p === "cookie-signature" ||
      (/^(parse|serialize|sign|unsign)$/.test(f.functionName) && /server-runtime\/dist\/(cookies|crypto)/.test(f.url)),
  },
  {
    name: "  web crypto (HMAC for signed cookies)",
    match: (f) =>
      /webcrypto|crypto\/(hash|keys|util|mac)/.test(f.url) ||
      (/^(importKey|sign|verify)$/.test(f.functionName) && f.url.startsWith("node:internal/crypto")),
  },
  { name: "  better-sqlite3", match: (_f, p) => p === "better-sqlite3" },
  {
    name: "garbage collector",
    match: (f) => f.functionName === "(garbage collector)",
  },
];

function report(profile: CpuProfile, requests: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const time = new Map<number, number>(); // node id → µs of samples where it is the leaf
  profile.samples.forEach((id, i) => time.set(id, (time.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const idle = [...time].filter(([id]) => byId.get(id)!.callFrame.functionName === "(idle)").reduce((s, [, t]) => s + t, 0);
  const total = [...time.values()].reduce((s, t) => s + t, 0);
  const busy = total - idle;
  const share = (t: number) => `${((100 * t) / busy).toFixed(1).padStart(5)} %`;
  const perReq = (t: number) => `${(t / 1000 / requests).toFixed(3)} ms/req`;
  console.log(
    `samples: ${(total / 1e6).toFixed(1)} s, of which busy (not idle) ${(busy / 1e6).toFixed(1)} s; ${requests} requests; % of busy time`,
  );

  const self = new Map<string, number>();
  const selfPkg = new Map<string, number>();
  for (const [id, t] of time) {
    const f = byId.get(id)!.callFrame;
    if (f.functionName === "(idle)") continue;
    const pkg = packageOf(f.url, f.functionName);
    const key = `${f.functionName || "(anonymous)"}  ${pkg}${f.url ? `:${f.lineNumber + 1}` : ""}`;
    self.set(key, (self.get(key) ?? 0) + t);
    selfPkg.set(pkg, (selfPkg.get(pkg) ?? 0) + t);
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log(`\n-- self time by package`);
  for (const [k, t] of top(selfPkg, 18)) console.log(`${share(t)}  ${perReq(t)}  ${k}`);
  console.log(`\n-- self time by function (top ${TOP})`);
  for (const [k, t] of top(self, TOP)) console.log(`${share(t)}  ${perReq(t)}  ${k}`);

  // Inclusive: a sample counts once for each piece found anywhere on its stack.
  const inclusive = new Map<string, number>();
  const inclusivePkg = new Map<string, number>();
  const inclusiveApp = new Map<string, number>();
  for (const [leaf, t] of time) {
    if (byId.get(leaf)!.callFrame.functionName === "(idle)") continue;
    const pieces = new Set<string>();
    const pkgs = new Set<string>();
    const appFns = new Set<string>();
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id)!.callFrame;
      const pkg = packageOf(f.url, f.functionName);
      pkgs.add(pkg);
      if (pkg.startsWith("build/") && f.functionName) appFns.add(`${f.functionName}:${f.lineNumber + 1}`);
      for (const piece of PIECES) if (piece.match(f, pkg)) pieces.add(piece.name);
    }
    for (const p of pieces) inclusive.set(p, (inclusive.get(p) ?? 0) + t);
    for (const p of pkgs) inclusivePkg.set(p, (inclusivePkg.get(p) ?? 0) + t);
    for (const p of appFns) inclusiveApp.set(p, (inclusiveApp.get(p) ?? 0) + t);
  }
  console.log(`\n-- inclusive time (self + callees) of the pieces named in the issue`);
  for (const piece of PIECES)
    console.log(`${share(inclusive.get(piece.name) ?? 0)}  ${perReq(inclusive.get(piece.name) ?? 0)}  ${piece.name}`);
  console.log(`\n-- inclusive time by package (on the stack)`);
  for (const [k, t] of top(inclusivePkg, 16)) console.log(`${share(t)}  ${perReq(t)}  ${k}`);
  console.log(`\n-- inclusive time of the app's own functions (server build, name:line in build/index.js)`);
  for (const [k, t] of top(inclusiveApp, TOP)) console.log(`${share(t)}  ${perReq(t)}  ${k}`);
}

async function main() {
  const results: {
    project: string;
    visitor: string;
    reqPerS: number[];
    cpuPerReq: number[];
  }[] = [];
  const servers: ServerProcess[] = [];
  try {
    for (const project of projects) servers.push(await startServer(project, { ...env, BENCH_SERVER_APP: project.app }));
    const cookies = new Map<ServerProcess, string>();
    const playerCookies = new Map<ServerProcess, string>();
    for (const server of servers) {
      const res = await fetch(`${server.url}/login`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${server.name} GET /login → ${res.status}`);
      const jar = new CookieJar();
      jar.take(res.headers);
      cookies.set(server, jar.header());
      const form = findForm(await (await fetch(`${server.url}/login`, { headers: { Cookie: jar.header() } })).text(), (f) =>
        /\bname="password"/.test(f.inner),
      );
      if (form && VISITORS.includes("player") && server.name !== BASELINE.name) {
        const playerJar = new CookieJar();
        playerJar.take(res.headers);
        const post = await fetch(`${server.url}/login`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header(), Origin: server.url },
          body: new URLSearchParams(formFields(form.inner, { username: "player01", password: "Player123" })).toString(),
        });
        await post.arrayBuffer();
        playerJar.take(post.headers);
        if (post.status !== 303) throw new Error(`${server.name}: player01's login → ${post.status}`);
        playerCookies.set(server, playerJar.header());
      }
      console.log(
        `${server.name}: ${server.url}, ${Object.keys(server.assets.routes).length} routes; returning visitor's cookies: ${jar.names().join(", ") || "none"}`,
      );
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const server of round % 2 ? [...servers].reverse() : servers) {
        for (const visitor of VISITORS) {
          const jar =
            visitor === "player"
              ? (playerCookies.get(server) ?? cookies.get(server))
              : visitor === "returning"
                ? cookies.get(server)
                : undefined;
          const headers: Record<string, string> = jar ? { cookie: jar } : {};
          const page = server.name === BASELINE.name ? "/login" : PAGE;
          const url = `${server.url}${page}`;
          await cannon(url, headers, WARMUP_S);
          const cpu0 = await server.cpuMs();
          const r = await cannon(url, headers, SECONDS);
          const cpuPerReq = ((await server.cpuMs()) - cpu0) / r.requests.total;
          const reqPerS = r.requests.total / r.duration;
          let row = results.find((x) => x.project === server.name && x.visitor === visitor);
          if (!row)
            results.push(
              (row = {
                project: server.name,
                visitor,
                reqPerS: [],
                cpuPerReq: [],
              }),
            );
          row.reqPerS.push(reqPerS);
          row.cpuPerReq.push(cpuPerReq);
          console.log(
            `round ${round + 1}  ${server.name} GET ${page} ${visitor}: ${reqPerS.toFixed(0)} req/s, ${cpuPerReq.toFixed(2)} CPU ms/req, p50 ${r.latency.p50} ms`,
          );

          if (PROFILE && round === 0) {
            const file = path.join(outDir, `${server.name}-login-${visitor}-${Date.now()}.cpuprofile`);
            await server.profileStart(INTERVAL_US);
            const p = await cannon(url, headers, SECONDS);
            await server.profileStop(file);
            console.log(
              `\n=== profile: ${server.name} GET ${page} ${visitor} (${(p.requests.total / p.duration).toFixed(0)} req/s under the profiler) → ${file}`,
            );
            report(JSON.parse(readFileSync(file, "utf8")) as CpuProfile, p.requests.total);
          }
        }
      }
    }
    console.log(`\n=== summary (${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} round(s))`);
    const median = (xs: number[]) => {
      const v = [...xs].sort((a, b) => a - b);
      return v.length % 2 ? v[v.length >> 1] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    };
    for (const row of results) {
      console.log(
        `${row.project.padEnd(24)} ${row.visitor.padEnd(10)} median ${median(row.reqPerS).toFixed(0).padStart(5)} req/s (${row.reqPerS.map((x) => x.toFixed(0)).join(" / ")})  ` +
          `median ${median(row.cpuPerReq).toFixed(2)} CPU ms/req (${row.cpuPerReq.map((x) => x.toFixed(2)).join(" / ")})`,
      );
    }
  } finally {
    await Promise.all(servers.map((s) => s.close()));
    await operator.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
