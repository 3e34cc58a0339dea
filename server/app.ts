/**
 * The portal's HTTP server: Express with the Remix adapter (the same pieces @remix-run/serve
 * is made of), so that one process can also host the embedded reference operator and hand
 * the client's address to loaders for rate limits.
 */
import express from "express";
import compression from "compression";
import { readdirSync } from "node:fs";
import path from "node:path";
import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { clientAddress } from "../app/server/client-address.server";
import { sameOrigin } from "../app/server/same-origin.server";

export interface PortalServerOptions {
  build: ServerBuild;
  port?: number;
  host?: string;
  /** Folder of public/ (static files) */
  publicDir?: string;
  log?: boolean;
  /** Proxies in front that append to X-Forwarded-For (TRUST_PROXY; 0 or unset: none). */
  trustProxy?: number;
}

export function createPortalApp(options: PortalServerOptions) {
  const app = express();
  app.disable("x-powered-by");
  const trustedHops = options.trustProxy ?? 0;
  // The same hop count for Express (req.ip, req.protocol and req.hostname, which the Remix adapter
  // builds the request URL from) as for the client's address handed to loaders below.
  if (trustedHops > 0) app.set("trust proxy", trustedHops);
  // Server-sent events are not compressed: a zlib stream per open stream would cost memory for
  // every player's idle page, and each event would wait on its flush.
  app.use(
    compression({
      filter: (req, res) => !/^text\/event-stream/.test(String(res.getHeader("Content-Type") ?? "")) && compression.filter(req, res),
    }),
  );
  // First, so that static files get it too.
  app.use(strictTransportSecurity);

  const publicDir = options.publicDir ?? path.resolve("public");
  // Pages and data get their security headers from entry.server; static files get nosniff here.
  const nosniff = (res: express.Response) => res.setHeader("X-Content-Type-Options", "nosniff");
  // Fingerprinted build assets never change; everything else revalidates hourly.
  app.use("/build", express.static(path.join(publicDir, "build"), { immutable: true, maxAge: "1y", setHeaders: nosniff }));
  // Only paths that can name a public file look on the disk: a page (/login, /member) would
  // otherwise cost a stat() and an ENOENT error on every request before Remix sees it.
  const servePublic = express.static(publicDir, { maxAge: "1h", setHeaders: nosniff });
  const mayBePublic = publicPaths(publicDir);
  app.use((req, res, next) => (mayBePublic(req.path) ? servePublic(req, res, next) : next()));
  // Remix's adapter flushes after every chunk it writes, and with compression every flush is a
  // zlib sync flush of its own (a thread-pool job and a socket write). One flush per turn of the
  // event loop sends the same bytes as early, in fewer pieces.
  app.use(coalesceFlushes);
  app.use(dropUnreadBody);
  app.use(foreignOriginAsCrossSite);
  app.use(secureCookiesOverHttps);

  if (options.log) {
    app.use((req, res, next) => {
      const start = performance.now();
      // The path only: query strings could carry codes and are left out of logs.
      res.on("finish", () => console.log(`${req.method} ${req.path} ${res.statusCode} ${(performance.now() - start).toFixed(0)}ms`));
      next();
    });
  }

  app.all(
    "*",
    createRequestHandler({
      build: options.build,
      mode: process.env.NODE_ENV,
      getLoadContext: (req) => ({
        clientIp: clientAddress(req.headers["x-forwarded-for"], req.socket.remoteAddress, trustedHops) ?? "unknown",
        // A document (not a client navigation's ?_data= request): its shared fragments travel as
        // markup in the page, so the loaders leave their data out (decision 041).
        documentRequest: req.query._data === undefined,
      }),
    }),
  );
  return app;
}

/**
 * Which request paths may name a file in the public folder: any path whose last segment has an
 * extension (/logo.svg, /locales/EN/common.json, also files added later), and anything in or
 * named like what the folder holds at start without one (/.well-known/…). Pages have no
 * extension, except routes that end in one (/register.html), which are looked up and fall
 * through to Remix as before.
 */
export function publicPaths(publicDir: string): (urlPath: string) => boolean {
  let entries: { name: string; dir: boolean }[] = [];
  try {
    entries = readdirSync(publicDir, { withFileTypes: true }).map((e) => ({ name: e.name, dir: e.isDirectory() }));
  } catch {
    // No public folder: only paths with an extension are looked up (and will not be found).
  }
  const files = new Set(entries.filter((e) => !e.dir).map((e) => `/${e.name}`));
  const dirs = entries.filter((e) => e.dir && e.name !== "build").map((e) => `/${e.name}/`);
  return (urlPath) => /\.[^/]*$/.test(urlPath) || files.has(urlPath) || dirs.some((d) => urlPath.startsWith(d));
}

/** Defers res.flush() (added by compression) to the next turn of the event loop, once. */
export function coalesceFlushes(_req: express.Request, res: express.Response, next: express.NextFunction) {
  const flushable = res as express.Response & { flush?: () => void };
  const flush = flushable.flush;
  if (typeof flush === "function") {
    let pending = false;
    flushable.flush = () => {
      if (pending) return;
      pending = true;
      setImmediate(() => {
        pending = false;
        if (!res.writableEnded && !res.destroyed) flush.call(res);
      });
    };
  }
  next();
}

