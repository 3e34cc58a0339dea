/**
 * `npm run bench:memory`: the portal's resident memory under what a visitor can send (issue 8,
 * section 3). The production build (build/, made when missing; BENCH_BUILD=1 rebuilds) is served
 * in a child process of its own (bench/serve.ts, the Express stack of server/app.ts) against the
 * reference operator in this process; the child's RSS is read from /proc/<pid>/status:
 *
 *   1. baseline: after a warm-up (one login page, a few pages);
 *   2. after BENCH_POSTS (20,000) login posts, each with a distinct random username of 1 to
 *      BENCH_FIELD_CHARS (261,120: what the 256 KiB form limit of openAction leaves beside the
 *      other fields) characters, with one browser's cookies and CSRF token (the
 *      login limits are raised as in the speed bench: every post reaches the limiter);
 *   3. after BENCH_VISITORS (40,000) new visitors: GET / without cookies;
 *   4. after BENCH_IDLE_S (130 s: two login windows and a sweep) of no requests, sampled on the way;
 *   and, right after the baseline, BENCH_UPLOADS (3) posts of a BENCH_UPLOAD_MB (50) MB image to
 *   the reward claim action as player01 (issue 10): the rise of the peak RSS (VmHWM) is what
 *   holding the body would cost; streamed, the file is read and dropped;
 *   and then BENCH_FLOOD (80) cookie-less posts at once of three 5 MB images each to the same
 *   action (issue 22): each is refused (403) before its body is read, so RSS should not move.
 *
 * Each time twice: the RSS as found (what the machine sees, garbage V8 has not collected yet
 * included), then after full garbage collections asked for with SIGUSR2 (the child runs with
 * --expose-gc and GC_ON_SIGNAL), with the JS heap in use: what the portal still holds.
 *
 * Knobs (env): BENCH_POSTS, BENCH_FIELD_CHARS, BENCH_VISITORS, BENCH_IDLE_S, BENCH_CONCURRENCY (16), BENCH_UPLOADS,
 * BENCH_UPLOAD_MB, BENCH_FLOOD, BENCH_BUILD.
 * Exit code 2 when the bench itself fails.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { startReferenceOperator, type ReferenceOperator } from "../server/operator/index";
import { CookieJar, findForm, formFields } from "./html";
import { logIn } from "./login";
import { PORTAL, portalEnv, remixBuild, startServer, type ServerProcess } from "./servers";

const POSTS = Number(process.env.BENCH_POSTS ?? 20_000);
const FIELD_CHARS = Number(process.env.BENCH_FIELD_CHARS ?? 255 * 1024);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 40_000);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 130);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 3);
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 50);
const FLOOD = Number(process.env.BENCH_FLOOD ?? 80);

/**
 * Loaded into the portal's process before anything else: SIGUSR2 runs two full garbage
 * collections (the second frees what the first one's finalizers let go, such as request bodies)
 * and writes process.memoryUsage() to BENCH_MEMORY_FILE.
 */
const GC_ON_SIGNAL = `data:text/javascript,${encodeURIComponent(`
  import { writeFileSync } from "node:fs";
  process.on("SIGUSR2", () => {
    globalThis.gc();
    globalThis.gc();
    writeFileSync(process.env.BENCH_MEMORY_FILE, JSON.stringify(process.memoryUsage()));
  });
`)}`;

const MiB = 1024 * 1024;
const mib = (bytes: number) => (bytes / MiB).toFixed(1);

/** VmRSS and VmHWM (peak) of a process, in bytes. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kib("VmRSS"), peak: kib("VmHWM") };
}

/** Runs `task` n times, `concurrency` at a time; answers how many of each status came back. */
async function times(n: number, task: (i: number) => Promise<number>): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const status = await task(next++);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return statuses;
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** A username no other post used: random letters and digits, 1 to FIELD_CHARS of them. */
function randomUsername(): string {
  const length = 1 + Math.floor(Math.random() * FIELD_CHARS);
  const bytes = randomBytes(length);
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i] % ALPHABET.length];
  return out;
}

