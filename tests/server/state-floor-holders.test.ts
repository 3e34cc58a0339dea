/**
 * One floor for what the portal remembers (decision 050): a module-level collection that starts
 * empty and fills while the portal runs is state, and state outside app/server/state/ is state a
 * second process would not see. So is a database handle. This test fails when one appears
 * outside the floor; the caches below are allowed, each for its reason.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const FLOOR = "app/server/state/";

/** Per-process caches and per-request notes: nothing a player's next request needs from this process. */
const ALLOWED: Record<string, string> = {
  "app/components/shared-fragment.tsx:arrived": "the browser's copy of shared fragments (client code)",
  "app/server/security-headers.server.ts:seenOrigins": "origins of operator data noted for the CSP, derived again by any process",
  "app/server/page-cache.server.ts:pages": "guest pages drawn once per process (decision 042), keyed by the operator data's version",
  "app/server/fragments.server.tsx:stored": "shared fragments drawn once per process (decision 041)",
  "app/server/fragments.server.tsx:digests": "digests of objects already hashed (weak)",
  "app/server/session.server.ts:newDeviceIds": "one new device id per request's load context (weak)",
  "app/server/upload.server.ts:inFlight": "uploads being read by this process: a cap on this process's own memory",
  "app/operator/encryption.server.ts:publicKeyCache": "the operator's public key, parsed once",
  "app/schemas/login.ts:built": "login schemas built once per rule set",
  "app/features/member/inbox.server.ts:readsByRequest": "one read per request (weak)",
  "app/features/member/rewards.server.ts:listsUnderWay": "a read in flight joined within this process; nothing is kept once answered",
  "app/features/content/speed-test.server.ts:held": "timings of public domains, the same for every player",
  "app/features/content/download.server.ts:qrMemo": "QR images of public addresses",
  "app/features/content/page-meta.server.ts:made": "page titles and descriptions from public settings",
  "app/features/games/home.server.ts:NO_FAVOURITES": "an empty constant",
  "app/i18n/translation.tsx:looked": "translation look-ups",
  "app/i18n/translation.tsx:scopes": "translation scopes (weak)",
  "app/i18n/instances.server.ts:instances": "one i18next instance per language",
  "app/routes/payment-confirmation.tsx:refusedPosts": "requests already refused, within one request (weak)",
  "app/routes/_auth+/login.server.ts:constraints": "form constraints built once per rule set",
  "app/features/content/help.server.ts:helpTopics": "a pure memo of the help tree by its answer",
  "app/lib/memo.ts:level": "the pure memo's factory (by arguments)",
  "app/server/notify/index.server.ts:streamsBySession": "this process's open event streams (connections), by session, to close on a logout",
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** A module-level declaration (no indentation) holding a collection made empty. */
const HOLDER = /^(?:export )?(?:const|let) (\w+)\b.*\bnew (?:Map|Set|WeakMap|WeakSet)(?:<.*>)?\(\)/;
const DATABASE = /from "(?:better-sqlite3|~\/server\/state\/sqlite\.server)"|new Database\(/;

describe("the state floor holds the portal's state", () => {
  const files = sources("app").map((file) => file.split(path.sep).join("/"));

  it("no module outside app/server/state/ keeps a collection at module level, but the allowed caches", () => {
    const found: string[] = [];
    for (const file of files.filter((f) => !f.startsWith(FLOOR))) {
      for (const line of readFileSync(file, "utf8").split("\n")) {
        const name = HOLDER.exec(line)?.[1];
        if (name) found.push(`${file}:${name}`);
      }
    }
    expect(found.filter((holder) => !(holder in ALLOWED))).toEqual([]);
    // An allowance whose holder is gone is removed with it.
    expect(Object.keys(ALLOWED).filter((holder) => !found.includes(holder))).toEqual([]);
  });

  it("no module outside app/server/state/ opens or imports the database", () => {
    const found = files.filter((file) => !file.startsWith(FLOOR) && DATABASE.test(readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  });

  it("the check sees a holder written the usual ways", () => {
    for (const line of [
      "const kept = new Map<string, number>();",
      "export let seen = new Set();",
      "const inFlight = { total: 0, byClient: new Map<string, number>() };",
    ]) {
      expect(HOLDER.test(line), line).toBe(true);
    }
    for (const line of ["  const kept = new Map();", 'const FIXED = new Set(["a", "b"]);']) expect(HOLDER.test(line), line).toBe(false);
  });
});
