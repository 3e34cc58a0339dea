/**
 * Client JavaScript per route of the last `npm run build`, without starting a server: every
 * route's first-view JS (gzip KiB, sorted), the largest, and /login split by package. The same
 * counting as `npm run bench` (bench/client-js.ts); the budget is issue 25's: bare Remix's
 * /login plus 45 KiB. Run: `npx tsx bench/js-report.ts [--all]` (--all: every route, not only
 * the 25 heaviest; --files: the files of the largest route).
 *
 * The assets manifest is read from public/build/manifest-<version>.js, the version being the
 * one build/version.txt names (the compiler leaves older manifests in place). The bare Remix
 * baseline is measured too when bench/baseline has been built (`npm run bench` builds it);
 * otherwise its /login is taken as the 84 KiB the bench measured.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { clientJs, FRAMEWORK_PACKAGES } from "./client-js";
import { BASELINE, PORTAL, type AssetsManifest, type BuildPaths } from "./servers";

const BUDGET_BEYOND_KIB = 45;
const BASELINE_FALLBACK_KIB = 84;

function manifestOf(target: BuildPaths): AssetsManifest | undefined {
  const versionFile = path.join(path.dirname(target.buildFile), "version.txt");
  if (!existsSync(versionFile)) return undefined;
  const version = readFileSync(versionFile, "utf8").trim().toUpperCase();
  const file = path.join(target.publicDir, "build", `manifest-${version}.js`);
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, "utf8");
  return { version, ...(JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as Omit<AssetsManifest, "version">) };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

const assets = manifestOf(PORTAL);
if (!assets) throw new Error("no portal build: run `npm run build` first");
const portal = clientJs(PORTAL, assets);
const baseAssets = manifestOf(BASELINE);
const baseLoginGzip = baseAssets
  ? clientJs(BASELINE, baseAssets).routes.find((r) => r.urlPath === "/login")!.gzip
  : BASELINE_FALLBACK_KIB * 1024;
const budget = baseLoginGzip + BUDGET_BEYOND_KIB * 1024;

const routes = [...portal.routes].sort((a, b) => b.gzip - a.gzip);
const all = process.argv.includes("--all");
console.log(`build ${assets.version}: client JS per route, first view (gzip KiB, each file once)`);
console.log(`${"gzip".padStart(7)} ${"route".padStart(7)} ${"files".padStart(5)}  URL path (route id)`);
for (const r of all ? routes : routes.slice(0, 25)) {
  const flag = r.gzip > budget ? "  OVER" : "";
  console.log(
    `${kib(r.gzip).padStart(7)} ${kib(r.gzip - r.everyPageGzip).padStart(7)} ${String(r.files.length).padStart(5)}  ${r.urlPath} (${r.id})${flag}`,
  );
}
if (!all && routes.length > 25) console.log(`… ${routes.length - 25} more (--all)`);

const max = routes[0];
const over = routes.filter((r) => r.gzip > budget);
console.log(
  `\nevery page (entry): ${kib(max.everyPageGzip)} KiB; baseline /login: ${kib(baseLoginGzip)} KiB${baseAssets ? "" : " (not built: the bench's figure)"}; ` +
    `budget ${kib(budget)} KiB`,
);
console.log(`max: ${kib(max.gzip)} KiB ${max.urlPath} (${max.id}); ${over.length} of ${routes.length} routes over budget`);
for (const p of ["/", "/login", "/member/pointMall", "/electron", "/lott"]) {
  const r = routes.filter((x) => x.urlPath === p || x.urlPath.startsWith(`${p}/`)).sort((a, b) => b.gzip - a.gzip)[0];
  if (r) console.log(`  ${p.padEnd(20)} ${kib(r.gzip).padStart(6)} KiB  (heaviest: ${r.urlPath})`);
}

if (process.argv.includes("--files")) {
  console.log(`\nfiles of ${max.urlPath}:`);
  for (const f of [...max.files].sort((a, b) => portal.files.get(b)!.gzip - portal.files.get(a)!.gzip))
    console.log(`${kib(portal.files.get(f)!.gzip).padStart(7)}  ${f}`);
}

const login = portal.routes.find((r) => r.urlPath === "/login");
if (login) {
  const pkgs = [...portal.byPackage(login.files)].sort((a, b) => b[1].gzip - a[1].gzip);
  console.log(`\n/login by package (≈ gzip KiB, esbuild metafile): ${kib(login.gzip)} KiB in ${login.files.length} files`);
  for (const [name, v] of pkgs.filter(([, v]) => v.gzip >= 100))
    console.log(`${kib(v.gzip).padStart(7)}  ${name}${FRAMEWORK_PACKAGES.test(name) ? "  (React+Remix)" : ""}`);
}
