/**
 * One server of the bench, in a process of its own (forked by bench/run.ts and
 * bench/profile.ts with IPC): a Remix build served by server/app.ts's createPortalApp, the
 * same Express stack for the portal and the baseline. The parent reads this process's CPU
 * time over IPC, so the load generator and the reference operator are never counted.
 *
 * env: BENCH_SERVER_BUILD (path of build/index.js), BENCH_SERVER_PUBLIC (public dir),
 * BENCH_SERVER_APP (optional: another module exporting createPortalApp and listen, to compare
 * a change of server/app.ts in one run), and whatever the build reads (NODE_ENV, OPERATOR_API_URL, …).
 *
 * Messages: → {type: "ready", url, assets, resourceRoutes, pid}; ← {type: "cpu", id} → {type: "cpu", id, user, system}
 * (microseconds, process.cpuUsage()); ← {type: "profile-start", id, intervalUs} and
 * ← {type: "profile-stop", id, file}: V8's CPU profiler (what node --cpu-prof uses) over just that
 * window, written as a .cpuprofile → {type: "done", id}; ← {type: "handler-batch", id, path,
 * cookie, n, concurrency}: n requests straight to the Remix request handler (no HTTP, no Express),
 * → {type: "cpu", id, user, system, wallMs} for just that batch; ← {type: "close"} → exits.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type * as PortalServer from "../server/app";

const send = (message: unknown) => process.send?.(message);

const buildFile = process.env.BENCH_SERVER_BUILD;
const publicDir = process.env.BENCH_SERVER_PUBLIC;
if (!buildFile || !publicDir || !process.send) {
  console.error("bench/serve.ts runs forked by bench/run.ts (BENCH_SERVER_BUILD, BENCH_SERVER_PUBLIC, IPC)");
  process.exit(2);
}

// Loaded here, not above: a module named by BENCH_SERVER_APP may set things up before the
// server's packages load (e.g. resolve a package to a patched copy).
const { createPortalApp, listen } = (await import(
  process.env.BENCH_SERVER_APP ? pathToFileURL(path.resolve(process.env.BENCH_SERVER_APP)).href : "../server/app"
)) as typeof PortalServer;
const { createRequestHandler } = await import("@remix-run/node");
const build = (await import(pathToFileURL(path.resolve(buildFile)).href)) as ServerBuild;
const app = createPortalApp({ build, publicDir: path.resolve(publicDir), log: false });
const { server, url } = await listen(app, 0, "127.0.0.1");

let inspector: Session | undefined;
const remix = createRequestHandler(build, "production");

/** n GET requests through the Remix handler, `concurrency` at a time; throws on a non-200. */
async function handlerBatch(urlPath: string, cookie: string, n: number, concurrency: number) {
  let left = n;
  const one = async () => {
    while (left-- > 0) {
      const res = await remix(new Request(`${url}${urlPath}`, { headers: cookie ? { cookie } : {} }), { clientIp: "127.0.0.1" });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${urlPath} → ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, one));
}

process.on("message", async (message: { type: string; id?: number; intervalUs?: number; file?: string }) => {
  if (message.type === "cpu") {
    const { user, system } = process.cpuUsage();
    send({ type: "cpu", id: message.id, user, system });
  } else if (message.type === "handler-batch") {
    const m = message as unknown as { id: number; path: string; cookie: string; n: number; concurrency: number };
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    try {
      await handlerBatch(m.path, m.cookie, m.n, m.concurrency);
      const { user, system } = process.cpuUsage(cpu0);
      send({ type: "cpu", id: m.id, user, system, wallMs: performance.now() - t0 });
    } catch (error) {
      send({ type: "error", id: m.id, error: String(error) });
    }
  } else if (message.type === "profile-start") {
    inspector ??= new Session();
    inspector.connect();
    await inspector.post("Profiler.enable");
    await inspector.post("Profiler.setSamplingInterval", { interval: message.intervalUs ?? 250 });
    await inspector.post("Profiler.start");
    send({ type: "done", id: message.id });
  } else if (message.type === "profile-stop" && inspector) {
    const { profile } = await inspector.post("Profiler.stop");
    await inspector.post("Profiler.disable");
    inspector.disconnect();
    writeFileSync(message.file!, JSON.stringify(profile));
    send({ type: "done", id: message.id });
  } else if (message.type === "close") {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
process.on("disconnect", () => process.exit(0));

// Routes without a default export answer data or files, never a page: no browser loads their JS.
const resourceRoutes = Object.values(build.routes)
  .filter((route) => !route.module.default)
  .map((route) => route.id);
send({ type: "ready", url, pid: process.pid, assets: build.assets, resourceRoutes });
