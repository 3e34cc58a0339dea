/**
 * `npm run bench` (after `npm run build`): the portal and the reference operator in this one
 * process, loaded with autocannon, plus the size budget of the login page.
 *
 *   1. operator (port 0, in-memory) + portal (port 0), NODE_ENV=production, fresh DATA_DIR;
 *   2. the login page over HTTP the way a browser without JavaScript uses it (plain form
 *      POST → 303), which also gives the player01 session used below;
 *   3. sizes of /login: HTML, its stylesheets and every JS module it loads, gzipped;
 *   4. for operator latency 0 ms and 50 ms: autocannon GET /login (no cookies), GET / (player
 *      session) and GET /register?step=form (no cookies: a captcha per view), each after a warm-up;
 *   5. the "one wave" property of the root loader: by the latency rule and by one traced GET /.
 *
 * Exit code 1 when a target fails. Knobs (env): BENCH_DURATION_S (8), BENCH_WARMUP_S (2),
 * BENCH_CONNECTIONS (10), BENCH_DELAY_MS (50), BENCH_WORKERS (1: autocannon in a worker thread,
 * so the load generator does not share the server's event loop; 0 = same thread).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import autocannon from "autocannon";
import type { ReferenceOperator } from "../server/operator/index";
import { CookieJar, formFields, findForm, htmlAttr, jsModuleImports, pageAssets } from "./html";

const root = path.resolve(import.meta.dirname ?? ".", "..");
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const INJECTED_MS = Number(process.env.BENCH_DELAY_MS ?? 50);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const SEQUENTIAL_N = 20;
const DELAYS = [0, INJECTED_MS];
const HTML_CSS_BUDGET = 30 * 1024;
const USERNAME = "player01";
const PASSWORD = "Player123";
const NICKNAME = "Lucky Player";

interface Target {
  name: string;
  pass: boolean;
  detail: string;
}
const targets: Target[] = [];
let noJsLoginVerified = false;
const target = (name: string, pass: boolean, detail: string) => targets.push({ name, pass, detail });

const kb = (bytes: number) => `${bytes.toLocaleString("en-US")} B (${(bytes / 1024).toFixed(1)} KiB)`;
const gz = (data: Buffer | string) => gzipSync(data).length;

function table(headers: string[], rows: (string | number)[][], alignRight: boolean[] = []): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r.map((c, i) => (alignRight[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ").trimEnd();
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}

// ── start: operator first, then the environment, then the Remix build ─────────────────────

const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
process.env.NODE_ENV ??= "production";
process.env.DATA_DIR = dataDir;
process.env.LOGIN_RATE_LIMIT_PER_IP = "1000000";
process.env.LOGIN_RATE_LIMIT_PER_USERNAME = "1000000";
process.env.ACCESS_LOG = "0";
process.env.SESSION_SECRET ??= randomBytes(32).toString("hex");

const { startReferenceOperator } = await import("../server/operator/index");
const operator: ReferenceOperator = await startReferenceOperator({ port: 0, dbPath: ":memory:", mode: "test", delayMs: 0 });
process.env.OPERATOR_API_URL = operator.url;
process.env.OPERATOR_RSA_PUBLIC_KEY = operator.publicKeyHex;
process.env.MERCHANT_CODE = operator.merchantCode;
process.env.PORTAL_DEMO = "1";

const { createPortalApp, listen } = await import("../server/app");
const build = await import(pathToFileURL(path.join(root, "build", "index.js")).href);
const app = createPortalApp({ build, publicDir: path.join(root, "public"), log: false });
const { server, url: base } = (await listen(app, 0, "127.0.0.1")) as { server: Server; url: string };

console.log(`portal ${base}  operator ${operator.url}  NODE_ENV=${process.env.NODE_ENV}  data ${dataDir}`);
console.log(
  `autocannon: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s measured per run, ` +
    `${WORKERS > 0 ? `${WORKERS} worker thread(s)` : "same thread as the server"}, Accept-Encoding: gzip\n`,
);

// ── the run ──────────────────────────────────────────────────────────────────────────────

async function main() {
  // 2 + 4: the login page, its size, and the form flow without JavaScript.
  const page = await fetch(`${base}/login`, { headers: { "Accept-Encoding": "gzip" } });
  if (page.status !== 200) throw new Error(`GET /login answered ${page.status}`);
  const html = await page.text();
  const jar = new CookieJar();
  jar.take(page.headers);

  const sizes = await measureSizes(html);
  const cookie = await loginWithoutJs(html, jar);

  // 4: load.
  const results: { delay: number; label: string; r: autocannon.Result; upstreamPerReq: number; loadAvg: number }[] = [];
  const sequential = new Map<number, number[]>();
  const runs = [
    { label: "GET /login (no cookies)", path: "/login", headers: {} as Record<string, string> },
    { label: "GET / (player01)", path: "/", headers: { cookie } },
    // The heaviest guest page: settings, switches, register rules and a captcha per view.
    { label: "GET /register (form)", path: "/register?step=form", headers: {} as Record<string, string> },
  ];
  // GET / at 0 ms and at the injected delay run back to back (0: /login, /; then /, /login),
  // so that the two runs the one-wave rule compares see the same machine.
  for (const [i, delay] of DELAYS.entries()) {
    operator.setDelay(delay);
    for (const run of i % 2 ? [...runs].reverse() : runs) {
      process.stdout.write(`delay ${String(delay).padStart(2)} ms  ${run.label.padEnd(24)} warm-up… `);
      await cannon(run.path, run.headers, WARMUP_S);
      operator.resetCalls();
      process.stdout.write("measuring… ");
      const r = await cannon(run.path, run.headers, DURATION_S);
      const loadAvg = os.loadavg()[0];
      const upstreamPerReq = r.requests.total ? operator.calls.length / r.requests.total : 0;
      console.log(`${Math.round(r.requests.average)} req/s`);
      results.push({ delay, label: run.label, r, upstreamPerReq, loadAvg });
    }
    // The same page without load: one request at a time, so neither queueing for the CPU nor
    // coalescing of concurrent identical calls blurs what the latency of one page view is.
    sequential.set(delay, await sequentialLatencies("/", { cookie }, SEQUENTIAL_N));
  }

  // The session survived the load (GET / still renders the player, not a guest page).
  const after = await fetch(`${base}/`, { headers: { cookie } });
  const afterHtml = await after.text();
  target("player session intact after load", after.status === 200 && afterHtml.includes(NICKNAME), `GET / → ${after.status}, nickname ${afterHtml.includes(NICKNAME) ? "shown" : "missing"}`);

  // 5b: one traced GET / with the injected latency (settings/whitelabel cache warm by now).
  operator.setDelay(INJECTED_MS);
  const trace = await traceOnePage(cookie);
  operator.setDelay(0);

  // ── report ──
  console.log(`\n== Load (${CONNECTIONS} connections, ${DURATION_S} s, after ${WARMUP_S} s warm-up) ==`);
  console.log(
    table(
      ["operator delay", "endpoint", "req/s avg", "p50 ms", "p99 ms", "requests", "non-2xx", "errors", "upstream calls/req", "host load 1m"],
      results.map(({ delay, label, r, upstreamPerReq, loadAvg }) => [
        `${delay} ms`,
        label,
        r.requests.average.toFixed(0),
        r.latency.p50,
        r.latency.p99,
        r.requests.total,
        r.non2xx,
        r.errors + r.timeouts,
        upstreamPerReq.toFixed(2),
        loadAvg.toFixed(1),
      ]),
      [false, false, true, true, true, true, true, true, true, true],
    ),
  );
  console.log(
    "upstream calls/req: operator requests per page served. GET / needs memberInfo + balance (2) per page;\n" +
      "below 2 under load because the portal's client coalesces identical in-flight GETs of the one player session.\n" +
      `host load 1m: os.loadavg() after the run, on ${os.cpus().length} CPU(s); well above the CPU count means other processes competed.`,
  );
  for (const { delay, label, r } of results) {
    const bad = r.non2xx + r.errors + r.timeouts;
    const codes = Object.entries(r.statusCodeStats ?? {}).map(([code, { count }]) => `${code}×${count}`).join(" ");
    target(`no non-2xx/errors: ${label} @ ${delay} ms`, bad === 0 && r.requests.total > 0, `${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts (${codes})`);
  }

  const home = (d: number) => results.find((x) => x.delay === d && x.label.startsWith("GET / "))!.r;
  const p50at0 = home(0).latency.p50;
  const p50atD = home(INJECTED_MS).latency.p50;
  const limit = 1.5 * INJECTED_MS + p50at0;
  console.log(`\n== One wave (root loader) ==`);
  console.log(`under load: p50(/ @ ${INJECTED_MS} ms) = ${p50atD} ms  <  1.5 × ${INJECTED_MS} + p50(/ @ 0 ms) = ${limit} ms`);
  target(`one wave: p50 rule under load (${CONNECTIONS} connections)`, p50atD < limit, `${p50atD} ms < ${limit} ms`);

  const seq = (d: number) => median(sequential.get(d)!);
  const seqLimit = 1.5 * INJECTED_MS + seq(0);
  console.log(
    `unloaded (${SEQUENTIAL_N} sequential GET /): p50 @ 0 ms = ${seq(0).toFixed(1)} ms, @ ${INJECTED_MS} ms = ${seq(INJECTED_MS).toFixed(1)} ms ` +
      `(+${(seq(INJECTED_MS) - seq(0)).toFixed(1)} ms; one wave ≈ +${INJECTED_MS}, a 2-call waterfall ≈ +${2 * INJECTED_MS})`,
  );
  target("one wave: unloaded rule", seq(INJECTED_MS) < seqLimit, `${seq(INJECTED_MS).toFixed(1)} ms < ${seqLimit.toFixed(1)} ms`);
  console.log(`trace: one GET / with ${INJECTED_MS} ms injected → ${trace.status}, ${trace.totalMs} ms`);
  console.log(
    table(
      ["upstream call", "start ms", "end ms", "took ms"],
      trace.calls.map((c) => [`${c.method} ${c.path}${c.search}`, c.start, c.end, c.end - c.start]),
      [false, true, true, true],
    ),
  );
  const verdict = trace.calls.length === 0 ? "no upstream calls" : trace.overlapped ? "overlapped: all started before the first ended" : "SEQUENTIAL (waterfall): a call started after another had ended";
  console.log(`→ ${trace.calls.length} call(s), ${verdict}`);
  target("one wave: traced GET / overlaps", trace.status === 200 && trace.calls.length > 0 && trace.overlapped, `${trace.calls.length} call(s), ${verdict}`);

  console.log(`\n== /login size (gzip, node:zlib default level) ==`);
  console.log(
    table(
      ["resource", "raw B", "gzip B"],
      [
        ["HTML /login", sizes.html.raw, sizes.html.gz],
        ...sizes.css.map((a) => [`CSS ${a.url}`, a.raw, a.gz]),
        ...sizes.js.map((a) => [`JS  ${a.url}${a.via ? ` (${a.via})` : ""}`, a.raw, a.gz]),
      ],
      [false, true, true],
    ),
  );
  const cssGz = sizes.css.reduce((s, a) => s + a.gz, 0);
  const jsGz = sizes.js.reduce((s, a) => s + a.gz, 0);
  console.log(`HTML gzip:        ${kb(sizes.html.gz)}`);
  console.log(`CSS total gzip:   ${kb(cssGz)} in ${sizes.css.length} file(s)`);
  console.log(`JS total gzip:    ${kb(jsGz)} in ${sizes.js.length} module(s) (loaded after the page; not needed to log in)`);
  console.log(`HTML + CSS gzip:  ${kb(sizes.html.gz + cssGz)} (budget < ${kb(HTML_CSS_BUDGET)})`);
  if (noJsLoginVerified) console.log("JS needed for the login form to work: 0 bytes (verified: plain form POST → 303 → player page)");
  else console.log("JS needed for the login form to work: NOT verified (see the login target)");
  target("HTML + CSS gzip < 30 KiB", sizes.html.gz + cssGz < HTML_CSS_BUDGET, kb(sizes.html.gz + cssGz));
  target("every asset of /login loads (200)", sizes.missing.length === 0, sizes.missing.length ? `missing: ${sizes.missing.join(", ")}` : `${sizes.css.length + sizes.js.length} assets`);

  console.log(`\n== Targets ==`);
  for (const t of targets) console.log(`${t.pass ? "PASS" : "FAIL"}  ${t.name} — ${t.detail}`);
  console.log(targets.every((t) => t.pass) ? "\nALL PASS" : `\n${targets.filter((t) => !t.pass).length} FAIL`);

  async function measureSizes(loginHtml: string) {
    const assets = pageAssets(loginHtml);
    const missing: string[] = [];
    const get = async (href: string) => {
      const res = await fetch(new URL(href, `${base}/login`), { headers: { "Accept-Encoding": "identity" } });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) missing.push(`${href} (${res.status})`);
      return body;
    };
    const css: { url: string; raw: number; gz: number }[] = [];
    for (const href of assets.css) {
      const body = await get(href);
      css.push({ url: href, raw: body.length, gz: gz(body) });
    }
    // JS: the page's module entries and preloads, then whatever those modules import statically.
    const js: { url: string; raw: number; gz: number; via?: string }[] = [];
    const seen = new Set<string>();
    const queue: { href: string; via?: string }[] = assets.js.map((j) => ({ href: j.href, via: j.via }));
    while (queue.length) {
      const { href, via } = queue.shift()!;
      const abs = new URL(href, `${base}/login`);
      if (seen.has(abs.pathname)) continue;
      seen.add(abs.pathname);
      const body = await get(abs.pathname);
      js.push({ url: abs.pathname, raw: body.length, gz: gz(body), via });
      for (const dep of jsModuleImports(body.toString("utf8"))) {
        queue.push({ href: new URL(dep, abs).pathname, via: `imported by ${abs.pathname.split("/").pop()}` });
      }
    }
    return {
      html: { raw: Buffer.byteLength(loginHtml), gz: gz(loginHtml) },
      css,
      js,
      missing,
    };
  }
}

/**
 * What a browser without JavaScript does: submit the login <form> as the HTML declares it
 * (method, action, every named input it contains), with the cookies GET /login set, and follow
 * the redirect. Answers the Cookie header of the resulting player session.
 */
