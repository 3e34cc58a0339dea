/**
 * The built portal (build/, made by `npm run build`, or by the global setup of the "built" vitest
 * project when missing or stale) served by the real HTTP server of server/app.ts against the
 * reference operator: for tests that must see what a browser sees — Remix's own request
 * handling, the Express layer, headers, status codes. A test file using it is listed in BUILT
 * of vitest.config.ts.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Server } from "node:http";
import type { ServerBuild } from "@remix-run/node";
import { createPortalApp, listen } from "../../server/app";
import type { ReferenceOperator } from "../../server/operator/index";
import { logInThroughForm } from "../../bench/html";
import { startPortalEnv } from "./portal";

export interface LivePortal {
  url: string;
  build: ServerBuild;
  operator: ReferenceOperator;
  close(): Promise<void>;
}

/** The server build; import it after startPortalEnv (its modules read the configuration then). */
export async function importBuild(): Promise<ServerBuild> {
  const buildFile = path.resolve("build/index.js");
  if (!existsSync(buildFile)) throw new Error("build/index.js is missing: list the test file in BUILT of vitest.config.ts");
  return (await import(pathToFileURL(buildFile).href)) as ServerBuild;
}

export async function startLivePortal(env: Record<string, string> = {}): Promise<LivePortal> {
  const operator = await startPortalEnv();
  Object.assign(process.env, env);
  const build = await importBuild();
  const app = createPortalApp({ build, publicDir: path.resolve("public") });
  const { server, url } = await listen(app, 0, "127.0.0.1");
  return {
    url,
    build,
    operator,
    close: async () => {
      await new Promise<void>((resolve) => (server as Server).close(() => resolve()));
      await operator.close();
    },
  };
}

/** Logs the jar in through the login page's own form, as a browser without scripts would; the redirect's status. */
export const logIn = logInThroughForm;