const describeStatuses = (s: Map<number, number>) =>
  [...s]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count.toLocaleString("en-US")} × ${status}`)
    .join(", ");

interface Row {
  phase: string;
  rss: number;
  collected: number;
  heapUsed: number;
  peak: number;
  seconds: number;
  note: string;
}

let uploadFigure = "";
let floodFigure = "";

/** A request body pulled from a generator one chunk at a time. */
function streamOf(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
}

/**
 * Logs player01 in, opens the first promotion's apply dialog (as a page) and posts a multipart body
 * with one UPLOAD_MB image, streamed from a generator so this process does not hold it either.
 */
async function claimUploads(base: string): Promise<Map<number, number>> {
  const jar = await logIn(base, "player01", "Player123");
  const centre = await (await fetch(`${base}/member/rewardCenter`, { headers: { Cookie: jar.header() } })).text();
  const apply = /href="(\/member\/rewardCenter\/apply\/\d+)[^"]*"/.exec(centre)?.[1];
  if (!apply) throw new Error("no promotion to apply for on /member/rewardCenter");
  const statuses = new Map<number, number>();
  for (let i = 0; i < UPLOADS; i++) {
    const page = await fetch(`${base}${apply}`, { headers: { Cookie: jar.header() } });
    jar.take(page.headers);
    const form = findForm(await page.text(), (f) => /\bname="pictures"/.test(f.inner));
    if (!form) throw new Error(`no claim form at ${apply}`);
    const fields = formFields(form.inner, { remarks: "bench upload" }).filter(([name]) => name !== "pictures");
    const boundary = `----bench${randomBytes(8).toString("hex")}`;
    const encoder = new TextEncoder();
    const size = UPLOAD_MB * MiB;
    const chunk = new Uint8Array(256 * 1024);
    chunk.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    async function* body() {
      for (const [name, value] of fields) {
        yield encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
      }
      yield encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="pictures"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      for (let sent = 0; sent < size; sent += chunk.length) yield chunk;
      yield encoder.encode(`\r\n--${boundary}--\r\n`);
    }
    const res = await fetch(`${base}${apply}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: jar.header(), Origin: base },
      body: streamOf(body()),
      duplex: "half",
    } as RequestInit);
    await res.arrayBuffer();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
  return statuses;
}

