/**
 * `npx tsx bench/route-growth.ts [extra routes …, default 60]`: does GET /login slow down as
 * the route table grows? (Several counts: one scratch copy each, all measured together.) Copies the portal (app/, public/ without build, the configs) into a
 * scratch folder under the system temp dir, adds that many dummy route modules (plain pages,
 * pages with a dynamic segment, and children of a layout, each with a loader), builds it, and
 * hands both builds to bench/ab.ts (CPU per request in alternating short batches;
 * AB_MODE=http by default here, AB_MODE=handler for the Remix handler alone; its other knobs
 * apply), or with GROWTH_TOOL=profile to bench/profile.ts (load runs and CPU profiles).
 * Nothing it generates is inside the repository; the scratch folder is removed afterwards
 * unless KEEP_SCRATCH=1.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildPaths, remixBuild, root } from "./servers";

const counts = process.argv.slice(2).length ? process.argv.slice(2).map(Number) : [60];
const scratches: string[] = [];

/** A copy of the portal with `extra` more route modules, built; answers its folder. */
function scratchWithRoutes(extra: number): string {
  const scratch = mkdtempSync(path.join(os.tmpdir(), `portal+${extra}-routes-`));
  scratches.push(scratch);
  for (const item of ["app", "remix.config.js", "tsconfig.json", "package.json", "remix.env.d.ts"]) {
    cpSync(path.join(root, item), path.join(scratch, item), { recursive: true });
  }
  cpSync(path.join(root, "public"), path.join(scratch, "public"), {
    recursive: true,
    filter: (src) => !src.startsWith(path.join(root, "public", "build")),
  });
  symlinkSync(path.join(root, "node_modules"), path.join(scratch, "node_modules"));

  const routes = path.join(scratch, "app", "routes");
  mkdirSync(routes, { recursive: true });
  const page = (name: string, title: string) => `import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

export async function loader({ params }: LoaderFunctionArgs) {
  return json({ title: ${JSON.stringify(title)}, params });
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  return <main className="site-main"><h1>{data.title}</h1><pre>{JSON.stringify(data.params)}</pre></main>;
}
// ${name}
`;
  const layout = `import { Outlet } from "@remix-run/react";
export default function Layout() {
  return <section><Outlet /></section>;
}
`;
  let made = 0;
  const add = (file: string, body: string) => {
    writeFileSync(path.join(routes, file), body);
    made++;
  };
  add("help.tsx", layout);
  for (let i = 0; made < extra; i++) {
    const kind = i % 3;
    if (kind === 0) add(`promo-${i}.tsx`, page(`promo-${i}`, `Promotion ${i}`));
    else if (kind === 1) add(`games-${i}.$slug.tsx`, page(`games-${i}`, `Games ${i}`));
    else add(`help.topic-${i}.tsx`, page(`help-${i}`, `Help ${i}`));
  }
  const seconds = remixBuild(buildPaths(`portal+${made}`, scratch));
  console.log(`${scratch}: the portal with ${made} more route modules (built in ${seconds.toFixed(1)} s)`);
  return scratch;
}

try {
  const dirs = counts.map(scratchWithRoutes);
  const tool = process.env.GROWTH_TOOL === "profile" ? "profile.ts" : "ab.ts";
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "bench", tool), root, ...dirs], {
    cwd: root,
    stdio: "inherit",
    env: { AB_MODE: "http", ...process.env },
  });
  process.exitCode = result.status ?? 1;
} finally {
  if (process.env.KEEP_SCRATCH !== "1") for (const dir of scratches) rmSync(dir, { recursive: true, force: true });
}
