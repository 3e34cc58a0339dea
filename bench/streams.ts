/**
 * `npm run bench:streams`: the notification streams of one portal process (issue 28, decision
 * 051). The production build is served in a child process (bench/serve.ts) against the reference
 * operator and its embedded STOMP broker in this process:
 *
 *   1. BENCH_MEMBERS (100) members log in BENCH_SESSIONS_EACH (10) times each: 1,000 sessions;
 *   2. each session opens /resources/notifications (from 127.0.0.2–.11, so that the per-client
 *      connection cap of server/app.ts, 128, is not what is measured); the portal's RSS before
 *      and after, and its CPU over BENCH_IDLE_S (10 s) with every stream open and nothing sent;
 *   3. BENCH_MESSAGES (1,000) ONLINE_MSG published at the broker, one member's user topic each in
 *      turn, BENCH_RATE (200) a second: each reaches that member's 10 streams; the time from
 *      publish to each delivery, p50 and p99, and how many were lost or doubled;
 *   4. page views with the broker down: a second portal pointed at a broker address where nothing
 *      listens, GET / as a player BENCH_VIEWS (200) times against the first portal's own.
 *
 * Exit code 2 when the bench itself fails, 1 when a delivery was lost or doubled.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startReferenceOperator, type ReferenceOperator } from "../server/operator/index";
import { logIn } from "./login";
import { PORTAL, portalEnv, remixBuild, startServer, type ServerProcess } from "./servers";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100);
const SESSIONS_EACH = Number(process.env.BENCH_SESSIONS_EACH ?? 10);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 10);
const VIEWS = Number(process.env.BENCH_VIEWS ?? 200);
const SOURCES = 10;

const MiB = 1024 * 1024;
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) * 1024;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const login = async (base: string, username: string, password: string) => (await logIn(base, username, password)).header();

interface Stream {
  member: number;
  close(): void;
}

/** Opens a stream and calls `heard(id)` for each notice; resolves once the answer's headers came. */
function openStream(base: string, cookie: string, source: string, member: number, heard: (id: string) => void): Promise<Stream> {
  const url = new URL("/resources/notifications", base);
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: { Cookie: cookie, Accept: "text/event-stream" },
        localAddress: source,
      },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream: ${response.statusCode}`));
        let buffer = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!/^event: notice$/m.test(event)) continue;
            const data = /^data: (.*)$/m.exec(event)?.[1];
            if (data) heard((JSON.parse(data) as { id: string }).id);
          }
        });
        resolve({ member, close: () => request.destroy() });
      },
    );
    request.on("error", reject);
  });
}

async function pageViews(base: string, cookie: string, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/`, { headers: { Cookie: cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET / → ${res.status}`);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

async function main() {
  remixBuild(PORTAL);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-streams-"));
  let operator: ReferenceOperator | undefined;
  let portal: ServerProcess | undefined;
  let downPortal: ServerProcess | undefined;
  const streams: Stream[] = [];
  try {
    operator = await startReferenceOperator({ port: 0, dbPath: ":memory:", mode: "test", delayMs: 0 });
    const env = { ...portalEnv(operator, dataDir), OPERATOR_BROKER_URL: operator.brokerUrl };
    portal = await startServer(PORTAL, env);
    const base = portal.url;
    console.log(
      `portal ${base} (pid ${portal.pid}), operator ${operator.url} and broker ${operator.brokerUrl} (this process); ${os.cpus().length} CPU(s)\n`,
    );

    const members: { username: string; id: number }[] = [];
    for (let m = 0; m < MEMBERS; m++) {
      const username = `bench${String(m).padStart(4, "0")}`;
      const res = await fetch(`${operator.url}/__reference/members`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username, password: "Bench1234", balance: "100.00" }),
      });
      const body = (await res.json()) as { value?: { id?: number } };
      members.push({ username, id: Number(body.value?.id) });
    }
    let t0 = performance.now();
    const cookies: { member: number; cookie: string }[] = [];
    for (let m = 0; m < MEMBERS; m++) {
      for (let s = 0; s < SESSIONS_EACH; s++) cookies.push({ member: m, cookie: await login(base, members[m].username, "Bench1234") });
    }
    console.log(`${cookies.length} sessions logged in (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

    await sleep(1000);
    const rssBefore = rssOf(portal.pid);
    const deliveries = new Map<string, number[]>();
    t0 = performance.now();
    for (const [i, { member, cookie }] of cookies.entries()) {
      const source = `127.0.0.${2 + (i % SOURCES)}`;
      streams.push(
        await openStream(base, cookie, source, member, (id) => {
          const at = performance.now();
          const list = deliveries.get(id);
          if (list) list.push(at);
          else deliveries.set(id, [at]);
        }),
      );
    }
    console.log(`${streams.length} streams open (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    // Every topic held and subscribed at the broker before anything is published.
    await sleep(2000);
    const rssOpen = rssOf(portal.pid);
    const cpu0 = await portal.cpuMs();
    await sleep(IDLE_S * 1000);
    const idleCpuMs = (await portal.cpuMs()) - cpu0;

    // 3. publish → delivery
    const published = new Map<string, { at: number; member: number }>();
    const cpu1 = await portal.cpuMs();
    t0 = performance.now();
    for (let i = 0; i < MESSAGES; i++) {
      const member = i % MEMBERS;
      const id = `bench-${i}`;
      const due = t0 + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      published.set(id, { at: performance.now(), member });
      operator.publish(`/topic/user.${operator.merchantCode}.${members[member].id}`, {
        id,
        type: "ONLINE_MSG",
        time: Date.now(),
        message: `bench ${i}`,
      });
    }
    const expected = MESSAGES * SESSIONS_EACH;
    const deadline = performance.now() + 30_000;
    const count = () => [...deliveries.values()].reduce((n, list) => n + list.length, 0);
    while (count() < expected && performance.now() < deadline) await sleep(100);
    const sendCpuMs = (await portal.cpuMs()) - cpu1;
    const latencies: number[] = [];
    let lost = 0;
    let doubled = 0;
    for (const [id, { at }] of published) {
      const list = deliveries.get(id) ?? [];
      lost += Math.max(0, SESSIONS_EACH - list.length);
      doubled += Math.max(0, list.length - SESSIONS_EACH);
      for (const got of list) latencies.push(got - at);
    }
    latencies.sort((a, b) => a - b);

    // 4. page views, broker up (this portal) and down (a portal whose broker address is dead)
    const viewer = cookies[0].cookie;
    const up = await pageViews(base, viewer, VIEWS);
    for (const stream of streams.splice(0)) stream.close();
    downPortal = await startServer(PORTAL, {
      ...portalEnv(operator, mkdtempSync(path.join(dataDir, "down-"))),
      OPERATOR_BROKER_URL: "ws://127.0.0.1:9/ws",
    });
    const downViewer = await login(downPortal.url, members[0].username, "Bench1234");
    await pageViews(downPortal.url, downViewer, 20);
    const down = await pageViews(downPortal.url, downViewer, VIEWS);

    console.log("\n| figure | value |\n|---|---|");
    console.log(`| open streams | ${streams.length || cookies.length} (${MEMBERS} players × ${SESSIONS_EACH} sessions) |`);
    console.log(
      `| RSS before the streams → with them open | ${(rssBefore / MiB).toFixed(1)} → ${(rssOpen / MiB).toFixed(1)} MiB (+${((rssOpen - rssBefore) / 1024 / cookies.length).toFixed(1)} KiB a stream) |`,
    );
    console.log(
      `| CPU over ${IDLE_S} s idle with every stream open | ${idleCpuMs.toFixed(0)} ms (${((idleCpuMs / (IDLE_S * 1000)) * 100).toFixed(2)} % of one core) |`,
    );
    console.log(
      `| ${MESSAGES} messages at ${RATE}/s, ${expected} deliveries | ${count()} delivered, ${lost} lost, ${doubled} doubled; portal CPU ${sendCpuMs.toFixed(0)} ms |`,
    );
    console.log(
      `| publish → delivery p50 / p99 / max | ${pct(latencies, 50).toFixed(1)} / ${pct(latencies, 99).toFixed(1)} / ${latencies.at(-1)?.toFixed(1)} ms |`,
    );
    console.log(`| GET / as a player, broker up: p50 / p99 | ${pct(up, 50).toFixed(1)} / ${pct(up, 99).toFixed(1)} ms |`);
    console.log(`| GET / as a player, broker down: p50 / p99 | ${pct(down, 50).toFixed(1)} / ${pct(down, 99).toFixed(1)} ms |`);
    process.exitCode = lost || doubled ? 1 : 0;
  } finally {
    for (const stream of streams) stream.close();
    await portal?.close();
    await downPortal?.close();
    await operator?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
