/**
 * Strict-Transport-Security from the real Express app of server/app.ts over the built portal
 * (issue 22 §5): sent for a year on every secure answer — a page, a redirect, a static file —
 * behind a TLS proxy (TRUST_PROXY=1 and X-Forwarded-Proto: https); never over plain http, and
 * never because a client forged X-Forwarded-Proto to a portal that trusts no proxy.
 */
import type { Server } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPortalApp, listen } from "../../server/app";
import type { ReferenceOperator } from "../../server/operator/index";
import { importBuild } from "../support/live-portal";
import { startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
const servers: Server[] = [];
let behindProxy: string;
let direct: string;

beforeAll(async () => {
  operator = await startPortalEnv();
  const build = await importBuild();
  const serve = async (trustProxy: number) => {
    const { server, url } = await listen(createPortalApp({ build, publicDir: path.resolve("public"), trustProxy }), 0, "127.0.0.1");
    servers.push(server);
    return url;
  };
  behindProxy = await serve(1);
  direct = await serve(0);
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  await operator?.close();
});

/** A page, a redirect (/index answers 301 or 303 to /) and a static file. */
const PATHS = ["/login", "/index", "/robots.txt", "/locales/EN/common.json"];

const hsts = async (base: string, p: string, headers: Record<string, string> = {}) => {
  const response = await fetch(base + p, { headers, redirect: "manual" });
  await response.arrayBuffer();
  return { status: response.status, value: response.headers.get("Strict-Transport-Security") };
};

describe("Strict-Transport-Security", () => {
  it.each(PATHS)("is sent for a year behind a TLS proxy that says https: %s", async (p) => {
    const { status, value } = await hsts(behindProxy, p, { "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7" });
    expect(status).toBeLessThan(500);
    expect(value).toBe("max-age=31536000; includeSubDomains");
  });

  it.each(PATHS)("is not sent over plain http, behind a proxy or not: %s", async (p) => {
    expect((await hsts(behindProxy, p, { "X-Forwarded-Proto": "http" })).value).toBeNull();
    expect((await hsts(behindProxy, p)).value).toBeNull();
    expect((await hsts(direct, p)).value).toBeNull();
  });

  it.each(PATHS)("is not sent for a forged X-Forwarded-Proto when no proxy is trusted (TRUST_PROXY=0): %s", async (p) => {
    expect((await hsts(direct, p, { "X-Forwarded-Proto": "https" })).value).toBeNull();
  });
});
