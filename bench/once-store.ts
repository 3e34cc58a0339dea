/**
 * `npx tsx bench/once-store.ts`: what one player's posts for a minute leave in the one-time key
 * store (issue 22 §4, decision 035). BENCH_WORKERS (4) loops post for BENCH_SECONDS (60) s through
 * once() itself, with no operator in between — far more posts than a player gets through the
 * portal in that time — alternating a refusal that echoes BENCH_REMARKS_KB (250) KB of remarks
 * (what a claim's refusal carried) and a transfer's recorded redirect. Prints the posts, the rows
 * kept, the store's bytes on disk (database and write-ahead log) and the time of an ordinary post
 * at the start and at the end.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { json, redirect } from "@remix-run/node";

const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const REMARKS = "备".repeat(Math.round((Number(process.env.BENCH_REMARKS_KB ?? 250) * 1024) / 3));

const dir = mkdtempSync(path.join(tmpdir(), "once-store-bench-"));
process.env.DATA_DIR = dir;
process.env.SESSION_SECRET = "once-store-bench-secret";
const { once, newOnceKey } = await import("../app/server/once.server");
const sessions = await import("../app/server/session.server");
const { portalDb } = await import("../app/server/state/sqlite.server");

const fresh = await sessions.getSession(new Request("http://portal.bench/"));
fresh.set("token", "t");
const cookie = (await sessions.commitSession(fresh)).split(";")[0];
const session = await sessions.getSession(new Request("http://portal.bench/", { headers: { Cookie: cookie } }));

function opening(key: string, remarks = "") {
  const formData = new FormData();
  formData.set("once", key);
  if (remarks) formData.set("remarks", remarks);
  return { formData, session, path: "/member/transferFund" };
}

const bytesOnDisk = () =>
  ["portal.db", "portal.db-wal"].reduce((sum, f) => {
    try {
      return sum + statSync(path.join(dir, f)).size;
    } catch {
      return sum;
    }
  }, 0);

async function ordinaryPostMs(): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < 20; i++) await once(opening(newOnceKey()), async () => redirect("/member/transferFund?from=MAIN", 303));
  return (performance.now() - start) / 20;
}

const before = bytesOnDisk();
const firstMs = await ordinaryPostMs();
let posts = 0;
const end = Date.now() + SECONDS * 1000;
await Promise.all(
  Array.from({ length: WORKERS }, async () => {
    while (Date.now() < end) {
      const refused = posts % 2 === 0;
      await once(opening(newOnceKey(), refused ? REMARKS : ""), async () =>
        refused ? json({ remarks: REMARKS, error: "claim_refused" }, { status: 400 }) : redirect("/member/transferFund?from=MAIN", 303),
      );
      posts++;
    }
  }),
);
const lastMs = await ordinaryPostMs();
const rows = (portalDb().prepare("SELECT COUNT(*) AS n FROM once_submissions").get() as { n: number }).n;
const after = bytesOnDisk();
console.log(
  JSON.stringify(
    {
      seconds: SECONDS,
      workers: WORKERS,
      posts,
      rowsKept: rows,
      storeMB: +((after - before) / 1024 / 1024).toFixed(2),
      ordinaryPostMs: { first: +firstMs.toFixed(2), last: +lastMs.toFixed(2) },
    },
    null,
    2,
  ),
);
rmSync(dir, { recursive: true, force: true });
process.exit(0);
