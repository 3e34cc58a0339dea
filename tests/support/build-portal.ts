/**
 * Global setup of the "built" vitest project (vitest.config.ts): builds the portal when build/ is
 * missing or older than what it is built from, so that its tests never serve a stale build and
 * need no `npm run build` before them. `npm test` builds first, and then this does nothing.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const BUILD = "build/index.js";
const SOURCES = ["app", "remix.config.js", "package-lock.json"];

/** The newest modification time under `entry` (a file or a folder), in ms. */
function newest(entry: string): number {
  const stat = statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((latest, name) => Math.max(latest, newest(path.join(entry, name))), stat.mtimeMs);
}

export default function setup(): void {
  const built = statSync(BUILD, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built > Math.max(...SOURCES.map(newest))) return;
  console.log(`${built ? `${BUILD} is older than app/` : `${BUILD} is missing`}: building the portal (npm run build)`);
  // The build `npm run build` makes, not one in vitest's NODE_ENV=test (Remix's test mode).
  execFileSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}
