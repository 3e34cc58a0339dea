/**
 * The local adapter: the state floor of one process (decision 050). What must outlive a restart
 * (sessions, the login state of a device, the one-time keys) lives in the portal's SQLite file
 * (sqlite.server.ts); what must never touch a disk (a pending login's sealed password) and what
 * is worth nothing after a restart (limit counters, claims, announcements) lives in memory.
 * Announcements reach this process's own listeners only, so more than one process needs Redis.
 */
import { EventEmitter } from "node:events";
import type { Limiter, OnceRecords, OnceRow, OnceState, Records, RecordsName, Secrets, StateFloor } from "./port";
import { SlidingWindowLimiter } from "./sliding-window.server";
import { portalDb } from "./sqlite.server";

/** The SQLite table of each record store (the tables of the first versions, kept). */
const TABLES: Record<RecordsName, { table: string; id: string }> = {
  sessions: { table: "sessions", id: "id" },
  loginStates: { table: "device_login_state", id: "device_id" },
  notices: { table: "player_notices", id: "player_key" },
};

function sqliteRecords(name: RecordsName): Records {
  const { table, id } = TABLES[name];
  let statements: ReturnType<typeof prepare> | undefined;
  function prepare() {
    const db = portalDb();
    return {
      db,
      select: db.prepare(`SELECT data, expires FROM ${table} WHERE ${id} = ?`),
      upsert: db.prepare(
        `INSERT INTO ${table} (${id}, data, expires) VALUES (?, ?, ?) ON CONFLICT(${id}) DO UPDATE SET data = excluded.data, expires = excluded.expires`,
      ),
      remove: db.prepare(`DELETE FROM ${table} WHERE ${id} = ?`),
      sweep: db.prepare(`DELETE FROM ${table} WHERE expires < ?`),
    };
  }
  // The handle is re-read when a test opened a new database.
  const sql = () => (statements?.db === portalDb() ? statements : (statements = prepare()));
  let lastSweep = 0;
  return {
    async get(key) {
      const row = sql().select.get(key) as { data: string; expires: number } | undefined;
      if (!row) return null;
      if (row.expires < Date.now()) {
        sql().remove.run(key);
        return null;
      }
      return row.data;
    },
    async set(key, value, expiresAt) {
      const now = Date.now();
      // Expired rows go now and then, on a write: a read never pays for it.
      if (now - lastSweep > 60_000) {
        lastSweep = now;
        sql().sweep.run(now);
      }
      sql().upsert.run(key, value, expiresAt);
    },
    async delete(key) {
      sql().remove.run(key);
    },
  };
}

/** Pending logins held at most; each costs a few hundred bytes. */
export const MAX_SECRETS = 10_000;