async function loginWithoutJs(html: string, jar: CookieJar): Promise<string> {
  const form = findForm(html, (attrs) => /\bname="password"/.test(attrs.inner));
  if (!form) {
    target("login form works without JS", false, "no <form> with a password field in /login");
    throw new Error("no login form in /login");
  }
  const method = (htmlAttr(form.attrs, "method") ?? "get").toLowerCase();
  const action = new URL(htmlAttr(form.attrs, "action") ?? "/login", `${base}/login`);
  const fields = formFields(form.inner, { username: USERNAME, password: PASSWORD });
  const body = new URLSearchParams(fields).toString();
  const post = await fetch(action, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: jar.header(),
      Origin: base,
      Referer: `${base}/login`,
    },
    body,
  });
  await post.arrayBuffer();
  jar.take(post.headers);
  const location = post.headers.get("location");
  const ok303 = method === "post" && post.status === 303 && location !== null && new URL(location, base).pathname === "/";

  const home = await fetch(`${base}/`, { headers: { Cookie: jar.header() } });
  const homeHtml = await home.text();
  const showsPlayer = home.status === 200 && homeHtml.includes(NICKNAME);
  noJsLoginVerified = ok303 && showsPlayer;
  target(
    "login form works without JS (plain POST → 303 /)",
    noJsLoginVerified,
    `<form method="${method}" action="${action.pathname}"> fields [${[...fields.map(([k]) => k)].join(", ")}] → ${post.status} ${location ?? ""}; GET / → ${home.status}, "${NICKNAME}" ${showsPlayer ? "shown" : "missing"}`,
  );
  if (!noJsLoginVerified) throw new Error(`login failed: POST ${action.pathname} → ${post.status} ${location ?? ""}`);
  if (!jar.has("__session")) throw new Error("no __session cookie after login");
  return jar.header();
}

