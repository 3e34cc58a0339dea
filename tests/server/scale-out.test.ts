/**
 * Two portal processes, one Redis, one reference operator (issue 27, decision 050): what a
 * player does on one process holds on the other, money moves once when the same form is posted
 * to both, limits count across both, and a Redis that stops answering gives 503s with the retry
 * text — never a 500 or a silent logout — until it is back.
 *
 * The portals are `server/start.ts` in child processes (the built app, as `npm start` serves it);
 * they reach Redis through a TCP relay this test can cut and restore, as a Redis that stops and
 * comes back. Keys carry a prefix of this run's own.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { EventEmitter } from "node:events";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer, connect, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, findForm, formFields } from "../../bench/html";
import { startReferenceOperator, type ReferenceOperator } from "../../server/operator/index";
import { totp } from "../../server/operator/session/totp";
import { logIn } from "../support/live-portal";

const REDIS = { host: "127.0.0.1", port: 6379 };
const PREFIX = `test-scale-${process.pid}-${randomBytes(3).toString("hex")}:`;
const LOGIN_LIMIT = 4;

/** A relay to Redis that can be cut (connections reset, new ones refused) and restored on the same port. */
async function redisRelay() {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(REDIS.port, REDIS.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  await open();
  return {
    url: () => `redis://127.0.0.1:${port}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: open,
    close() {
      for (const s of sockets) s.destroy();
      server?.close();
    },
  };
}

interface Portal {
  url: string;
  child: ChildProcess;
  log: () => string;
  /** Resolves with the match once the log, from `from` characters on, matches: what the process says, not a timer. */
  said: (pattern: RegExp, from?: number) => Promise<RegExpExecArray>;
}

async function startPortal(env: Record<string, string>): Promise<Portal> {
  let log = "";
  const child = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], {
    env: { ...process.env, ...env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const heard = new EventEmitter();
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      heard.emit("log");
    });
  }
  const said = (pattern: RegExp, from = 0) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(log.slice(from));
        if (!match) return;
        heard.off("log", check);
        child.off("exit", ended);
        resolve(match);
      };
      const ended = (code: number | null) => {
        heard.off("log", check);
        reject(new Error(`the portal ended (${code}):\n${log}`));
      };
      heard.on("log", check);
      child.once("exit", ended);
      check();
    });
  const [, url] = await said(/Portal ready: (http:\/\/\S+)/);
  return { url, child, log: () => log, said };
}

let operator: ReferenceOperator;
let relay: Awaited<ReturnType<typeof redisRelay>>;
let a: Portal;
let b: Portal;

function portalEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    OPERATOR_API_URL: operator.url,
    OPERATOR_RSA_PUBLIC_KEY: operator.publicKeyHex,
    MERCHANT_CODE: operator.merchantCode,
    SESSION_SECRET: "test-secret-for-vitest-only",
    // Each process its own data directory: nothing of a player may reach the other through SQLite.
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "portal-scale-")),
    INSECURE_COOKIES: "1",
    REDIS_URL: relay.url(),
    REDIS_PREFIX: PREFIX,
    LOGIN_RATE_LIMIT_PER_USERNAME: String(LOGIN_LIMIT),
    LOGIN_RATE_LIMIT_PER_IP: "1000",
    OPERATOR_BREAKER_MS: "0",
  };
}

beforeAll(async () => {
  operator = await startReferenceOperator({ mode: "test" });
  relay = await redisRelay();
  [a, b] = await Promise.all([startPortal(portalEnv(0)), startPortal(portalEnv(0))]);
}, 60_000);

afterAll(async () => {
  for (const portal of [a, b]) portal?.child.kill("SIGTERM");
  relay?.close();
  await operator?.close();
  const cleaner = new Redis(REDIS.port, REDIS.host);
  const keys = await cleaner.keys(`${PREFIX}*`);
  if (keys.length) await cleaner.del(...keys);
  cleaner.disconnect();
});

async function get(
  portal: Portal,
  path: string,
  jar: CookieJar,
): Promise<{ status: number; html: string; location: string | null; headers: Headers }> {
  const response = await fetch(`${portal.url}${path}`, { headers: { Cookie: jar.header() }, redirect: "manual" });
  jar.take(response.headers);
  return { status: response.status, html: await response.text(), location: response.headers.get("Location"), headers: response.headers };
}

async function post(portal: Portal, path: string, jar: CookieJar, fields: [string, string][]) {
  const response = await fetch(`${portal.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header(), Origin: portal.url },
    body: new URLSearchParams(fields).toString(),
  });
  jar.take(response.headers);
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get("Location") };
}

