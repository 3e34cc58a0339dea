/**
 * `npx tsx bench/ab.ts dirA dirB […]`: CPU per request of GET /login for builds that differ
 * in one change, measured so that a noisy machine hits all of them alike.
 *
 * Each project (a folder with a built Remix app; "." is the portal, "baseline" bench/baseline,
 * "dir@module.ts" serves it with another server module, see bench/profile.ts) runs in a child
 * process of its own (bench/serve.ts, NODE_ENV=production). The children take turns in short
 * batches, the order rotating every round, and each reports the CPU time its own process spent
 * on its batch. The result is the median (and mean) CPU ms per request over all rounds, and the
 * difference to the first project.
 *
 * AB_MODE=handler (default): the batch goes straight to Remix's request handler inside the
 * child: loaders, React rendering, the app; no HTTP, Express or compression, so a change of
 * app/ is seen without the rest around it. AB_MODE=http: autocannon from this process against
 * the child's Express server (compression, static files, the adapter) for a fixed number of
 * requests, for changes of server/app.ts.
 *
 * Knobs: AB_VISITOR (returning | new), AB_PATH (/login), AB_BATCH (200 requests), AB_ROUNDS (15),
 * AB_CONCURRENCY (4 for handler, 10 for http), AB_WARMUP (600 requests per project).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startReferenceOperator } from "../server/operator/index";
import { CookieJar } from "./html";
import { BASELINE, PORTAL, buildPaths, root, startServer, type BuildPaths, type ServerProcess, portalEnv } from "./servers";

const MODE = process.env.AB_MODE === "http" ? "http" : "handler";
const VISITOR = process.env.AB_VISITOR === "new" ? "new" : "returning";
const URL_PATH = process.env.AB_PATH ?? "/login";
const BATCH = Number(process.env.AB_BATCH ?? 200);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 15);
const CONCURRENCY = Number(process.env.AB_CONCURRENCY ?? (MODE === "http" ? 10 : 4));
const WARMUP = Number(process.env.AB_WARMUP ?? 600);

const projects: (BuildPaths & { app?: string })[] = process.argv.slice(2).map((arg) => {
  const [dir, app] = arg.split("@");
  const target =
    dir === "baseline" ? BASELINE : path.resolve(dir) === root ? PORTAL : buildPaths(path.basename(path.resolve(dir)), path.resolve(dir));
  return app ? { ...target, name: `${target.name}@${path.basename(app)}`, app: path.resolve(app) } : target;
});
if (projects.length < 1) {
  console.error("usage: npx tsx bench/ab.ts dirA [dirB …]   (see the comment at the top)");
  process.exit(2);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-ab-"));
const operator = await startReferenceOperator({ port: 0, dbPath: ":memory:", mode: "test", delayMs: 0 });
const env = portalEnv(operator, dataDir);
const servers: ServerProcess[] = [];

async function batch(server: ServerProcess, cookie: string, n: number): Promise<number> {
  if (MODE === "handler") return (await server.handlerBatch(URL_PATH, cookie, n, CONCURRENCY)).cpuMs;
  const cpu0 = await server.cpuMs();
  const r = await autocannon({
    url: `${server.url}${URL_PATH}`,
    connections: CONCURRENCY,
    amount: n,
    headers: { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) },
  });
  if (r.non2xx || r.errors) throw new Error(`${server.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return (await server.cpuMs()) - cpu0;
}

try {
  for (const project of projects) servers.push(await startServer(project, { ...env, BENCH_SERVER_APP: project.app }));
  const cookies = new Map<ServerProcess, string>();
  for (const server of servers) {
    const res = await fetch(`${server.url}${URL_PATH}`);
    await res.arrayBuffer();
    const jar = new CookieJar();
    jar.take(res.headers);
    cookies.set(server, VISITOR === "returning" ? jar.header() : "");
    await batch(server, cookies.get(server)!, WARMUP);
  }
  console.log(
    `${MODE} mode, GET ${URL_PATH} ${VISITOR} visitor, ${ROUNDS} rounds × ${BATCH} requests per project, ${CONCURRENCY} at a time; ${os.cpus().length} CPU(s), load ${os.loadavg()[0].toFixed(1)}`,
  );
  const perReq = new Map<ServerProcess, number[]>(servers.map((s) => [s, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = servers.map((_, i) => servers[(i + round) % servers.length]);
    for (const server of order) perReq.get(server)!.push((await batch(server, cookies.get(server)!, BATCH)) / BATCH);
    process.stdout.write(
      `round ${round + 1}/${ROUNDS}  ${servers.map((s) => `${s.name} ${perReq.get(s)!.at(-1)!.toFixed(3)}`).join("  ")}  (load ${os.loadavg()[0].toFixed(1)})\n`,
    );
  }
  const median = (xs: number[]) => {
    const v = [...xs].sort((a, b) => a - b);
    return v.length % 2 ? v[v.length >> 1] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  };
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const ref = median(perReq.get(servers[0])!);
  console.log(`\nCPU ms per request (the server process's own CPU time, all threads)`);
  for (const server of servers) {
    const xs = perReq.get(server)!;
    const m = median(xs);
    const diff =
      server === servers[0]
        ? "reference"
        : `${m >= ref ? "+" : ""}${(m - ref).toFixed(3)} ms (${m >= ref ? "+" : ""}${((100 * (m - ref)) / ref).toFixed(1)} %)`;
    console.log(
      `${server.name.padEnd(28)} median ${m.toFixed(3)}  mean ${mean(xs).toFixed(3)}  min ${Math.min(...xs).toFixed(3)}  ${diff}`,
    );
  }
} finally {
  await Promise.all(servers.map((s) => s.close()));
  await operator.close();
  rmSync(dataDir, { recursive: true, force: true });
}