interface Held {
  sealed: Buffer;
  expiresAt: number;
  wrong: number;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Secrets in this process's memory, in the order held (the first is the oldest): each leaves
 * memory when it ends, by a timer of its own (unref'd: it never keeps the process alive), its
 * bytes zeroed.
 */
export class MemorySecrets implements Secrets {
  private readonly held = new Map<string, Held>();
  constructor(private readonly max = MAX_SECRETS) {}

  /** What memory holds (for tests): the id and a copy of the sealed bytes. */
  entries(): Array<{ id: string; sealed: Buffer; expiresAt: number }> {
    return [...this.held].map(([id, h]) => ({ id, sealed: Buffer.from(h.sealed), expiresAt: h.expiresAt }));
  }

  async put(id: string, sealed: Buffer, expiresAt: number) {
    this.forget(id);
    while (this.held.size >= this.max) this.forget(this.held.keys().next().value!);
    const timer = setTimeout(() => this.forget(id), Math.max(0, expiresAt - Date.now()));
    timer.unref?.();
    this.held.set(id, { sealed, expiresAt, wrong: 0, timer });
  }

  async get(id: string) {
    const h = this.held.get(id);
    return h ? { sealed: h.sealed, expiresAt: h.expiresAt } : null;
  }

  async countWrong(id: string) {
    const h = this.held.get(id);
    if (!h) return 0;
    return ++h.wrong;
  }

  async delete(id: string) {
    this.forget(id);
  }

  private forget(id: string) {
    const h = this.held.get(id);
    if (!h) return;
    clearTimeout(h.timer);
    h.sealed.fill(0);
    this.held.delete(id);
  }
}

function sqliteOnce(): OnceRecords {
  let ready: ReturnType<typeof portalDb> | undefined;
  function table() {
    const db = portalDb();
    if (ready === db) return db;
    const columns = db.prepare("PRAGMA table_info(once_submissions)").all() as { name: string }[];
    // The first version kept answers in clear without an owner: its rows are a day's replays at
    // most, and cannot be sealed or capped, so they go.
    if (columns.length && !columns.some((c) => c.name === "owner")) db.exec("DROP TABLE once_submissions");
    db.exec(`CREATE TABLE IF NOT EXISTS once_submissions (
      key TEXT PRIMARY KEY,
      owner TEXT NOT NULL,        -- a hash of the session id: the per-session cap
      state TEXT NOT NULL,        -- running | done | released | unknown
      attempt INTEGER NOT NULL,   -- a retry after a refusal is a new attempt (a new idempotency key)
      answer TEXT,                -- the recorded answer (status, headers, body), sealed
      created INTEGER NOT NULL,
      expires INTEGER NOT NULL,
      started INTEGER NOT NULL DEFAULT 0  -- when the current attempt began
    )`);
    if (columns.length && !columns.some((c) => c.name === "started")) {
      db.exec("ALTER TABLE once_submissions ADD COLUMN started INTEGER NOT NULL DEFAULT 0");
    }
    db.exec("CREATE INDEX IF NOT EXISTS once_submissions_expires ON once_submissions (expires)");
    db.exec("CREATE INDEX IF NOT EXISTS once_submissions_owner ON once_submissions (owner, created)");
    ready = db;
    return db;
  }
  const read = (key: string) =>
    (table().prepare("SELECT state, attempt, answer, started FROM once_submissions WHERE key = ?").get(key) as OnceRow | undefined) ?? null;
  return {
    async claim(key, owner, now, keepMs) {
      const db = table();
      // One transaction: SQLite's lock makes the claim atomic for every process on the file.
      return db.transaction(() => {
        const fresh = db
          .prepare(
            "INSERT OR IGNORE INTO once_submissions (key, owner, state, attempt, created, expires, started) VALUES (?, ?, 'running', 1, ?, ?, ?)",
          )
          .run(key, owner, now, now + keepMs, now).changes;
        if (fresh === 1) return { claimed: true as const, attempt: 1 };
        const row = read(key);
        if (row?.state !== "released") return { claimed: false as const, row };
        const attempt = row.attempt + 1;
        db.prepare("UPDATE once_submissions SET state = 'running', attempt = ?, expires = ?, started = ? WHERE key = ?").run(
          attempt,
          now + keepMs,
          now,
          key,
        );
        return { claimed: true as const, attempt };
      })();
    },
    async read(key) {
      return read(key);
    },
    async settle(key, state: OnceState, answer) {
      table().prepare("UPDATE once_submissions SET state = ?, answer = ? WHERE key = ?").run(state, answer, key);
    },
    async drop(key) {
      table().prepare("DELETE FROM once_submissions WHERE key = ?").run(key);
    },
    async cap(owner, max) {
      const db = table();
      const { n } = db.prepare("SELECT COUNT(*) AS n FROM once_submissions WHERE owner = ?").get(owner) as { n: number };
      if (n <= max) return;
      db.prepare(
        `DELETE FROM once_submissions WHERE key IN (
           SELECT key FROM once_submissions WHERE owner = ? AND state IN ('done', 'released') ORDER BY created LIMIT ?)`,
      ).run(owner, n - max);
    },
    async sweep(now) {
      return table().prepare("DELETE FROM once_submissions WHERE expires < ?").run(now).changes;
    },
  };
}

function memoryLimiter(limit: number, windowMs: number): Limiter {
  const counts = new SlidingWindowLimiter(limit, windowMs);
  return {
    async hit(key) {
      return counts.hit(key);
    },
    async reserve(key) {
      const verdict = counts.reserve(key);
      if (!verdict.allowed) return verdict;
      return { allowed: true, release: async () => verdict.release() };
    },
  };
}

/** Claims in memory: keys by when they were made, the oldest dropped past `max`. */
function memoryClaims(max = 10_000) {
  const made = new Map<string, number>();
  return async (key: string, ttlMs: number) => {
    const now = Date.now();
    const at = made.get(key);
    if (at !== undefined && now - at < ttlMs) return false;
    made.delete(key);
    for (const [k, t] of made) {
      if (made.size < max && now - t < ttlMs) break;
      made.delete(k);
    }
    made.set(key, now);
    return true;
  };
}

/** Leases in this process: one process is all there is to hold them. */
function memoryLeases(max = 10_000) {
  const held = new Map<string, { holder: string; until: number }>();
  return {
    async lease(key: string, holder: string, ttlMs: number) {
      const now = Date.now();
      const current = held.get(key);
      if (current && current.until > now && current.holder !== holder) return false;
      held.delete(key);
      for (const [k, v] of held) {
        if (held.size < max && v.until > now) break;
        held.delete(k);
      }
      held.set(key, { holder, until: now + ttlMs });
      return true;
    },
    async unlease(key: string, holder: string) {
      if (held.get(key)?.holder === holder) held.delete(key);
    },
  };
}

export function localFloor(): StateFloor & { readonly secrets: MemorySecrets } {
  const records = {
    sessions: sqliteRecords("sessions"),
    loginStates: sqliteRecords("loginStates"),
    notices: sqliteRecords("notices"),
  };
  const leases = memoryLeases();
  const announcements = new EventEmitter();
  announcements.setMaxListeners(0);
  return {
    kind: "local",
    shared: false,
    records: (name) => records[name],
    secrets: new MemorySecrets(),
    once: sqliteOnce(),
    limiter: (_name, limit, windowMs) => memoryLimiter(limit, windowMs),
    claim: memoryClaims(),
    lease: leases.lease,
    unlease: leases.unlease,
    async publish(channel, message) {
      announcements.emit(channel, message);
    },
    async subscribe(channel, listener) {
      announcements.on(channel, listener);
      return () => void announcements.off(channel, listener);
    },
    async health() {
      try {
        portalDb().prepare("SELECT 1").get();
        return "ok";
      } catch {
        return "failing";
      }
    },
    async close() {
      announcements.removeAllListeners();
    },
  };
}
