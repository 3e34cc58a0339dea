/**
 * `npm start`: builds the app when its build is missing or older than its sources, starts the
 * embedded reference operator unless OPERATOR_API_URL names a real one, then serves the portal
 * in production mode (React's production build), as remix-serve does. `npm run dev` (--dev)
 * serves the same build with React's development build and its warnings.
 *
 * WEB_CONCURRENCY=N (N > 1, with REDIS_URL) runs N worker processes on the one port (node:cluster):
 * this process builds, starts the embedded operator and keeps the workers running; each worker
 * serves the portal, sharing sessions, limits and one-time keys through Redis (decision 050).
 */
import cluster from "node:cluster";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { createPortalApp, listen } from "./app";
import { startBanner } from "./banner";
import { buildFileOf, buildIsStale } from "./build-freshness";
import { startReferenceOperator } from "./operator/index";
import { checkConfig, sessionSecrets, type PortalConfig } from "../app/server/config.server";

// Before the build is imported: react-dom picks its production or development build on load.
process.env.NODE_ENV ??= process.argv.includes("--dev") ? "development" : "production";

const root = path.resolve(import.meta.dirname ?? ".", "..");
const buildFile = buildFileOf(root);

function buildIfNeeded() {
  if (!buildIsStale(root)) return;
  console.log("Building the portal…");
  const result = spawnSync("npx", ["remix", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** A worker that dies is replaced after this long (not in a tight loop when it dies at once). */
const RESPAWN_MS = 1_000;

async function main() {
  if (cluster.isWorker) {
    // A worker whose primary is gone ends too, rather than serve on alone.
    process.on("disconnect", () => process.exit(0));
    return serve(JSON.parse(process.env.PORTAL_START_NOTE ?? "{}") as StartNote);
  }
  // Every variable checked before anything starts: a typo stops the launch with its name.
  const checked = checkConfig(process.env);
  if ("problems" in checked) {
    console.error(`The portal's configuration is invalid:\n  ${checked.problems.join("\n  ")}\nSee the README's configuration table.`);
    process.exit(1);
  }
  const config = checked.config;
  buildIfNeeded();
  const note = await startOperator(config);
  if (config.WEB_CONCURRENCY === 1) return serve(note);

  // The generated demo secret is made here, once, before the workers read it.
  sessionSecrets();
  let stopping = false;
  let ready = 0;
  const fork = () => cluster.fork({ PORTAL_START_NOTE: JSON.stringify(note) });
  cluster.on("listening", (_worker, address) => {
    // PORT=0: the workers share the one port the first of them was given.
    const url = note.url.replace(/:\d+$/, `:${address.port}`);
    if (++ready === config.WEB_CONCURRENCY)
      console.log(banner({ ...note, url }, `${config.WEB_CONCURRENCY} worker processes sharing ${redisHost(config)}`));
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    console.error(`worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    setTimeout(fork, RESPAWN_MS);
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill(signal);
      process.exit(0);
    });
  }
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) fork();
}

/** What the banner says about the operator; passed to the workers, which print nothing. */
interface StartNote {
  operatorNote: string;
  embeddedOperator: boolean;
  url: string;
}

function redisHost(config: PortalConfig): string {
  try {
    const { host } = new URL(config.REDIS_URL ?? "");
    return `Redis at ${host}`;
  } catch {
    return "Redis";
  }
}

async function startOperator(config: PortalConfig): Promise<StartNote> {
  const host = /^(0\.0\.0\.0|::|)$/.test(config.HOST) ? "localhost" : config.HOST;
  const url = `http://${host}:${config.PORT}`;
  if (config.OPERATOR_API_URL) return { operatorNote: `operator API: ${config.OPERATOR_API_URL}`, embeddedOperator: false, url };
  const operator = await startReferenceOperator({
    port: config.REFERENCE_OPERATOR_PORT,
    dbPath: path.join(path.resolve(config.DATA_DIR), "operator.db"),
    mode: "demo",
    delayMs: config.REFERENCE_OPERATOR_DELAY_MS,
    defaultLanguage: config.REFERENCE_OPERATOR_LANGUAGE,
    loginAttemptLimit: config.REFERENCE_OPERATOR_LOGIN_LIMIT,
    socialSignIn: config.REFERENCE_OPERATOR_SOCIAL || Boolean(config.FIREBASE_AUTH_EMULATOR_HOST),
    publicityPopups: !config.REFERENCE_OPERATOR_NO_PUBLICITY,
    // The speed test's domains: the portal itself on this machine (a host of 0.0.0.0 or :: listens there too).
    portalUrl: `http://${/^(0\.0\.0\.0|::|)$/.test(config.HOST) ? "127.0.0.1" : config.HOST}:${config.PORT}`,
    // A broker named for the portal (CI's RabbitMQ) is the operator's too: it publishes there
    // (decision 051); otherwise both use the operator's own broker.
    broker: config.OPERATOR_BROKER_URL
      ? {
          url: config.OPERATOR_BROKER_URL,
          login: config.OPERATOR_BROKER_LOGIN,
          passcode: config.OPERATOR_BROKER_PASSCODE,
          vhost: config.OPERATOR_BROKER_VHOST,
        }
      : undefined,
  });
  // The app reads its configuration from the environment once, on first use: after this. The
  // workers inherit this environment.
  process.env.OPERATOR_API_URL = operator.url;
  process.env.OPERATOR_RSA_PUBLIC_KEY = operator.publicKeyHex;
  if (!config.OPERATOR_BROKER_URL) process.env.OPERATOR_BROKER_URL = operator.brokerUrl;
  // An explicitly set MERCHANT_CODE picks one of the operator's merchants (demo2: another
  // brand); otherwise the operator's default merchant.
  if (!process.env.MERCHANT_CODE?.trim()) process.env.MERCHANT_CODE = operator.merchantCode;
  process.env.PORTAL_DEMO = "1";
  return {
    operatorNote: `embedded reference operator: ${operator.url} (captcha answers and SMS codes: ${operator.url}/__reference/codes?deviceId=… or ?mobile=…)`,
    embeddedOperator: true,
    url,
  };
}

function banner(note: StartNote, processes?: string): string {
  return startBanner({
    url: note.url,
    mode: process.env.NODE_ENV ?? "production",
    operatorNote: processes ? `${note.operatorNote}\n${processes}` : note.operatorNote,
    embeddedOperator: note.embeddedOperator,
    merchantCode: process.env.MERCHANT_CODE,
  });
}

/** Serves the portal in this process (the only one, or a worker). */
async function serve(note: StartNote) {
  const config = checkConfig(process.env);
  if ("problems" in config) throw new Error(config.problems.join("; "));
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const app = createPortalApp({
    build,
    publicDir: path.join(root, "public"),
    log: config.config.ACCESS_LOG,
    trustProxy: config.config.TRUST_PROXY,
  });
  // Behind a proxy every connection comes from the proxy: the cap per address would cap the site.
  const maxConnectionsPerClient = config.config.TRUST_PROXY > 0 ? 0 : undefined;
  const { url } = await listen(app, config.config.PORT, config.config.HOST, { maxConnectionsPerClient });
  if (cluster.isPrimary) console.log(banner({ ...note, url }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
