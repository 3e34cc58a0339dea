/**
 * `npm run fuzz [perAction] [seed]`: the generated hostile requests of tests/server/fuzz.test.ts,
 * many more of them (default 2,000 per action and 4,000 page views), against the built portal.
 * Prints the answers by status and by action, and every 5xx or redirect off the site; exits 1
 * when there is one.
 */
import { describe, fuzz, sitePaths } from "../tests/support/fuzz";
import { startLivePortal } from "../tests/support/live-portal";

const perAction = Number(process.argv[2] ?? 2000);
const seed = Number(process.argv[3] ?? Date.now() % 1_000_000);

async function main() {
  const portal = await startLivePortal({ LOGIN_RATE_LIMIT_PER_IP: "1000000", LOGIN_RATE_LIMIT_PER_USERNAME: "1000000" });
  const site = sitePaths(portal.build.routes as never);
  const t0 = performance.now();
  const outcomes = await fuzz(portal.url, site, { perAction, pageViews: perAction * 2, seed, concurrency: 8 });
  const seconds = (performance.now() - t0) / 1000;
  await portal.close();

  const byStatus = new Map<number, number>();
  const byPath = new Map<string, Map<number, number>>();
  for (const o of outcomes) {
    byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
    const key = `${o.request.method} ${o.request.path.split("?")[0]}`;
    const row = byPath.get(key) ?? new Map<number, number>();
    row.set(o.status, (row.get(o.status) ?? 0) + 1);
    byPath.set(key, row);
  }
  const own = new URL(portal.url).host;
  const failed = outcomes.filter((o) => o.status >= 500);
  const away = outcomes.filter((o) => o.location && o.location.host !== own && o.location.host !== "oauth.telegram.org");

  console.log(`\n${outcomes.length} requests (seed ${seed}) in ${seconds.toFixed(1)} s`);
  console.log(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join("  "),
  );
  for (const [key, row] of [...byPath].sort()) {
    console.log(
      `  ${key.padEnd(34)} ${[...row]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(" ")}`,
    );
  }
  console.log(`\n5xx: ${failed.length}   left the site: ${away.length}`);
  for (const o of [...failed, ...away].slice(0, 30)) console.log(`  ${describe(o)}`);
  process.exit(failed.length || away.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
