/**
 * One server of the bench, in a process of its own (forked by bench/run.ts and
 * bench/profile.ts with IPC): a Remix build served by server/app.ts's createPortalApp, the
 * same Express stack for the portal and the baseline. The parent reads this process's CPU
 * time over IPC, so the load generator and the reference operator are never counted.
 *
 * env: BENCH_SERVER_BUILD (path of build/index.js), BENCH_SERVER_PUBLIC (public dir), and
 * whatever the build itself reads (NODE_ENV, OPERATOR_API_URL, …).
 *
 * Messages: → {type: "ready", url, assets, pid}; ← {type: "cpu", id} → {type: "cpu", id, user, system}
 * (microseconds, process.cpuUsage()); ← {type: "close"} → exits (which writes a --cpu-prof profile).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { createPortalApp, listen } from "../server/app";

const send = (message: unknown) => process.send?.(message);

const buildFile = process.env.BENCH_SERVER_BUILD;
const publicDir = process.env.BENCH_SERVER_PUBLIC;
if (!buildFile || !publicDir || !process.send) {
  console.error("bench/serve.ts runs forked by bench/run.ts (BENCH_SERVER_BUILD, BENCH_SERVER_PUBLIC, IPC)");
  process.exit(2);
}

const build = (await import(pathToFileURL(path.resolve(buildFile)).href)) as ServerBuild;
const app = createPortalApp({ build, publicDir: path.resolve(publicDir), log: false });
const { server, url } = await listen(app, 0, "127.0.0.1");

process.on("message", (message: { type: string; id?: number }) => {
  if (message.type === "cpu") {
    const { user, system } = process.cpuUsage();
    send({ type: "cpu", id: message.id, user, system });
  } else if (message.type === "close") {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
process.on("disconnect", () => process.exit(0));

send({ type: "ready", url, pid: process.pid, assets: build.assets });
