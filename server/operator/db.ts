/**
 * The reference operator's SQLite database: opened here, then every area's schema and seed run
 * in the order of the area list. Seeding only fills empty tables, so a file database keeps
 * whatever tests or demos changed. The core keeps one table of its own, `meta` (the RSA key and
 * small per-merchant settings).
 */
import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { generateKeyPairPem } from "./crypto";
import type { OperatorArea } from "./http";

export type Db = Database.Database;

/** The merchant the reference operator seeds first and acts on in its test helpers. */
export const MERCHANT_CODE = "demo";
/** A second merchant (another brand, currency and theme) on the same operator. */
export const SECOND_MERCHANT_CODE = "demo2";

const CORE_SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;

export function isEmpty(db: Db, table: string): boolean {
  return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n === 0;
}

/**
 * Adds the columns a table lacks (a database file made before they existed); `CREATE TABLE IF
 * NOT EXISTS` leaves an existing table as it was. Definitions as in CREATE TABLE, with a default
 * when NOT NULL.
 */
export function ensureColumns(db: Db, table: string, columns: Record<string, string>): void {
  const have = new Set((db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name));
  for (const [name, definition] of Object.entries(columns)) {
    if (!have.has(name)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${name} ${definition}`);
  }
}

export function metaValue(db: Db, key: string): string | undefined {
  const row = db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMetaValue(db: Db, key: string, value: string): void {
  db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(key, value);
}

export function deleteMetaValue(db: Db, key: string): void {
  db.prepare("DELETE FROM meta WHERE key = ?").run(key);
}

// RSA key generation dominates the start of every in-memory operator a test suite starts, so a
// process reuses one key for them. File databases always get their own key.
let memoryKeyPem: string | null = null;

function seedKeyPair(db: Db, inMemory: boolean): void {
  if (metaValue(db, "rsa_private_pem") !== undefined) return;
  let pem: string;
  if (inMemory) {
    memoryKeyPem ??= generateKeyPairPem();
    pem = memoryKeyPem;
  } else {
    pem = generateKeyPairPem();
  }
  setMetaValue(db, "rsa_private_pem", pem);
}

/** The private key of the legacy payload encryption (PEM), made at the first start. */
export function keyPairPem(db: Db): string {
  const pem = metaValue(db, "rsa_private_pem");
  if (pem === undefined) throw new Error("the operator database has no RSA key");
  return pem;
}

/**
 * Opens (creating if needed) the database, applies every area's schema and seeds empty tables.
 * Schemas first, all of them, so a seed may read or reference any area's tables; seeds in one
 * transaction, so a failed start leaves no half-seeded file behind.
 */
export function openOperatorDb(dbPath: string, areas: readonly OperatorArea[]): Db {
  const inMemory = dbPath === ":memory:" || dbPath === "";
  if (!inMemory && !dbPath.startsWith("file:")) {
    mkdirSync(dirname(dbPath), { recursive: true, mode: 0o700 });
    // Accounts and password hashes of the demo: readable by this user alone.
    closeSync(openSync(dbPath, "a", 0o600));
    chmodSync(dbPath, 0o600);
  }
  const db = new Database(dbPath);
  try {
    if (!inMemory) db.pragma("journal_mode = WAL");
    db.pragma("foreign_keys = ON");
    db.exec(CORE_SCHEMA);
    for (const area of areas) if (area.schema) db.exec(area.schema);
    const now = Date.now();
    db.transaction(() => {
      for (const area of areas) area.seed?.(db, now);
      seedKeyPair(db, inMemory);
    })();
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
