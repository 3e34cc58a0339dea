/**
 * `@remix-run/dev/server-build` under vitest (vitest.config.ts aliases it here): the Remix
 * compiler provides that module only inside a build, so the route table is read the way the
 * compiler reads it (remix.config.js through readConfig) and each route module imported.
 */
import path from "node:path";
import { readConfig } from "@remix-run/dev/dist/config.js";
import type { ServerBuild } from "@remix-run/node";

const config = await readConfig(path.resolve(import.meta.dirname, "../.."));

export const routes: ServerBuild["routes"] = Object.fromEntries(
  await Promise.all(
    Object.values(config.routes).map(async (route) => [
      route.id,
      { ...route, module: await import(/* @vite-ignore */ path.join(config.appDirectory, route.file)) },
    ]),
  ),
);
