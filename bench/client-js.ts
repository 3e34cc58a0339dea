/**
 * Client JavaScript per route, from a build's assets manifest: what a first page view of a
 * route loads is the entry module and its imports plus, for the route and each parent up to
 * root, the route module and its imports (Remix renders them as modulepreload links and one
 * inline module script; with lazy route discovery the route manifest is inlined in the HTML).
 * Static imports inside those files are followed too, so nothing the browser fetches is missed.
 * Each file is counted once per page, gzipped with node:zlib's default level.
 *
 * The esbuild metafile the classic compiler leaves in build/ says which source files make up
 * each output; it lets the bench split a page's JS by package (an estimate: each file's gzip
 * bytes are shared out in proportion to the bytes each input contributes to the file).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { jsModuleImports } from "./html";
import { root, type AssetsManifest, type BuildPaths } from "./servers";

type RouteAsset = AssetsManifest["routes"][string];

export interface RouteJs {
  id: string;
  /** The URL path the route answers (index routes: their parent's path). */
  urlPath: string;
  /** Every JS file a first view loads, by URL. */
  files: string[];
  gzip: number;
  raw: number;
  /** Gzip bytes of the entry module and its imports: what every page loads. */
  everyPageGzip: number;
}

export interface ClientJs {
  files: Map<string, { raw: number; gzip: number }>;
  everyPage: string[];
  routes: RouteJs[];
  /** Input file → package name (or "app" / "remix-generated"), gzip bytes estimated, for one route's files. */
  byPackage(files: string[]): Map<string, { raw: number; gzip: number }>;
}

export function routeUrlPath(assets: AssetsManifest, id: string): string {
  const parts: string[] = [];
  let route: RouteAsset | undefined = assets.routes[id];
  while (route) {
    if (route.path) parts.unshift(route.path.replace(/^\/+|\/+$/g, ""));
    route = route.parentId ? assets.routes[route.parentId] : undefined;
  }
  return `/${parts.join("/")}`;
}

export function clientJs(target: BuildPaths, assets: AssetsManifest): ClientJs {
  const files = new Map<string, { raw: number; gzip: number; imports: string[] }>();
  const load = (url: string) => {
    let file = files.get(url);
    if (!file) {
      const body = readFileSync(path.join(target.publicDir, url));
      const imports = jsModuleImports(body.toString("utf8")).map((spec) => new URL(spec, `http://x${url}`).pathname);
      file = { raw: body.length, gzip: gzipSync(body).length, imports };
      files.set(url, file);
    }
    return file;
  };
  /** The given files and everything they import statically, each once. */
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const queue = [...start];
    while (queue.length) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      queue.push(...load(url).imports);
    }
    return [...seen];
  };
  const sum = (urls: string[], key: "raw" | "gzip") => urls.reduce((s, u) => s + load(u)[key], 0);

  const everyPage = closure([assets.entry.module, ...assets.entry.imports]);
  const everyPageGzip = sum(everyPage, "gzip");
  const routes: RouteJs[] = Object.values(assets.routes)
    .filter((route) => route.id !== "root")
    .map((route) => {
      const chain: string[] = [];
      let r: RouteAsset | undefined = route;
      while (r) {
        chain.unshift(r.module, ...(r.imports ?? []));
        r = r.parentId ? assets.routes[r.parentId] : undefined;
      }
      const urls = closure([...everyPage, ...chain]);
      return {
        id: route.id,
        urlPath: routeUrlPath(assets, route.id),
        files: urls,
        gzip: sum(urls, "gzip"),
        raw: sum(urls, "raw"),
        everyPageGzip,
      };
    })
    .sort((a, b) => a.urlPath.localeCompare(b.urlPath) || a.id.localeCompare(b.id));

  const metafile = existsSync(target.metafile)
    ? (JSON.parse(readFileSync(target.metafile, "utf8")) as {
        outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }>;
      })
    : undefined;

  return {
    files: new Map([...files].map(([url, f]) => [url, { raw: f.raw, gzip: f.gzip }])),
    everyPage,
    routes,
    byPackage(urls) {
      const out = new Map<string, { raw: number; gzip: number }>();
      const add = (name: string, raw: number, gzip: number) => {
        const entry = out.get(name) ?? { raw: 0, gzip: 0 };
        entry.raw += raw;
        entry.gzip += gzip;
        out.set(name, entry);
      };
      for (const url of urls) {
        const file = load(url);
        // Output keys are relative to where the compiler ran (the repository): …/public/build/…
        const output = metafile?.outputs[path.relative(root, path.join(target.publicDir, url))];
        if (!output) {
          add("(no metafile)", file.raw, file.gzip);
          continue;
        }
        let attributed = 0;
        for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
          if (!bytesInOutput) continue;
          attributed += bytesInOutput;
          add(packageOf(input), bytesInOutput, (file.gzip * bytesInOutput) / output.bytes);
        }
        // What no input claims: esbuild's glue (import/export statements, helpers).
        add("(esbuild glue)", file.raw - attributed, (file.gzip * (output.bytes - attributed)) / output.bytes);
      }
      return out;
    },
  };
}

/** "…/node_modules/@conform-to/dom/dist/x.mjs" → "@conform-to/dom"; "app/root.tsx" → "app". */
export function packageOf(input: string): string {
  const at = input.lastIndexOf("node_modules/");
  if (at >= 0) {
    const [scope, name] = input.slice(at + "node_modules/".length).split("/");
    return scope.startsWith("@") ? `${scope}/${name}` : scope;
  }
  if (input.includes("?browser") || input.startsWith("browser-route-module:")) return "app (route modules)";
  if (/(^|\/)app\//.test(input)) return "app";
  return input.split(":")[0];
}

/** Packages that make up "React and Remix" (what a bare Remix app ships as well). */
export const FRAMEWORK_PACKAGES =
  /^(react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/.*|turbo-stream|cookie|set-cookie-parser|source-map)$/;