async function traceOnePage(cookie: string) {
  operator.resetCalls();
  const t0 = Date.now();
  const res = await fetch(`${base}/`, { headers: { cookie } });
  await res.text();
  const totalMs = Date.now() - t0;
  const calls = operator.calls.map((c) => ({ method: c.method, path: c.path, search: c.search, start: c.startedAt - t0, end: c.endedAt - t0 }));
  const firstEnd = Math.min(...calls.map((c) => c.end));
  const overlapped = calls.every((c) => c.start < firstEnd);
  return { status: res.status, totalMs, calls, overlapped };
}

function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

async function sequentialLatencies(urlPath: string, headers: Record<string, string>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${urlPath}`, { headers: { "accept-encoding": "gzip", ...headers } });
    await res.arrayBuffer();
    out.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`GET ${urlPath} answered ${res.status}`);
  }
  return out;
}

function cannon(urlPath: string, headers: Record<string, string>, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${base}${urlPath}`,
    connections: CONNECTIONS,
    duration,
    headers: { "accept-encoding": "gzip", ...headers },
    ...(WORKERS > 0 ? { workers: WORKERS } : {}),
  });
}

// ── go ──────────────────────────────────────────────────────────────────────────────────

let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error("\nbench aborted:", error);
  exitCode = 2;
} finally {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await operator.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = exitCode || (targets.every((t) => t.pass) ? 0 : 1);
