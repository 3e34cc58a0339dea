/**
 * Servers of the bench, each in a child process of its own (bench/serve.ts), and the
 * builds they serve: the portal (the repository's build/) and the bare Remix baseline
 * (bench/baseline/). Shared by bench/run.ts and bench/profile.ts.
 */
import { fork, spawnSync } from "node:child_process";
import path from "node:path";
import { randomBytes } from "node:crypto";

export const root = path.resolve(import.meta.dirname ?? ".", "..");
export const baselineDir = path.join(root, "bench", "baseline");

export interface BuildPaths {
  name: string;
  /** Folder the Remix compiler runs on (its remix.config.js). */
  projectDir: string;
  buildFile: string;
  publicDir: string;
  metafile: string;
}

export const buildPaths = (name: string, projectDir: string): BuildPaths => ({
  name,
  projectDir,
  buildFile: path.join(projectDir, "build", "index.js"),
  publicDir: path.join(projectDir, "public"),
  metafile: path.join(projectDir, "build", "metafile.js.json"),
});
export const PORTAL = buildPaths("portal", root);

/** The environment of a portal child process pointed at the bench's reference operator (a demo: no limits in the way). */
export function portalEnv(operator: { url: string; publicKeyHex: string; merchantCode: string }, dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    LOGIN_RATE_LIMIT_PER_IP: "1000000",
    LOGIN_RATE_LIMIT_PER_USERNAME: "1000000",
    ACCESS_LOG: "0",
    SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString("hex"),
    OPERATOR_API_URL: operator.url,
    OPERATOR_RSA_PUBLIC_KEY: operator.publicKeyHex,
    MERCHANT_CODE: operator.merchantCode,
    PORTAL_DEMO: "1",
  };
}
export const BASELINE = buildPaths("baseline", baselineDir);

/**
 * `remix build` of one project (classic compiler, NODE_ENV=production). The compiler's output
 * is printed only when it fails: esbuild's service sometimes prints a goroutine dump on exit
 * although the build succeeded.
 */
export function remixBuild(target: BuildPaths): number {
  const t0 = performance.now();
  const args = ["remix", "build", ...(target.projectDir === root ? [] : [path.relative(root, target.projectDir)])];
  const result = spawnSync("npx", args, {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    throw new Error(`npx ${args.join(" ")} failed (${result.status ?? result.signal})`);
  }
  return (performance.now() - t0) / 1000;
}

/** The parts of a build's assets manifest (build/index.js exports it as `assets`) the bench reads. */
export interface AssetsManifest {
  version: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] }>;
}

export interface ServerProcess {
  name: string;
  url: string;
  pid: number;
  assets: AssetsManifest;
  /** Ids of the routes without a default export (resource routes: no page, no client JS of their own). */
  resourceRoutes: string[];
  /** CPU time (user + system, all threads) of the server process so far, in ms. */
  cpuMs(): Promise<number>;
  /** n requests straight to the Remix handler inside the server process: its CPU ms and wall ms for them. */
  handlerBatch(path: string, cookie: string, n: number, concurrency: number): Promise<{ cpuMs: number; wallMs: number }>;
  /** V8's CPU profiler in the server process, from now… */
  profileStart(intervalUs?: number): Promise<void>;
  /** …until now, written to `file` (.cpuprofile, readable by Chrome DevTools). */
  profileStop(file: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Forks bench/serve.ts on a build with NODE_ENV=production and the given environment;
 * `nodeArgs` go to node (e.g. --cpu-prof).
 */
export function startServer(
  target: BuildPaths,
  env: Record<string, string | undefined> = {},
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const child = fork(path.join(root, "bench", "serve.ts"), [], {
    cwd: root,
    execArgv: [...nodeArgs, "--import", "tsx"],
    env: {
      ...process.env,
      ...env,
      NODE_ENV: "production",
      BENCH_SERVER_BUILD: target.buildFile,
      BENCH_SERVER_PUBLIC: target.publicDir,
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let nextId = 0;
  type Reply = { user?: number; system?: number; wallMs?: number; error?: string };
  const pending = new Map<number, (reply: Reply) => void>();
  const ask = <T>(message: Record<string, unknown>, answer: (reply: Reply) => T) =>
    new Promise<T>((done, fail) => {
      const id = nextId++;
      pending.set(id, (reply) => (reply.error ? fail(new Error(`${target.name}: ${reply.error}`)) : done(answer(reply))));
      child.send({ ...message, id });
    });
  child.once("exit", (code) => {
    for (const answer of pending.values()) answer({ error: `server process exited (${code})` });
    pending.clear();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  return new Promise((resolve, reject) => {
    const failed = (code: number | null) => reject(new Error(`${target.name} server exited (${code}) before it was ready`));
    child.once("exit", failed);
    child.once("error", reject);
    child.on(
      "message",
      (message: {
        type: string;
        id?: number;
        user?: number;
        system?: number;
        wallMs?: number;
        error?: string;
        url?: string;
        pid?: number;
        assets?: AssetsManifest;
        resourceRoutes?: string[];
      }) => {
        if (message.type === "cpu" || message.type === "done" || message.type === "error") {
          pending.get(message.id!)?.(message);
          pending.delete(message.id!);
        } else if (message.type === "ready") {
          child.off("exit", failed);
          resolve({
            name: target.name,
            url: message.url!,
            pid: message.pid!,
            assets: message.assets!,
            resourceRoutes: message.resourceRoutes ?? [],
            cpuMs: () => ask({ type: "cpu" }, (r) => ((r.user ?? 0) + (r.system ?? 0)) / 1000),
            handlerBatch: (path: string, cookie: string, n: number, concurrency: number) =>
              ask({ type: "handler-batch", path, cookie, n, concurrency }, (r) => ({
                cpuMs: ((r.user ?? 0) + (r.system ?? 0)) / 1000,
                wallMs: r.wallMs ?? 0,
              })),
            profileStart: (intervalUs = 250) => ask({ type: "profile-start", intervalUs }, () => undefined),
            profileStop: (file: string) => ask({ type: "profile-stop", file }, () => undefined),
            close: async () => {
              if (child.exitCode === null && child.signalCode === null) child.send({ type: "close" });
              const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
              await exited;
              clearTimeout(timer);
            },
          });
        }
      },
    );
  });
}
