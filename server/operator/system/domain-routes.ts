/**
 * The domain routes (document 001, section 3, "Domain route": domainName, speed) that the
 * portal's speed test times, and the file it times on each: /res/logo.png with a timestamp.
 *
 * The demo's domains must answer on one machine, offline: the portal itself under 127.0.0.1 and
 * localhost when the portal embeds this operator (mirror domains of one site), this operator
 * under both names, and one port that nothing listens on, so "unreachable" is real. A test
 * slows one host's logo (`POST /__reference/domain-routes`), so "slow" is reachable on purpose
 * rather than by luck, or replaces the list with hostile entries.
 */
import { createServer } from "node:net";
import { deleteMetaValue, metaValue, setMetaValue } from "../db";
import { fail, isRecord, ok, rawReply, type OperatorRuntime, type RouteDef } from "../http";

export interface DomainRoute {
  domainName: string;
  /** The operator's own figure in ms (0: not measured); the portal measures for itself. */
  speed: number;
}

/** A 1×1 transparent PNG: the smallest real image a browser's Image() loads. */
export const LOGO_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const LIST_KEY = "domain_routes";
const DELAYS_KEY = "domain_logo_delays";
/** A test's delay is capped: a route that holds a connection for minutes would outlive the test. */
const MAX_DELAY_MS = 10_000;

/** A port on 127.0.0.1 that nothing listens on: taken from the system, then let go. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The same origin under 127.0.0.1 and localhost (one name when it is neither). */
function bothNames(origin: string): string[] {
  try {
    const url = new URL(origin);
    if (url.hostname !== "127.0.0.1" && url.hostname !== "localhost") return [url.origin];
    const port = url.port ? `:${url.port}` : "";
    return [`${url.protocol}//127.0.0.1${port}`, `${url.protocol}//localhost${port}`];
  } catch {
    return [];
  }
}

/** The default list, worked out once per running operator (the unreachable port is chosen once). */
const defaults = new WeakMap<OperatorRuntime, Promise<DomainRoute[]>>();

function defaultRoutes(runtime: OperatorRuntime): Promise<DomainRoute[]> {
  let list = defaults.get(runtime);
  if (!list) {
    list = freePort().then((port) => {
      const { portalUrl, publicUrl } = runtime.settings;
      const origins = [...(portalUrl ? bothNames(portalUrl) : []), ...bothNames(publicUrl)];
      // The operator's figures are the ones a back office would show: round numbers, not measured.
      const speeds = [35, 60, 120, 90];
      return [
        ...origins.map((domainName, i) => ({ domainName, speed: speeds[i % speeds.length] })),
        { domainName: `http://127.0.0.1:${port}`, speed: 0 },
      ];
    });
    defaults.set(runtime, list);
  }
  return list;
}

/** The list a test set, else the default one. */
export async function domainRoutes(runtime: OperatorRuntime): Promise<DomainRoute[]> {
  const stored = metaValue(runtime.db, LIST_KEY);
  if (stored !== undefined) return JSON.parse(stored) as DomainRoute[];
  return defaultRoutes(runtime);
}

function logoDelay(runtime: OperatorRuntime, host: string | undefined): number {
  const stored = metaValue(runtime.db, DELAYS_KEY);
  if (!stored || !host) return 0;
  const delays = JSON.parse(stored) as Record<string, number>;
  return delays[host.toLowerCase()] ?? 0;
}

export const domainRouteRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/wps/system/domainRoute",
    access: "merchant",
    async handler(ctx) {
      return ok(await domainRoutes(ctx.runtime));
    },
  },
  {
    // What the speed test loads from each domain, with ?t=<timestamp> so no cache answers for it.
    // The delay is by Host: 127.0.0.1 and localhost are one server but two domains of the list.
    method: "GET",
    path: "/res/logo.png",
    access: "public",
    body: "none",
    async handler(ctx) {
      const delay = logoDelay(ctx.runtime, ctx.req.headers.host);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      return rawReply(200, "image/png", LOGO_PNG, { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
    },
  },
  {
    // { domains?: [{ domainName, speed? }] | null (null: the default list again),
    //   delays?: { "<host:port>": ms } (replaces the delays; {} clears them) }
    method: "POST",
    path: "/__reference/domain-routes",
    access: "reference",
    body: "json",
    handler(ctx) {
      const b = isRecord(ctx.body) ? ctx.body : null;
      if (!b) return fail(ctx.lang, "request.invalid", { status: 400 });
      const { domains, delays } = b;
      if (domains !== undefined && domains !== null) {
        // Any text is taken as a name on purpose: the portal must survive what a back office types.
        if (!Array.isArray(domains) || !domains.every((d) => isRecord(d) && typeof d.domainName === "string")) {
          return fail(ctx.lang, "request.invalid", { status: 400 });
        }
        const list = domains.map((d) => ({ domainName: d.domainName as string, speed: Number(d.speed ?? 0) || 0 }));
        setMetaValue(ctx.runtime.db, LIST_KEY, JSON.stringify(list));
      } else if (domains === null) {
        deleteMetaValue(ctx.runtime.db, LIST_KEY);
      }
      if (delays !== undefined) {
        if (!isRecord(delays) || !Object.values(delays).every((ms) => typeof ms === "number" && ms >= 0 && ms <= MAX_DELAY_MS)) {
          return fail(ctx.lang, "request.invalid", { status: 400 });
        }
        const lower = Object.fromEntries(Object.entries(delays).map(([host, ms]) => [host.toLowerCase(), ms]));
        setMetaValue(ctx.runtime.db, DELAYS_KEY, JSON.stringify(lower));
      }
      return ok(null);
    },
  },
];
