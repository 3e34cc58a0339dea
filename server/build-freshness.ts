/**
 * Whether the portal's build is older than its sources (app/ and the locales): `npm start`
 * rebuilds then, and `npm run bench:scale` refuses to run (its portals would rebuild under it).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** The build's entry under `root`. */
export const buildFileOf = (root: string) => path.join(root, "build", "index.js");

/** True when build/index.js is missing or older than the newest file of app/ or public/locales/. */
export function buildIsStale(root: string): boolean {
  const buildFile = buildFileOf(root);
  if (!existsSync(buildFile)) return true;
  const sources = Math.max(newestMtime(path.join(root, "app")), newestMtime(path.join(root, "public", "locales")));
  return statSync(buildFile).mtimeMs < sources;
}