/** The most of a body the app did not read that is still read, and dropped, after the answer. */
export const UNREAD_BODY_DROP_BYTES = 64 * 1024 * 1024;

/**
 * An answer given before the request's body has all arrived (a post refused as cross-site,
 * without its cookies, too large, with too many fields) leaves the rest of the body on the
 * socket. Closing the connection then resets it, and the browser may show a network error
 * instead of the answer; keeping it in memory is what a flood of refused posts would exploit.
 * So once the answer is sent, the rest is read and dropped, and the connection serves the next
 * request. The server's request timeout (listen) bounds how long that takes; past
 * UNREAD_BODY_DROP_BYTES the connection is closed.
 */
export function dropUnreadBody(req: express.Request, res: express.Response, next: express.NextFunction) {
  res.once("finish", () => {
    if (req.complete) return;
    // The Remix adapter's stream of the body still listens, and would queue what arrives.
    req.removeAllListeners("data");
    let dropped = 0;
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.byteLength;
      if (dropped > UNREAD_BODY_DROP_BYTES) req.socket.destroy();
    });
    req.resume();
  });
  next();
}

/**
 * Remix compares a post's Origin with the host itself, before any action runs, and answers a
 * mismatch (or `Origin: null`) with an empty 500 and a stack trace in the log. The portal's own
 * opening (app/server/action.server.ts) refuses cross-site posts with its 403 page; so a foreign
 * Origin is restated here as what it means, `Sec-Fetch-Site: cross-site`, and the opening
 * refuses it, on every action alike.
 */
export function foreignOriginAsCrossSite(req: express.Request, _res: express.Response, next: express.NextFunction) {
  const origin = req.headers.origin;
  if (origin !== undefined && req.method !== "GET" && req.method !== "HEAD") {
    const forwardedHost = req.get("X-Forwarded-Host")?.split(",")[0]?.trim();
    if (!sameOrigin(origin, forwardedHost || req.get("Host"))) {
      delete req.headers.origin;
      req.headers["sec-fetch-site"] = "cross-site";
    }
  }
  next();
}

/**
 * Cookies are marked Secure whenever the request came over HTTPS — directly, or through a
 * trusted proxy's X-Forwarded-Proto (Express's req.secure follows the `trust proxy` setting) —
 * so that one rule covers every cookie the app sets, whatever route or library sets it.
 */
export function secureCookiesOverHttps(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (req.secure) {
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name: string, value: number | string | readonly string[]) => {
      if (name.toLowerCase() === "set-cookie") {
        const lines = (Array.isArray(value) ? value : [String(value)]).map((line: string) =>
          /;\s*secure\b/i.test(line) ? line : `${line}; Secure`,
        );
        return setHeader(name, lines);
      }
      return setHeader(name, value);
    };
  }
  next();
}

/**
 * HSTS whenever the request is secure — over TLS here, or through a trusted proxy's
 * X-Forwarded-Proto (req.secure again follows `trust proxy`, so a client's forged header is not
 * believed with TRUST_PROXY=0): after one secure visit the browser never tries plain http for
 * a year, so a network attacker cannot strip TLS from the next visit. Never over plain http:
 * RFC 6797 forbids it there, and a browser ignores it.
 * Set here, before static files and routes, so every answer carries it.
 */
export const HSTS = "max-age=31536000; includeSubDomains";
export function strictTransportSecurity(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (req.secure) res.setHeader("Strict-Transport-Security", HSTS);
  next();
}

export interface ConnectionLimits {
  /**
   * How long a request may take to arrive, headers and body (Node's requestTimeout, checked every
   * `checkIntervalMs`); then it is answered 408 and its connection closed. Default 55 s, checked
   * every 5 s: a body trickled in is let go within a minute.
   */
  requestTimeoutMs?: number;
  checkIntervalMs?: number;
  /**
   * Open connections from one address; past it a new one is closed at once. Default 128 (a
   * browser opens 6; offices share addresses). 0: no cap, for a proxy in front (TRUST_PROXY),
   * where every connection comes from the proxy and the proxy must cap.
   */
  maxConnectionsPerClient?: number;
}

export const REQUEST_TIMEOUT_MS = 55_000;
export const MAX_CONNECTIONS_PER_CLIENT = 128;

export function listen(
  app: express.Express,
  port: number,
  host: string,
  limits: ConnectionLimits = {},
): Promise<{ server: Server; url: string }> {
  const requestTimeout = limits.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = createServer(
    {
      requestTimeout,
      headersTimeout: Math.min(20_000, requestTimeout),
      connectionsCheckingInterval: limits.checkIntervalMs ?? 5_000,
    },
    app,
  );
  capConnectionsPerClient(server, limits.maxConnectionsPerClient ?? MAX_CONNECTIONS_PER_CLIENT);
  return new Promise((resolve, reject) => {
    server.on("error", reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actual = typeof address === "object" && address ? address.port : port;
      resolve({ server, url: `http://${host === "0.0.0.0" ? "localhost" : host}:${actual}` });
    });
  });
}

/** Closes a new connection from an address that already has `max` open (0: no cap). */
export function capConnectionsPerClient(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