const transfersOf = async (username: string) =>
  ((await (await fetch(`${operator.url}/__reference/transfers?username=${username}`)).json()) as { value: unknown[] }).value.length;

describe("two portal processes sharing one Redis", () => {
  const player = new CookieJar();

  it("a login on A is a login on B: the member centre opens there", async () => {
    expect(await logIn(a.url, player, "player01", "Player123")).toBe(303);
    const centre = await get(b, "/member", player);
    expect(centre.status).toBe(200);
    expect(centre.html).toContain("player01");
  });

  it("a transfer posted with one key to A and to B at once moves money once", async () => {
    const page = await get(b, "/member/transferFund", player);
    expect(page.status).toBe(200);
    const form = findForm(page.html, (f) => /name="amount"/.test(f.inner));
    expect(form).toBeDefined();
    const fields = formFields(form!.inner, { amount: "1.25" }).filter(([name]) => name !== "from" && name !== "to");
    fields.push(["from", "MAIN"], ["to", "AGL"]);
    expect(fields.find(([name]) => name === "once")?.[1]).toMatch(/^[\w-]{16,}$/);
    const before = await transfersOf("player01");
    const answers = await Promise.all([post(a, "/member/transferFund", player, fields), post(b, "/member/transferFund", player, fields)]);
    expect(answers.map((r) => r.status)).toEqual([303, 303]);
    expect(await transfersOf("player01")).toBe(before + 1);
    // A reload of the post later, on either process, replays the answer and moves nothing.
    expect((await post(a, "/member/transferFund", player, fields)).status).toBe(303);
    expect(await transfersOf("player01")).toBe(before + 1);
  });

  it("a two-factor login started on A is finished on B", async () => {
    const jar = new CookieJar();
    const login = await get(a, "/login", jar);
    const form = findForm(login.html, (f) => /name="password"/.test(f.inner))!;
    const started = await post(a, "/login", jar, formFields(form.inner, { username: "secure01", password: "Secure123" }));
    expect(started.status).toBe(303);
    expect(started.location).toMatch(/^\/login\/verify/);
    const verify = await get(b, started.location!, jar);
    expect(verify.status).toBe(200);
    const codeForm = findForm(verify.html, (f) => /name="authCode"/.test(f.inner));
    expect(codeForm).toBeDefined();
    const done = await post(b, "/login/verify", jar, formFields(codeForm!.inner, { authCode: totp("JBSWY3DPEHPK3PXP", Date.now()) }));
    expect(done.status).toBe(303);
    expect(done.location).not.toMatch(/login/);
    expect((await get(a, "/member", jar)).status).toBe(200);
  });

  it("Redis holds nothing in clear, and every key ends by itself", async () => {
    const redis = new Redis(REDIS.port, REDIS.host);
    try {
      const keys = await redis.keys(`${PREFIX}*`);
      expect(keys.some((k) => k.startsWith(`${PREFIX}sessions:`))).toBe(true);
      for (const key of keys) {
        // Every key has a TTL: memory is bounded by time, not by a sweeper.
        expect(await redis.pttl(key), key).toBeGreaterThan(0);
        const type = await redis.type(key);
        const value =
          type === "string"
            ? await redis.get(key)
            : type === "hash"
              ? JSON.stringify(await redis.hgetall(key))
              : JSON.stringify(await redis.zrange(key, "0", "-1"));
        // No password, no account name, no operator token (the reference operator's are 64 hex digits).
        for (const secret of ["Player123", "Secure123", "player01", "secure01"]) expect(value, key).not.toContain(secret);
        expect(value ?? "", key).not.toMatch(/[0-9a-f]{64}/);
      }
    } finally {
      redis.disconnect();
    }
  });

  it("the login limit counts attempts on A and B together", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMIT; i++) {
      const portal = i % 2 ? b : a;
      const jar = new CookieJar();
      const page = await get(portal, "/login", jar);
      const form = findForm(page.html, (f) => /name="password"/.test(f.inner))!;
      statuses.push(
        (await post(portal, "/login", jar, formFields(form.inner, { username: "limitprobe1", password: "Wrong12345" }))).status,
      );
    }
    expect(statuses.slice(0, LOGIN_LIMIT).every((s) => s === 400)).toBe(true);
    expect(statuses[LOGIN_LIMIT]).toBe(429);
  });

  it("while Redis does not answer, pages answer 503 with the retry text, never 500; when it is back, the player is still logged in", async () => {
    const logged = [a.log().length, b.log().length];
    await relay.cut();
    try {
      for (const portal of [a, b]) {
        const page = await get(portal, "/member", player);
        expect(page.status).toBe(503);
        expect(page.headers.get("Retry-After")).toBe("5");
        // The default language's retry text (common.json state_unavailable).
        expect(page.html).toContain("请过几秒钟再试");
        const guest = await get(portal, "/login", new CookieJar());
        // A new visitor may be served (no session to read) or told to retry: never another 5xx.
        expect(guest.status === 503 || guest.status < 500, `GET /login answered ${guest.status}`).toBe(true);
        const health = await fetch(`${portal.url}/resources/healthcheck`);
        expect(health.status).toBe(503);
        expect(await health.json()).toMatchObject({ store: "failing", storeKind: "redis" });
      }
    } finally {
      await relay.restore();
    }
    // Each process's client reconnects by itself (a back-off of at most 2 s) and says so: the
    // next views work again, and the player is still logged in.
    for (const [i, portal] of [a, b].entries()) {
      await portal.said(/redis: connected again/, logged[i]);
      const page = await get(portal, "/member", player);
      expect(page.status).toBe(200);
      expect(page.html).toContain("player01");
    }
    for (const portal of [a, b]) {
      expect(portal.child.exitCode).toBeNull();
      expect(portal.log()).not.toMatch(/unhandled|uncaught|TypeError|ReferenceError/i);
    }
  });

  it("a logout on A is a logout on B", async () => {
    const confirm = await get(a, "/logout", player);
    const form = findForm(confirm.html, (f) => /action="\/logout"/.test(f.attrs) && /method="post"/i.test(f.attrs))!;
    expect((await post(a, "/logout", player, formFields(form.inner, {}))).status).toBe(303);
    const centre = await get(b, "/member", player);
    expect([302, 303]).toContain(centre.status);
    expect(centre.location).toMatch(/^\/login/);
  });
});