/** FLOOD posts at once, without cookies, of three 5 MB images each, streamed from one reused chunk. */
async function cookieLessFlood(base: string, apply: string): Promise<Map<number, number>> {
  const boundary = `----flood${randomBytes(8).toString("hex")}`;
  const encoder = new TextEncoder();
  const chunk = new Uint8Array(256 * 1024);
  chunk.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  async function* body() {
    for (let i = 0; i < 3; i++) {
      yield encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="pictures"; filename="${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      for (let sent = 0; sent < 5 * MiB; sent += chunk.length) yield chunk;
      yield encoder.encode("\r\n");
    }
    yield encoder.encode(`--${boundary}--\r\n`);
  }
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: FLOOD }, async () => {
      const res = await fetch(`${base}${apply}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Origin: base },
        body: streamOf(body()),
        duplex: "half",
      } as RequestInit);
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }),
  );
  return statuses;
}

async function main() {
  if (process.env.BENCH_BUILD === "1" || !existsSync(PORTAL.buildFile)) {
    process.stdout.write("remix build portal… ");
    console.log(`${remixBuild(PORTAL).toFixed(1)} s`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-bench-memory-"));
  let operator: ReferenceOperator | undefined;
  let portal: ServerProcess | undefined;
  try {
    operator = await startReferenceOperator({ port: 0, dbPath: ":memory:", mode: "test", delayMs: 0 });
    const memoryFile = path.join(dataDir, "memory.json");
    const env = { ...portalEnv(operator, dataDir), BENCH_MEMORY_FILE: memoryFile };
    portal = await startServer(PORTAL, env, ["--expose-gc", "--import", GC_ON_SIGNAL]);
    const base = portal.url;
    const pid = portal.pid;
    console.log(
      `portal ${base} (pid ${pid}), operator ${operator.url} (this process); ${os.cpus().length} CPU(s), ${CONCURRENCY} at a time\n`,
    );

    const rows: Row[] = [];
    let t0 = performance.now();
    const record = async (phase: string, note = "") => {
      const seconds = (performance.now() - t0) / 1000;
      const { rss, peak } = memoryOf(pid);
      rmSync(memoryFile, { force: true });
      process.kill(pid, "SIGUSR2");
      for (let waited = 0; !existsSync(memoryFile); waited += 100) {
        if (waited > 10_000) throw new Error("the portal did not answer SIGUSR2");
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, 500));
      const collected = memoryOf(pid).rss;
      const { heapUsed } = JSON.parse(readFileSync(memoryFile, "utf8")) as NodeJS.MemoryUsage;
      rows.push({ phase, rss, collected, heapUsed, peak, seconds, note });
      console.log(
        `${phase}: RSS ${mib(rss)} MiB; after a full GC ${mib(collected)} MiB, JS heap ${mib(heapUsed)} MiB (peak RSS ${mib(peak)} MiB)${note ? ` — ${note}` : ""}`,
      );
      t0 = performance.now();
    };

    // Warm-up: the pages this bench asks for, a few times each (code loaded, caches filled).
    const jar = new CookieJar();
    let loginHtml = "";
    for (let i = 0; i < 20; i++) {
      const page = await fetch(`${base}/login`, { headers: i === 0 ? {} : { Cookie: jar.header() } });
      loginHtml = await page.text();
      if (i === 0) jar.take(page.headers);
      await (await fetch(`${base}/`)).arrayBuffer();
    }
    const form = findForm(loginHtml, (f) => /\bname="password"/.test(f.inner));
    if (!form) throw new Error("no login form in /login");
    const fields = formFields(form.inner, { password: "WrongPass1" });
    if (!fields.some(([name]) => name === "csrf")) throw new Error("the login form carries no CSRF token");
    const cookie = jar.header();
    const post = async (username: string) => {
      const body = new URLSearchParams([...fields.filter(([name]) => name !== "username"), ["username", username]]);
      const res = await fetch(`${base}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: base, Referer: `${base}/login` },
        body: body.toString(),
      });
      await res.arrayBuffer();
      return res.status;
    };
    for (let i = 0; i < 20; i++) await post(randomUsername());
    await new Promise((r) => setTimeout(r, 2000));
    await record("baseline", "after a warm-up of 40 pages and 20 posts");

    if (UPLOADS > 0) {
      const before = memoryOf(pid);
      const statuses = await claimUploads(base);
      const after = memoryOf(pid);
      uploadFigure = `${UPLOADS} × ${UPLOAD_MB} MB image posted to the claim action (${describeStatuses(statuses)}): peak RSS ${mib(before.peak)} → ${mib(after.peak)} MiB (${after.peak - before.peak >= 0 ? "+" : ""}${mib(after.peak - before.peak)}), RSS ${mib(before.rss)} → ${mib(after.rss)} MiB`;
      await record(`after ${UPLOADS} × ${UPLOAD_MB} MB uploads`, uploadFigure);
    }

    if (FLOOD > 0) {
      const before = memoryOf(pid);
      const statuses = await cookieLessFlood(base, "/member/rewardCenter/apply/1");
      const after = memoryOf(pid);
      floodFigure = `${FLOOD} cookie-less posts at once of 3 × 5 MB images (${describeStatuses(statuses)}): RSS ${mib(before.rss)} → ${mib(after.rss)} MiB (${after.rss - before.rss >= 0 ? "+" : ""}${mib(after.rss - before.rss)}), peak RSS ${mib(before.peak)} → ${mib(after.peak)} MiB`;
      await record(`after ${FLOOD} cookie-less uploads`, floodFigure);
    }

    const posted = await times(POSTS, () => post(randomUsername()));
    await record(
      `after ${POSTS.toLocaleString("en-US")} login posts`,
      `usernames of 1 to ${FIELD_CHARS.toLocaleString("en-US")} chars: ${describeStatuses(posted)}`,
    );

    const visited = await times(VISITORS, async () => {
      const res = await fetch(`${base}/`);
      await res.arrayBuffer();
      return res.status;
    });
    await record(`after ${VISITORS.toLocaleString("en-US")} new visitors`, `GET / without cookies: ${describeStatuses(visited)}`);

    const step = 30;
    for (let waited = 0; waited < IDLE_S;) {
      const s = Math.min(step, IDLE_S - waited);
      await new Promise((r) => setTimeout(r, s * 1000));
      waited += s;
      await record(`after ${waited} s idle`);
    }

    if (uploadFigure) console.log(`\nuploads: ${uploadFigure}`);
    if (floodFigure) console.log(`cookie-less uploads: ${floodFigure}`);
    const signed = (bytes: number) => `${bytes >= 0 ? "+" : ""}${mib(bytes)}`;
    const width = Math.max(...rows.map((r) => r.phase.length));
    console.log(`\n${" ".repeat(width)}  as found              after a full GC`);
    console.log(`${"phase".padEnd(width)}  RSS MiB  vs baseline  RSS MiB  vs baseline  JS heap MiB  peak RSS MiB  seconds`);
    console.log(`${"-".repeat(width)}  -------  -----------  -------  -----------  -----------  ------------  -------`);
    for (const r of rows) {
      console.log(
        [
          r.phase.padEnd(width),
          mib(r.rss).padStart(7),
          signed(r.rss - rows[0].rss).padStart(11),
          mib(r.collected).padStart(7),
          signed(r.collected - rows[0].collected).padStart(11),
          mib(r.heapUsed).padStart(11),
          mib(r.peak).padStart(12),
          r.seconds.toFixed(0).padStart(7),
        ].join("  "),
      );
    }
  } finally {
    await portal?.close();
    await operator?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
