/**
 * The portal's HTTP server: Express with the Remix adapter (the same pieces @remix-run/serve
 * is made of), so that one process can also host the embedded reference operator and hand
 * the client's address to loaders for rate limits.
 */
import express from "express";
import compression from "compression";
import path from "node:path";
import type { Server } from "node:http";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";

export interface PortalServerOptions {
  build: ServerBuild;
  port?: number;
  host?: string;
  /** Folder of public/ (static files) */
  publicDir?: string;
  log?: boolean;
  /** Take the client's address from X-Forwarded-For (TRUST_PROXY=1 behind a proxy). */
  trustProxy?: boolean;
}

export function createPortalApp(options: PortalServerOptions) {
  const app = express();
  app.disable("x-powered-by");
  if (options.trustProxy) app.set("trust proxy", true);
  app.use(compression());

  const publicDir = options.publicDir ?? path.resolve("public");
  // Pages and data get their security headers from entry.server; static files get nosniff here.
  const nosniff = (res: express.Response) => res.setHeader("X-Content-Type-Options", "nosniff");
  // Fingerprinted build assets never change; everything else revalidates hourly.
  app.use("/build", express.static(path.join(publicDir, "build"), { immutable: true, maxAge: "1y", setHeaders: nosniff }));
  app.use(express.static(publicDir, { maxAge: "1h", setHeaders: nosniff }));

  if (options.log) {
    app.use((req, res, next) => {
      const start = performance.now();
      // The path only: query strings could carry codes and are left out of logs.
      res.on("finish", () =>
        console.log(`${req.method} ${req.path} ${res.statusCode} ${(performance.now() - start).toFixed(0)}ms`),
      );
      next();
    });
  }

  app.all(
    "*",
    createRequestHandler({
      build: options.build,
      mode: process.env.NODE_ENV,
      getLoadContext: (req) => ({ clientIp: req.socket.remoteAddress ?? "unknown" }),
    }),
  );
  return app;
}

export function listen(app: express.Express, port: number, host: string): Promise<{ server: Server; url: string }> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, () => {
      const address = server.address();
      const actual = typeof address === "object" && address ? address.port : port;
      resolve({ server, url: `http://${host === "0.0.0.0" ? "localhost" : host}:${actual}` });
    });
    server.on("error", reject);
  });
}