describe("WEB_CONCURRENCY", () => {
  it("refuses more than one process without Redis, naming the variable", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], {
      env: { ...process.env, WEB_CONCURRENCY: "2", REDIS_URL: "", PORT: "0", OPERATOR_API_URL: operator.url, SESSION_SECRET: "x" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    child.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(log).toContain("WEB_CONCURRENCY: more than one process needs REDIS_URL");
  });

  it("runs two workers on one port with Redis, sharing the player", async () => {
    const portal = await startPortal({ ...portalEnv(0), WEB_CONCURRENCY: "2" });
    try {
      expect(portal.log()).toContain("2 worker processes sharing Redis at 127.0.0.1");
      expect(portal.url).not.toMatch(/:0$/);
      const workers = await new Promise<string>((resolve) => {
        const ps = spawn("ps", ["-o", "pid=", "--ppid", String(portal.child.pid)]);
        let out = "";
        ps.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
        ps.on("exit", () => resolve(out));
      });
      expect(workers.trim().split(/\s+/)).toHaveLength(2);
      const jar = new CookieJar();
      expect(await logIn(portal.url, jar, "player01", "Player123")).toBe(303);
      // Whichever worker each connection reaches, the player is the same.
      const views = await Promise.all(Array.from({ length: 6 }, () => get(portal, "/member", jar)));
      expect(views.map((v) => v.status)).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      portal.child.kill("SIGTERM");
    }
  });
});
